import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `pnpm build` (the web app the server serves); false when it failed, its output already printed. */
export function buildWebApp(): boolean {
  return spawnSync('pnpm', ['build'], { stdio: 'inherit' }).status === 0;
}

/**
 * The real server as `pnpm start` runs it, on a fresh embedded database (PGlite in a new temporary
 * DATA_DIR) with the demo registry loaded (DEMO_DATA=1, so the portal can file a transfer and get a
 * verification code). Started as Node itself with tsx's loader, so `stop` ends the server and not a
 * pnpm wrapper. Build the web app first (`buildWebApp`).
 */
export async function startEmbeddedServer(name: string, port: number, env: Record<string, string> = {}) {
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lw-bench-${name}-`));
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '1',
      ADMIN_USERNAME: 'bench',
      ADMIN_PASSWORD: 'Bench-Pass-123',
      ADMIN_MFA_ROLES: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // PGlite starts in about 3 s, then the server migrates and loads the demo data.
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 120) {
      await stop();
      throw new Error(`the server did not start on ${base}`);
    }
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, stop };
}

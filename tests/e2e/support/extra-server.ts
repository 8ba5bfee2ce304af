import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

/**
 * A second e2e server, for the few specs that need settings the shared one cannot have (a role that
 * requires a second factor, a short step-up window): the same serve.ts on the web app the shared
 * server's start built, a fresh database of its own, and the overrides in `env`. It listens on the
 * first free port from E2E_PORT + `offset` on (other services of the machine hold some, e.g. 4369).
 */
export interface ExtraServer {
  baseURL: string;
  stop(): Promise<void>;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export async function startExtraServer(offset: number, env: Record<string, string>): Promise<ExtraServer> {
  let port = E2E_PORT + offset;
  while (!(await isFree(port))) port += 1;
  const root = path.resolve(import.meta.dirname, '../../..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DEMO_DATA: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`extra e2e server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`extra e2e server did not answer on ${baseURL} within 90 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/**
 * An extra server for the tests of one spec file (or describe block): started before the first of them (its start
 * may take a minute) and stopped after the last. Call at the top level; the answer gives the running server.
 */
export function extraServerForTests(offset: number, env: Record<string, string>): () => ExtraServer {
  let server: ExtraServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startExtraServer(offset, env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('the extra server is started before the tests');
    return server;
  };
}

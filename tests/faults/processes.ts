import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { REPO_ROOT } from '../../api/src/test/cluster-process';

/** The PostgreSQL cluster (Debian's pg_lsclusters) serving `serverUrl`'s port. Throws, with the reason, if there is none to restart. */
export function postgresCluster(serverUrl: string): { version: string; name: string } {
  const port = new URL(serverUrl).port || '5432';
  let listing: string;
  try {
    listing = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  } catch (error) {
    throw new Error(
      `test:faults restarts PostgreSQL with pg_ctlcluster and needs pg_lsclusters (Debian's postgresql-common), which failed: ${String(error)}`,
      { cause: error },
    );
  }
  const line = listing
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((cols) => cols[2] === port);
  if (!line) throw new Error(`test:faults found no PostgreSQL cluster on port ${port} in pg_lsclusters:\n${listing}`);
  return { version: line[0]!, name: line[1]! };
}

/** Restarts the cluster (`pg_ctlcluster <version> <name> restart`); the time it took in ms. Throws if not permitted. */
export function restartPostgres(cluster: { version: string; name: string }): number {
  const started = Date.now();
  try {
    execFileSync('pg_ctlcluster', [cluster.version, cluster.name, 'restart'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(
      `pg_ctlcluster ${cluster.version} ${cluster.name} restart failed (test:faults must restart PostgreSQL; run it as root or the postgres user): ${String(error)}`,
      { cause: error },
    );
  }
  return Date.now() - started;
}

/** The cluster workers of a primary: its children running the server (not tsx's esbuild helper). */
export function workerPids(primary: number): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['--ppid', String(primary), '-o', 'pid=,args='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none.
  }
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.includes('esbuild'))
    .map((line) => Number(line.split(/\s+/)[0]))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** Starts the server (Node with tsx's loader, so the pid is the primary's), its output appended to `logFile`, and waits until it is ready. */
export async function startServer(env: Record<string, string | undefined>, base: string, logFile: string) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} at start; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the server was not ready within 90 s; see ${logFile}`);
    const ready = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    // Both workers up, so that the first SIGKILL finds one.
    if (ready && workerPids(child.pid!).length >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    pid: child.pid!,
    /** SIGTERM, then waits for the exit (SIGKILL after 30 s); the exit code. */
    async stop(): Promise<number | null> {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

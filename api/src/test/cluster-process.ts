import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** The repository's root, where the server and the runners are started from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A process started as Node with tsx's loader (its pid is the script's own), its output kept line by line. */
export interface ScriptProcess {
  child: ChildProcess;
  lines: string[];
  /** Its JSON log lines (the rest, such as the once-printed password, skipped). */
  logs(): Record<string, unknown>[];
  exited: Promise<number | null>;
  /** Resolves with the first log line `match` accepts, checking every 100 ms up to `timeoutMs`. */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

export function startScript(script: string, env: Record<string, string | undefined>): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logs = () =>
    lines.flatMap((line) => {
      try {
        return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
      } catch {
        return [];
      }
    });
  return {
    child,
    lines,
    logs,
    exited,
    async waitForLog(match, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = logs().find(match);
        if (found) return found;
        if (child.exitCode !== null)
          throw new Error(`${script} exited with ${child.exitCode}:\n${lines.slice(-20).join('\n')}`);
        if (Date.now() > deadline)
          throw new Error(`no such log line from ${script} within ${timeoutMs} ms:\n${lines.slice(-20).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** GET on a connection of its own (no keep-alive), so that the cluster hands each request to the next worker. */
export function getOnce(
  port: number,
  pathname: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.once('error', reject);
    request.setTimeout(5000, () => request.destroy(new Error(`GET ${pathname} had no answer within 5 s`)));
  });
}

/** Whether a process with this pid is still running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

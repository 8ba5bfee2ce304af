import fs from 'node:fs';

/** A process's resident memory in bytes (Linux: VmRSS in /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS in /proc/<pid>/status');
  return Number(kb) * 1024;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * The CPU time a process has used, in seconds (Linux: utime + stime in /proc/<pid>/stat, at 100 ticks a second),
 * its threads included. On a busy machine it says what the work cost where the wall time says how long it waited.
 */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

import fs from 'node:fs';

/** A process's resident memory in bytes (Linux: VmRSS in /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS in /proc/<pid>/status');
  return Number(kb) * 1024;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

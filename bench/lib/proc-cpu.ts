/**
 * CPU time of other processes (the studio's host child, Chromium's processes) from Linux's
 * /proc/<pid>/stat, where `process.cpuUsage()` cannot reach. Returns undefined elsewhere or for
 * a process that is gone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100; // the value on every common Linux
    }
  }
  return ticksPerSecond;
}

/** Fields after the command name, which is in parentheses and may itself hold spaces. */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds the process has used so far (its own threads, not its children). */
export function cpuSeconds(pid: number): number | undefined {
  const f = statFields(pid);
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return f ? (Number(f[11]) + Number(f[12])) / clockTicks() : undefined;
}

/** The process's command name (/proc/<pid>/comm), e.g. `chromium`, or '' when it is gone. */
export function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The process and all its live descendants. */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  try {
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const f = statFields(pid);
      if (f) parent.set(pid, Number(f[1]));
    }
  } catch {
    return [root];
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** CPU seconds of each of `pids`, to subtract two snapshots (a process that is gone counts 0). */
export function treeCpuSeconds(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuSeconds(pid) ?? 0]));
}

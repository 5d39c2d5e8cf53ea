/**
 * The benches' CPU sampler: CPU time of processes and threads (from their /proc stat files), time
 * spent runnable but waiting for a core (schedstat), and the whole machine's busy share, over a
 * window of the run (CpuWindow), so an overloaded server can be told from a busy machine.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** /proc stat file of a process, or of one thread of this process. */
export const statOf = (pid: number | undefined, thread?: number): string | undefined =>
  pid === undefined ? undefined : thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;

/** CPU time (ms) a process or thread has used, from its /proc stat file (null where there is none). */
export function processCpuMs(statFile: string | undefined): number | null {
  if (statFile === undefined) return null;
  try {
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of the line) in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Time (ms) the main thread of a process (or the thread) of a stat file spent runnable but waiting for
 * a CPU, from the schedstat file next to it.
 */
export function runQueueWaitMs(statFile: string | undefined): number | null {
  if (statFile === undefined) return null;
  try {
    const file = statFile.replace(/\/stat$/, '/schedstat');
    const [, waitNs] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
    return waitNs / 1e6;
  } catch {
    return null;
  }
}

/** Busy and total CPU time (ms) of the whole machine, from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0) * 10;
    const idle = (v[3] + (v[4] ?? 0)) * 10;
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Named groups of processes or threads, each given by its /proc stat files. */
export type CpuGroups = Map<string, Array<string | undefined>>;

/**
 * Where the CPU went between the start of the measured seconds and the end of the drain: the
 * machine's cores, and each named group of processes or threads (stat files read at both ends; one
 * that appeared in between counts whole).
 */
export class CpuWindow {
  private startMachine: ReturnType<typeof machineCpuMs> = null;
  private startAt = 0;
  private readonly start = new Map<string, number | null>();
  private readonly startWait = new Map<string, number | null>();
  notes: string[] = [];

  begin(groups: CpuGroups): void {
    this.startAt = performance.now();
    this.startMachine = machineCpuMs();
    for (const files of groups.values()) {
      for (const f of files) {
        if (!f) continue;
        this.start.set(f, processCpuMs(f));
        this.startWait.set(f, runQueueWaitMs(f));
      }
    }
  }

  end(groups: CpuGroups, ops: number): void {
    const wall = performance.now() - this.startAt;
    const m = machineCpuMs();
    if (m && this.startMachine) {
      const cores = (m.total - this.startMachine.total) / wall;
      this.notes.push(
        `machine: ${(((m.busy - this.startMachine.busy) / (m.total - this.startMachine.total)) * 100).toFixed(0)} % busy over ${Math.round(cores)} cores during the measured ${(wall / 1000).toFixed(1)} s (other work on the machine included)`,
      );
    }
    const parts: string[] = [];
    for (const [name, files] of groups) {
      let used = 0;
      let waited = 0;
      let any = false;
      for (const f of files) {
        const now = processCpuMs(f);
        if (now === null || f === undefined) continue;
        any = true;
        used += now - (this.start.get(f) ?? 0);
        waited += (runQueueWaitMs(f) ?? 0) - (this.startWait.get(f) ?? 0);
      }
      if (any) {
        parts.push(
          `${name} ${(used / 1000).toFixed(1)} s (${Math.round((used / wall) * 100)} % of a core, ${ops > 0 ? (used / ops).toFixed(2) : '?'} ms/op; ` +
            `waiting for a CPU ${Math.round((waited / wall) * 100)} % of the time, main threads summed)`,
        );
      }
    }
    if (parts.length > 0) this.notes.push(`cpu: ${parts.join(', ')} for ${ops} operations`);
  }
}

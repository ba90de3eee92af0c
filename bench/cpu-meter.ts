import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * CPU seconds used so far, read from Linux's /proc: this process (the local stack with its engine
 * thread, the doubles and the bench's Playwright client), the busy time of its event loop (where
 * every handler runs), and the Chromium it launched, by kind of process (renderer, GPU process,
 * browser, ...). Two readings subtracted tell where a stretch of wall time went on this machine's
 * cores. Null where there is no /proc.
 */
export interface CpuReading {
  process: number;
  eventLoop: number;
  chromium: Record<string, number>;
}

/** The kernel's clock ticks per second (USER_HZ), 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export function readCpu(): CpuReading | null {
  if (!existsSync('/proc/self/stat')) return null;
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        return [{ pid: Number(pid), ...statOf(readFileSync(`/proc/${pid}/stat`, 'utf8')), command: readFileSync(`/proc/${pid}/cmdline`, 'utf8') }];
      } catch {
        // Gone since the folder was listed.
        return [];
      }
    });
  // Chromium's processes descend from this one: the browser, its zygote, the zygote's renderers.
  const launched = new Set([process.pid]);
  let grew: boolean;
  do {
    grew = false;
    for (const { pid, parent, command } of processes) {
      if (launched.has(pid) || !launched.has(parent) || !command.includes('chrom')) continue;
      launched.add(pid);
      grew = true;
    }
  } while (grew);
  const chromium: Record<string, number> = {};
  for (const { pid, seconds, command } of processes) {
    if (pid === process.pid || !launched.has(pid)) continue;
    const kind = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
    chromium[kind] = (chromium[kind] ?? 0) + seconds;
  }
  const own = processes.find((entry) => entry.pid === process.pid);
  return { process: own?.seconds ?? 0, eventLoop: performance.eventLoopUtilization().active / 1000, chromium };
}

/** What was used between two readings. */
export function cpuBetween(before: CpuReading, after: CpuReading): CpuReading {
  const chromium = Object.fromEntries(Object.entries(after.chromium).map(([kind, seconds]) => [kind, seconds - (before.chromium[kind] ?? 0)]));
  return { process: after.process - before.process, eventLoop: after.eventLoop - before.eventLoop, chromium };
}

/** Adds up readings (several stretches of wall time). */
export function cpuSum(readings: readonly CpuReading[]): CpuReading {
  const total: CpuReading = { process: 0, eventLoop: 0, chromium: {} };
  for (const reading of readings) {
    total.process += reading.process;
    total.eventLoop += reading.eventLoop;
    for (const [kind, seconds] of Object.entries(reading.chromium)) total.chromium[kind] = (total.chromium[kind] ?? 0) + seconds;
  }
  return total;
}

/** The parent pid and CPU seconds (user and system) of a /proc/<pid>/stat line; the command name may hold spaces and parentheses. */
function statOf(line: string): { parent: number; seconds: number } {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
}

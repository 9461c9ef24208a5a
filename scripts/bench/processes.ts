// Child processes of the bench (the product's server, the bare ceilings, the load generator, pgbench) and what
// they cost: CPU seconds read from /proc, so a run can say where its time went and how busy the rest of the
// machine was meanwhile.
import { type ChildProcess, spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only loopback addresses are ever a target of this bench. */
export function assertLoopback(host: string, what: string): void {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || bare.startsWith('/'))
    return;
  throw new Error(`${what} must be a loopback address (127.0.0.0/8, localhost, ::1), not ${host}`);
}

/** A child whose output is kept (the last 200 KB) for a report when something fails. */
export interface Child {
  process: ChildProcess;
  pid: number;
  output(): string;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export function startChild(command: string, args: string[], options: SpawnOptions = {}): Child {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      output += `\n${String(error)}\n`;
      resolve(null);
    });
  });
  return {
    process: child,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * Waits until `url` answers over HTTP (any status), polling every `everyMs`; answers the milliseconds from
 * `since` (a performance.now() reading) to the first answer. Fails when the child exits first or on timeout.
 */
export async function waitForHttp(
  url: string,
  options: { since: number; child?: Child; timeoutMs?: number; everyMs?: number },
): Promise<number> {
  const deadline = options.since + (options.timeoutMs ?? 120_000);
  let exited = false;
  void options.child?.exited.then(() => (exited = true));
  while (performance.now() < deadline) {
    if (exited) throw new Error(`the process exited before ${url} answered:\n${options.child?.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      return performance.now() - options.since;
    } catch {
      await sleep(options.everyMs ?? 20);
    }
  }
  throw new Error(
    `${url} did not answer within ${options.timeoutMs ?? 120_000} ms:\n${options.child?.output()}`,
  );
}

const CLOCK_TICKS = (() => {
  const result = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(result.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

interface ProcStat {
  ppid: number;
  /** utime + stime, seconds. */
  self: number;
  /** cutime + cstime: the children it has waited for, seconds. */
  reaped: number;
}

function procStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(fields[i] ?? 0);
  // After the comm: 0 state, 1 ppid, ... 11 utime, 12 stime, 13 cutime, 14 cstime.
  return { ppid: n(1), self: (n(11) + n(12)) / CLOCK_TICKS, reaped: (n(13) + n(14)) / CLOCK_TICKS };
}

function childrenOf(ppid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.ppid === ppid) found.push(Number(entry));
  }
  return found;
}

/** CPU seconds used so far by one process, or by a process and every child it ever had (a postmaster). */
export function cpuSeconds(pid: number | undefined, withChildren = false): number | null {
  if (pid === undefined || pid <= 0) return null;
  const stat = procStat(pid);
  if (!stat) return null;
  if (!withChildren) return stat.self;
  let total = stat.self + stat.reaped;
  for (const child of childrenOf(pid)) total += procStat(child)?.self ?? 0;
  return total;
}

/** The whole machine's CPU seconds so far: busy and in all (every core). */
export function machineSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice: guests are already counted in user.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / CLOCK_TICKS, total: (busy + idle + iowait) / CLOCK_TICKS };
}

/** Resident memory of a process now and at its peak, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The processes whose CPU a run accounts for; a pid that is gone counts from its last reading. */
export interface Tracked {
  server?: number;
  /** The embedded postmaster: itself, its live backends and the ones it reaped. */
  postgres?: number;
  loader?: number;
  ceiling?: number;
}

export interface CpuUse {
  /** Seconds of CPU each tracked process used during the run. */
  server: number | null;
  postgres: number | null;
  loader: number | null;
  ceiling: number | null;
  /** This script itself. */
  bench: number;
  /** Every process of the machine, and the CPU seconds the machine had (cores x wall time). */
  machineBusy: number;
  machineTotal: number;
  /** Busy seconds of processes that are none of the above: other work on the machine (noise). */
  others: number;
}

/**
 * Measures the CPU used between start() and stop(). A process that may exit before stop() (pgbench) is sampled
 * every 200 ms so its last reading stands.
 */
export function cpuMeter(tracked: Tracked) {
  const read = () => ({
    server: cpuSeconds(tracked.server),
    postgres: cpuSeconds(tracked.postgres, true),
    loader: cpuSeconds(tracked.loader),
    ceiling: cpuSeconds(tracked.ceiling),
  });
  const first = read();
  const machine = machineSeconds();
  const bench = process.cpuUsage();
  let last = first;
  const timer = setInterval(() => {
    const now = read();
    last = {
      server: now.server ?? last.server,
      postgres: now.postgres ?? last.postgres,
      loader: now.loader ?? last.loader,
      ceiling: now.ceiling ?? last.ceiling,
    };
  }, 200);
  return {
    /** A process started after the meter (pgbench): counted from zero. */
    track(which: keyof Tracked, pid: number) {
      tracked[which] = pid;
      if (first[which] === null) first[which] = 0;
    },
    stop(): CpuUse {
      clearInterval(timer);
      const now = read();
      const end = {
        server: now.server ?? last.server,
        postgres: now.postgres ?? last.postgres,
        loader: now.loader ?? last.loader,
        ceiling: now.ceiling ?? last.ceiling,
      };
      const delta = (k: keyof typeof end) => {
        const a = first[k];
        const b = end[k];
        return a === null || b === null ? null : Math.max(0, b - a);
      };
      const used = process.cpuUsage(bench);
      const machineEnd = machineSeconds();
      const cpu = {
        server: delta('server'),
        postgres: delta('postgres'),
        loader: delta('loader'),
        ceiling: delta('ceiling'),
        bench: (used.user + used.system) / 1e6,
        machineBusy: machineEnd.busy - machine.busy,
        machineTotal: machineEnd.total - machine.total,
      };
      const ours =
        (cpu.server ?? 0) + (cpu.postgres ?? 0) + (cpu.loader ?? 0) + (cpu.ceiling ?? 0) + cpu.bench;
      return { ...cpu, others: Math.max(0, cpu.machineBusy - ours) };
    },
  };
}

/**
 * Waits until the tracked server and database are idle (together under a tenth of a core over 300 ms), at most
 * `maxMs`: requests a run left in flight (a load generator stops waiting, the server does not stop working) must not
 * be counted against the next run. Answers the milliseconds waited.
 */
export async function settle(tracked: Tracked, maxMs: number): Promise<number> {
  const started = performance.now();
  const busy = () => (cpuSeconds(tracked.server) ?? 0) + (cpuSeconds(tracked.postgres, true) ?? 0);
  while (performance.now() - started < maxMs) {
    const before = busy();
    await sleep(300);
    if (busy() - before < 0.03) break;
  }
  return performance.now() - started;
}

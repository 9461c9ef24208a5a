// The bench's side of the load generator, always a process of its own (the load never shares the server's CPU queue
// or event loop): wrk (load-wrk.ts, a process per run, its client in C as pgbench's is; installed from Debian's
// packages when missing and this is root), else autocannon in scripts/bench/load-worker.ts, forked once and sent one
// job at a time. BENCH_LOAD=autocannon chooses autocannon even where wrk is installed.
import { forkJobs } from './forked';
import { findOrInstallWrk, runWrk, WRK_THREADS, wrkVersion } from './load-wrk';

interface CommonJob {
  /** The server's origin, http://127.0.0.1:port. */
  url: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

/** GET requests, each path and each session token in turn. */
export interface GetJob extends CommonJob {
  kind: 'get';
  paths: string[];
  tokens: string[];
}

/** Recharges: the agents in turn, each one's players in turn, a fresh requestId each. */
export interface RechargeJob extends CommonJob {
  kind: 'recharge';
  path: string;
  agents: { token: string; players: number[] }[];
}

export type LoadJob = GetJob | RechargeJob;

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Milliseconds. */
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx answers whose envelope was not code 1 (a refusal). */
  refused: number;
  /** 2xx answers compressed (over 1 KB: successes, not read). */
  compressed: number;
  statuses: Record<string, number>;
  sampleRefusal: string | null;
  bytesRead: number;
}

export interface LoadGenerator {
  /** What makes the load, for the report: wrk and its version, or autocannon (and why not wrk). */
  name: string;
  /** The generator's process, when one process runs every job (autocannon's worker); wrk's come to `onStart`. */
  pid: number | undefined;
  /** Runs a job; `onStart` gets the pid of a process started for this job alone, whose CPU the run counts. */
  run(job: LoadJob, onStart?: (pid: number) => void): Promise<LoadResult>;
  close(): Promise<void>;
}

export function startLoadGenerator(log: (line: string) => void): LoadGenerator {
  const wrk = process.env.BENCH_LOAD === 'autocannon' ? null : findOrInstallWrk(log);
  if (wrk) {
    return {
      name: `${wrkVersion(wrk)}, ${WRK_THREADS} threads, a Lua script per job`,
      pid: undefined,
      run: (job, onStart) => runWrk(wrk, job, onStart),
      close: async () => undefined,
    };
  }
  return startAutocannon(
    process.env.BENCH_LOAD === 'autocannon'
      ? 'autocannon (BENCH_LOAD=autocannon)'
      : 'autocannon (wrk is not installed and could not be: apt-get install wrk)',
  );
}

function startAutocannon(name: string): LoadGenerator {
  const worker = forkJobs<LoadJob, LoadResult>('load-worker.ts', 'load generator');
  return { name, pid: worker.pid, run: (job) => worker.run(job), close: () => worker.close() };
}

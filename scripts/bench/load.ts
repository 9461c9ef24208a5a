// The bench's side of the load generator, always a process of its own (the load never shares the server's CPU queue
// or event loop): wrk (load-wrk.ts, a process per run, its client in C as pgbench's is; installed from Debian's
// packages when missing and this is root), else autocannon in scripts/bench/load-worker.ts, forked once and sent one
// job at a time. BENCH_LOAD=autocannon chooses autocannon even where wrk is installed.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child: ChildProcess = fork(path.join(here, 'load-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();
  child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.result) pending.resolve(message.result);
    else pending.reject(new Error(`load generator: ${message.error ?? 'no result'}`));
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`load generator exited (${code})`));
    waiting.clear();
  });
  return {
    name,
    pid: child.pid ?? -1,
    run(job) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, job });
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

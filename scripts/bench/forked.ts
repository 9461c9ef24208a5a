// A bench helper in a process of its own (the load generators: load-worker.ts, delivery-worker.ts), forked once
// through tsx and sent one job at a time over IPC: `{ id, job }` in, `{ id, result }` or `{ id, error }` back.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Forked<Job, Result> {
  pid: number;
  run(job: Job): Promise<Result>;
  /** Disconnects (the helper then exits) and waits for its exit. */
  close(): Promise<void>;
}

/** Forks `file` (a name in scripts/bench); `label` names it in its errors. */
export function forkJobs<Job, Result>(file: string, label: string): Forked<Job, Result> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child: ChildProcess = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: Result) => void; reject: (e: Error) => void }>();
  child.on('message', (message: { id: number; result?: Result; error?: string }) => {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.result) pending.resolve(message.result);
    else pending.reject(new Error(`${label}: ${message.error ?? 'no result'}`));
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`${label} exited (${code})`));
    waiting.clear();
  });
  return {
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

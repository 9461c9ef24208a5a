import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ServerEntry {
  child: ChildProcess;
  /** What it printed so far. */
  printed: { stdout: string; stderr: string };
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
}

/**
 * The server's entry (src/main.ts, as `npm start` runs it but from the sources) in a process of its own, on the
 * environment of this process with `env` over it: for tests of how a start goes, fails or waits.
 */
export function startServerEntry(env: Record<string, string>): ServerEntry {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../src/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => (printed.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed.stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, printed, exited };
}

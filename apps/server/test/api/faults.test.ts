import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort, startEmbeddedPostgres } from '../../src/db/embedded';
import { createAgent, signIn } from '../factories';
import { api, build, TEST_GAME_SECRET, TEST_PAYOUT_KEY, type TestApp } from '../helper';
import { startServerEntry } from '../server-entry';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server survives its database connections dying', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps running when every backend is terminated, mid-transaction too, and answers again at once', async () => {
    const { agentId, playerId } = await createAgent(t.db);
    const token = await signIn(t.app, t.db, playerId);
    const database = new URL(t.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    const terminateAll = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
    // A transaction holding its connection between two statements when the backend dies: pg emits 'error' on
    // that checked-out client, which ended the process while nobody listened.
    const interrupted = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await terminateAll();
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    await expect(interrupted).rejects.toThrow();
    // Under load too: requests in flight while the backends are terminated again.
    const load = Array.from({ length: 40 }, () =>
      api(t.app, 'getUser', { token, serverErrorExpected: true }),
    );
    await terminateAll();
    const answers = await Promise.all(load);
    // A call cut off with its backend is "busy, try again" (503), never a server error (decision 037).
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    for (const answer of answers.filter((a) => a.status === 503))
      expect(answer).toMatchObject({ code: 0, msg: '服务暂时繁忙，请稍后重试' });
    await admin.end();
    await sleep(100);
    const after = await api(t.app, 'getUser', { token });
    expect(after).toMatchObject({ status: 200, code: 1, data: { agentId } });
  });
});

describe('the embedded PostgreSQL comes back by itself', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-crash-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('tells when PostgreSQL is at work on a new folder, and writes the new cluster to disk when asked', async () => {
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-durable-'));
    await fs.chmod(fresh, 0o755);
    let launchedAt = 0;
    const starting = startEmbeddedPostgres({ dataDir: fresh, onLaunched: () => (launchedAt = Date.now()) });
    const embedded = await starting;
    try {
      // Told while initdb ran, before the start ended.
      expect(launchedAt).toBeGreaterThan(0);
      const made = embedded.durable();
      expect(embedded.durable()).toBe(made); // once
      await made;
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      await client.end();
    } finally {
      await embedded.stop();
      await fs.rm(fresh, { recursive: true, force: true });
    }
  });

  it('starts in a data folder too deep for a Unix socket, on loopback TCP alone (decision 032)', async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-deep-'));
    await fs.chmod(base, 0o755);
    // Named in Chinese, as a user's folders may be: 3 bytes a character, past the 107 bytes a socket's path holds.
    const deep = path.join(base, '推广后台的数据'.repeat(3), '代理商'.repeat(3));
    const embedded = await startEmbeddedPostgres({ dataDir: deep });
    try {
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const { rows } = await client.query<{ address: string }>('select host(inet_server_addr()) as address');
      expect(rows).toEqual([{ address: '127.0.0.1' }]);
      await client.end();
    } finally {
      await embedded.stop();
      await fs.rm(base, { recursive: true, force: true });
    }
  });

  it('starts after kill -9 of the server that left its postmaster behind, with every committed row', async () => {
    const started = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(__dirname, '../fixtures/embedded-crash-child.ts'), dataDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = started;
    const orphan = await new Promise<number>((resolve, reject) => {
      let out = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const pid = /ready (\d+)/.exec(out)?.[1];
        if (pid) resolve(Number(pid));
      });
      started.once('exit', (code) => reject(new Error(`the child exited with ${code}`)));
    });
    started.kill('SIGKILL');
    await new Promise((resolve) => started.once('exit', resolve));
    expect(alive(orphan)).toBe(true); // the crash left PostgreSQL running on the folder

    const embedded = await startEmbeddedPostgres({ dataDir });
    try {
      expect(alive(orphan)).toBe(false);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const { rows } = await client.query<{ note: string }>('select note from crash_marks');
      expect(rows).toEqual([{ note: 'committed before the crash' }]);
      await client.end();

      // kill -9 of the postmaster itself: the server starts it again, and a new connection works.
      const first = embedded.pid() as number;
      process.kill(first, 'SIGKILL');
      let back = false;
      for (let i = 0; i < 150 && !back; i++) {
        await sleep(200);
        const probe = new pg.Client({ connectionString: embedded.url });
        back = await probe
          .connect()
          .then(() => probe.query('select count(*)::int as n from crash_marks'))
          .then((result) => result.rows[0]?.n === 1)
          .catch(() => false);
        await probe.end().catch(() => undefined);
      }
      expect(back).toBe(true);
      expect(embedded.pid()).not.toBe(first);
    } finally {
      await embedded.stop();
    }
  });
});

describe('a start that fails once its database is up', () => {
  it('says the port is taken and stops the embedded PostgreSQL it started', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-port-'));
    await fs.chmod(dataDir, 0o755);
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const server = startServerEntry({
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      });
      const code = await server.exited;
      expect(code).toBe(1);
      expect(server.printed.stderr).toContain(`Server failed to start: port ${port} is in use.`);
      // The cluster was made and started (its version file), then stopped with the server: no postmaster is left
      // on the folder (a clean stop removes its pid file).
      await expect(fs.access(path.join(dataDir, 'pg', 'PG_VERSION'))).resolves.toBeUndefined();
      await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    } finally {
      holder.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a server started before its database (decision 035)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The server's entry on DATABASE_URL = the test database through 127.0.0.1:port, and what it prints. */
  function startServer(port: number, waitSeconds: number) {
    const url = new URL(t.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    return startServerEntry({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: url.toString(),
      DATABASE_WAIT_SECONDS: String(waitSeconds),
      GAME_API_SECRET: TEST_GAME_SECRET,
      APP_SECRET: 'test-app-secret-0123456789',
      PAYOUT_ENCRYPTION_KEY: TEST_PAYOUT_KEY,
      PUBLIC_URL: 'http://promoter.test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
  }

  const until = async (done: () => boolean, seconds: number) => {
    for (let i = 0; i < seconds * 10 && !done(); i++) await sleep(100);
    return done();
  };

  it('waits for it, and serves once it answers', async () => {
    const port = await freeLoopbackPort();
    const server = startServer(port, 60);
    try {
      expect(await until(() => server.printed.stderr.includes('waiting for the database'), 30)).toBe(true);
      // The database appears: a proxy to the test database on the port the server was given.
      const target = new URL(t.databaseUrl);
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
      try {
        expect(await until(() => server.printed.stdout.includes('Promoter back-office:'), 60)).toBe(true);
        expect(server.printed.stderr).not.toContain('Server failed to start');
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        proxy.close();
      }
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('says in one line that it never answered, once its wait is over', async () => {
    const server = startServer(await freeLoopbackPort(), 1);
    expect(await server.exited).toBe(1);
    expect(server.printed.stderr).toMatch(
      /Server failed to start: the database 127\.0\.0\.1:\d+\/\w+ did not answer within 1 s \(connect ECONNREFUSED/,
    );
    expect(server.printed.stderr).not.toContain('    at '); // no stack
  });
});

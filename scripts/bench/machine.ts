// What the bench ran on: the machine and the PostgreSQL server, with the settings that shape the figures.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** The load average when the bench started: other work on the machine. */
  loadAverage: number[];
}

export function machineInfo(): MachineInfo {
  let cpu = os.cpus()[0]?.model?.trim() ?? 'unknown';
  try {
    // /proc/cpuinfo may say more than os.cpus() (the model name line).
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux: os.cpus() it is
  }
  return {
    cpu,
    cores: os.cpus().length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

export interface PostgresInfo {
  kind: 'embedded' | 'BENCH_DATABASE_URL';
  version: string;
  /** Loopback host and port (never the credentials). */
  address: string;
  settings: Record<string, string>;
}

const SETTINGS = [
  'max_connections',
  'shared_buffers',
  'work_mem',
  'effective_cache_size',
  'synchronous_commit',
  'fsync',
  'wal_level',
  'max_wal_size',
  'jit',
];

export async function postgresInfo(db: Db, kind: PostgresInfo['kind'], url: string): Promise<PostgresInfo> {
  const version = await db.execute<{ version: string }>(sql`select version() as version`);
  const settings = await db.execute<{ name: string; setting: string; unit: string | null }>(
    sql`select name, setting, unit from pg_settings where name in ${sql.raw(`(${SETTINGS.map((s) => `'${s}'`).join(', ')})`)}`,
  );
  const parsed = new URL(url);
  return {
    kind,
    version: version.rows[0]?.version ?? 'unknown',
    address: parsed.searchParams.has('host')
      ? `the Unix socket in ${parsed.searchParams.get('host')} (port ${parsed.port || '5432'})`
      : `${parsed.hostname}:${parsed.port || '5432'}`,
    settings: Object.fromEntries(
      settings.rows.map((r) => [
        r.name,
        r.unit === '8kB'
          ? `${(Number(r.setting) * 8) / 1024} MB`
          : `${r.setting}${r.unit && r.unit !== '8kB' ? ` ${r.unit}` : ''}`,
      ]),
    ),
  };
}

/**
 * The postmaster of a PostgreSQL on this machine (BENCH_DATABASE_URL on loopback): the parent of this connection's
 * backend, when /proc shows it as a postgres process. Its CPU then counts as the database's (other clients of that
 * server included); undefined when it cannot be seen.
 */
export async function localPostmaster(db: Db): Promise<number | undefined> {
  const result = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const backend = result.rows[0]?.pid;
  if (!backend || !existsSync(`/proc/${backend}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${backend}/stat`, 'utf8');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  if (!Number.isInteger(ppid) || ppid <= 1 || !existsSync(`/proc/${ppid}/cmdline`)) return undefined;
  const command = readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  return /postgres|postmaster/.test(command) ? ppid : undefined;
}

// The database ceilings: pgbench running the fewest, fastest correct statements for what a product request does,
// at the product's concurrency, against the same database. The scripts name their variables (-D) so the same
// agents, players and sessions as the product's load are used.
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startChild } from './processes';

/** pgbench on PATH, else Debian's versioned folders (postgresql-client or postgresql-contrib), newest first. */
export function findPgbench(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout?.trim();
  if (onPath) return onPath;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const candidate = path.join(base, version, 'bin', 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function pgbenchVersion(binary: string): string {
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? 'unknown';
}

/**
 * The session lookup every signed-in request makes (modules/auth/session-service.ts resolveSession): the token's
 * hash, live and not revoked, with its agent's status. The token is `prefix || agent id` (see seed.ts); pgbench
 * cannot hash, so the database does (sha256 of ~50 bytes: microseconds).
 */
const SESSION_LOOKUP = `
SELECT s.id, s.player_id, s.agent_id, a.status, s.last_seen_at < now() - interval '1 minute' AS stale
  FROM sessions s LEFT JOIN agents a ON a.id = s.agent_id
 WHERE s.token_hash = encode(sha256(convert_to(concat(:prefix::text, :agent::text), 'UTF8')), 'hex')
   AND s.revoked_at IS NULL AND s.expires_at > now();`;

/**
 * A recharge as one statement after the session's: the player (and whether it is bound to the agent's downline,
 * for the answer), the agent's diamonds debited only if they suffice, the player's credited, the recharge row, the
 * two ledger entries with their running totals, and the idempotency key with its stored answer. One statement is
 * one transaction: a debit that does not fit writes nothing (the key included, so a corrected retry may run), and a
 * requestId already used fails the key's unique index and rolls everything back (the caller then answers the stored
 * result). Locks: the agent's account, then the player's (owner type order, as ledger-service postAll).
 *
 * Agents are split between pgbench's clients (client c takes agents c, c + clients, ...) as the product's load takes
 * them in turn: no two requests in flight share an agent, so neither side measures a row lock.
 */
export const RECHARGE_SCRIPT = `
\\set slot random(0, (:agents / :clients) - 1)
\\set ai :client_id + :clients * :slot
\\set agent :first_agent + :ai
\\set player :first_player + :ai * :ppa + random(0, :ppa - 1)
\\set diamonds random(1, 100)
\\set rid random(1, 999999999999)
${SESSION_LOOKUP}
WITH player AS (
  SELECT p.id, p.nickname, p.avatar, p.mobile, p.bound_agent_id FROM players p WHERE p.id = :player::int
), bound AS (
  SELECT EXISTS (
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT a.id, a.parent_id FROM agents a WHERE a.id = (SELECT bound_agent_id FROM player)
      UNION ALL
      SELECT a.id, a.parent_id FROM agents a JOIN up ON a.id = up.parent_id
    ) SELECT 1 FROM up WHERE up.id = :agent::int
  ) AS to_me
), debit AS (
  UPDATE accounts SET value = value - :diamonds::bigint, entry_count = entry_count + 1, updated_at = now()
   WHERE owner_type = 'agent' AND owner_id = :agent::int AND currency = 'diamonds'
     AND value - :diamonds::bigint >= 0 AND EXISTS (SELECT 1 FROM player)
  RETURNING id, value
), credit AS (
  UPDATE accounts SET value = value + :diamonds::bigint, entry_count = entry_count + 1, updated_at = now()
   WHERE owner_type = 'player' AND owner_id = :player::int AND currency = 'diamonds'
     AND EXISTS (SELECT 1 FROM debit)
  RETURNING id, value
), recharge AS (
  INSERT INTO recharges (agent_id, player_id, diamonds)
  SELECT :agent::int, :player::int, :diamonds::int FROM credit
  RETURNING id
), entries AS (
  INSERT INTO ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type,
                              counterparty_id, memo, memo_key, memo_params)
  SELECT debit.id, -:diamonds::bigint, debit.value, 2, 'recharge', recharge.id::text, 'player', player.id,
         '为玩家 ' || player.nickname || '(' || player.id || ') 充值', 'memoRechargePlayer',
         jsonb_build_object('nickname', player.nickname, 'playerId', player.id)
    FROM debit, recharge, player
  UNION ALL
  SELECT credit.id, :diamonds::bigint, credit.value, 2, 'recharge', recharge.id::text, 'agent', :agent::int,
         '推广员 ' || :agent::text || ' 充值', 'memoRechargedByAgent', jsonb_build_object('agentId', :agent::int)
    FROM credit, recharge
  RETURNING id
), idempotency AS (
  INSERT INTO idempotency_keys (actor_type, actor_id, request_id, operation, params_hash, result)
  SELECT 'agent', :agent::int, concat('pgbench-', :client_id::text, '-', :rid::text), 'recharge',
         '0f4e3c1a7b2d9e8f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f',
         jsonb_build_object('rechargeId', recharge.id::text, 'diamonds', debit.value,
           'player', jsonb_build_object('playerId', player.id, 'nickname', player.nickname, 'avatar', player.avatar,
             'mobile', player.mobile, 'boundToMe', bound.to_me))
    FROM recharge, debit, player, bound
  RETURNING result
)
SELECT (SELECT count(*) FROM player) AS player_found, (SELECT count(*) FROM entries) AS entries,
       (SELECT result FROM idempotency) AS result;
`;

/**
 * getUser's figures in one statement after the session's (modules/agents/agent-queries.ts loadAgentUser): the
 * agent and its player, its two accounts, today's profit and diamonds sold since midnight in the platform's time
 * zone (the option, else its default), from the ledger's account/type/time index.
 */
export const GET_USER_SCRIPT = `
\\set agent :first_agent + random(0, :agents - 1)
${SESSION_LOOKUP}
WITH tz AS (
  SELECT coalesce((SELECT value FROM options WHERE key = 'platform.timezone'), 'Asia/Shanghai') AS name
), own AS (
  SELECT id, currency, value FROM accounts WHERE owner_type = 'agent' AND owner_id = :agent::int
), today AS (
  SELECT coalesce(sum(e.amount) FILTER (WHERE own.currency = 'balance' AND e.bill_type = 5), 0)::bigint AS profit,
         coalesce(sum(e.amount) FILTER (WHERE own.currency = 'diamonds' AND e.bill_type IN (2, 3)), 0)::bigint AS sold
    FROM own JOIN ledger_entries e ON e.account_id = own.id, tz
   WHERE e.bill_type IN (2, 3, 5)
     AND e.created_at >= (date_trunc('day', now() AT TIME ZONE tz.name) AT TIME ZONE tz.name)
)
SELECT a.id, a.player_id, a.level, a.status, a.parent_id, p.nickname, p.avatar, p.mobile,
       (SELECT value FROM own WHERE currency = 'balance') AS balance,
       (SELECT value FROM own WHERE currency = 'diamonds') AS diamonds, today.profit, today.sold
  FROM agents a JOIN players p ON p.id = a.player_id, today
 WHERE a.id = :agent::int;
`;

export interface PgbenchResult {
  clients: number;
  seconds: number;
  transactions: number;
  failed: number;
  /** Transactions per second, without the initial connection time (pgbench's own figure). */
  tps: number;
  /** Milliseconds, from the per-transaction log. */
  latency: { mean: number; p50: number; p99: number; max: number };
  pid: number;
}

export interface PgbenchRun {
  binary: string;
  /** A postgres:// URL; its parts go to pgbench through PG* variables, never on its command line. */
  url: string;
  script: string;
  clients: number;
  threads: number;
  seconds: number;
  /** Whole seconds added to -T for the clients' connections. */
  connectAllowance: number;
  defines: Record<string, string | number>;
  /** Called with pgbench's pid as soon as it runs (the CPU meter tracks it). */
  onStart?: (pid: number) => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function runPgbench(run: PgbenchRun): Promise<PgbenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'promoter-pgbench-'));
  try {
    const scriptFile = path.join(dir, 'script.sql');
    await fs.writeFile(scriptFile, run.script);
    const url = new URL(run.url);
    const env = {
      ...process.env,
      // A Unix socket's folder (`?host=`, the embedded database's) or the host.
      PGHOST: url.searchParams.get('host') ?? url.hostname.replace(/^\[|\]$/g, ''),
      PGPORT: url.port || '5432',
      PGUSER: decodeURIComponent(url.username || 'postgres'),
      PGPASSWORD: decodeURIComponent(url.password),
      PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
      PGAPPNAME: 'promoter-bench-pgbench',
    };
    const args = [
      '-n',
      '-M',
      'prepared',
      '-c',
      String(run.clients),
      '-j',
      String(Math.min(run.threads, run.clients)),
      // More than asked: pgbench connects its clients within -T (a second or more for 100 clients on a busy
      // machine), and its tps leaves that time out.
      '-T',
      String(Math.ceil(run.seconds) + run.connectAllowance),
      '-l',
      `--log-prefix=${path.join(dir, 'log')}`,
      '-f',
      scriptFile,
      ...Object.entries({ clients: run.clients, ...run.defines }).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
    ];
    const child = startChild(run.binary, args, { env });
    run.onStart?.(child.pid);
    const code = await child.exited;
    const out = child.output();
    if (code !== 0) throw new Error(`pgbench failed (exit ${code}):\n${out.slice(-3000)}`);
    const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? NaN);
    const tps = number(/tps = ([\d.]+) \(without initial connection time\)/);
    const transactions = number(/number of transactions actually processed: (\d+)/);
    const failed = number(/number of failed transactions: (\d+)/);
    if (!Number.isFinite(tps) || !(transactions > 0))
      throw new Error(`pgbench ran no transaction:\n${out.slice(-3000)}`);
    // Per-transaction log lines: client_id transaction_no time_us script_no time_epoch time_us_part.
    const latencies: number[] = [];
    for (const file of await fs.readdir(dir)) {
      if (!file.startsWith('log')) continue;
      for (const line of (await fs.readFile(path.join(dir, file), 'utf8')).split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (Number.isFinite(micros) && line) latencies.push(micros / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const mean = latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length);
    return {
      clients: run.clients,
      seconds: run.seconds,
      transactions,
      failed: Number.isFinite(failed) ? failed : 0,
      tps,
      latency: {
        mean,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
      },
      pid: child.pid,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

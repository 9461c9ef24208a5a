import { BillType, maskMobile, playerSearchOf, type TPlayerSummary } from '@promoter/contract';
import { desc, eq, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { players, recharges } from '../../db/schema';
import { AppError } from '../../errors';
import { isInDownline } from '../agents/agent-tree';
import { type Prepared, runPrepared } from '../../db/prepared';
import { hashParams, replayOf, storedResult } from '../ledger/idempotency';
import { memo, memoText } from '../ledger/ledger-service';
import { findPlayer, type PlayerRow } from './player-service';

/** The facts of a player as the agent reads them: the mobile of a player outside the agent's downline is masked. */
const playerSummary = (player: PlayerFacts): TPlayerSummary => ({
  ...player,
  mobile: player.mobile === null || player.boundToMe ? player.mobile : maskMobile(player.mobile),
});

interface PlayerFacts extends Omit<TPlayerSummary, 'mobile'> {
  /** As stored, unmasked. */
  mobile: string | null;
}

export async function toPlayerSummary(db: DbOrTx, agentId: number, row: PlayerRow): Promise<TPlayerSummary> {
  const boundToMe = row.boundAgentId !== null && (await isInDownline(db, agentId, row.boundAgentId));
  return playerSummary({
    playerId: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: row.mobile,
    boundToMe,
  });
}

/**
 * Exact match on player id or mobile (the contract's playerSearchOf): an agent finds the player it is selling to,
 * it does not browse. A keyword that can match no player finds none.
 */
export async function searchPlayers(db: Db, agentId: number, keyword: string): Promise<TPlayerSummary[]> {
  const search = playerSearchOf(keyword);
  if (!search) return [];
  const rows = await db
    .select()
    .from(players)
    .where(search.by === 'playerId' ? eq(players.id, search.playerId) : eq(players.mobile, search.mobile))
    .limit(5);
  return Promise.all(rows.map((row) => toPlayerSummary(db, agentId, row)));
}

export async function recentPlayers(db: Db, agentId: number) {
  const rows = await db
    .select({ playerId: recharges.playerId, lastRechargeAt: max(recharges.createdAt) })
    .from(recharges)
    .where(eq(recharges.agentId, agentId))
    .groupBy(recharges.playerId)
    .orderBy(desc(max(recharges.createdAt)))
    .limit(10);
  const list = [];
  for (const row of rows) {
    const player = await findPlayer(db, row.playerId);
    if (!player || !row.lastRechargeAt) continue;
    list.push({
      ...(await toPlayerSummary(db, agentId, player)),
      lastRechargeAt: new Date(row.lastRechargeAt).toISOString(),
    });
  }
  return list;
}

export interface RechargeAnswer {
  rechargeId: string;
  diamonds: number;
  player: TPlayerSummary;
}

/** Stands for the player's nickname in the Chinese memo until the statement puts the nickname it read in its place. */
const NICKNAME_MARK = '\u0001nickname\u0001';

/**
 * A recharge is one statement (decision 025), one round trip after the session's, the operation pgbench's ceiling
 * runs in the bench:
 * - `existing`: the key of this requestId if one is committed (then nothing else runs and its stored answer is
 *   replayed, or refused when its parameters differ);
 * - `moved`: the ledger's `ledger_move` (the only writer of accounts) debits the agent's diamonds if they suffice and
 *   credits the player's, each with its entry, under the recharge's id taken from its sequence;
 * - `recharge`, `key`: the recharge row and the idempotency key, written only when the move was. The key keeps the
 *   facts of the recharge (its id, the agent's diamonds after, the player as stored and whether the agent's downline
 *   holds it), not the answer: the answer is built from them by `rechargeAnswer` (the mobile masked by the contract's
 *   `maskMobile`), on the first run and on every replay alike. The statement only reads and writes; each rule it
 *   answers to lives once elsewhere (the tree's walk `agent_line`, the masking, the replay rules of `replayOf`).
 * A statement is one transaction: a move that does not fit writes nothing (key included, so a corrected retry may
 * run); a copy of the same requestId racing this one waits on the agent's account, then either fails the key's
 * unique index (and replays) or finds the diamonds spent (and looks for the key before refusing).
 */
const RECHARGE: Prepared = {
  name: 'recharge_v1',
  text: `with player as (
  select id, nickname, avatar, mobile, bound_agent_id from players where id = $2::int
), existing as (
  select params_hash, result from idempotency_keys
   where actor_type = 'agent' and actor_id = $1::int and request_id = $4::text
), bound as (
  select exists (
    select 1 from agent_line((select bound_agent_id from player)) line where line.id = $1::int
  ) as to_me
), rid as (
  select nextval(pg_get_serial_sequence('recharges', 'id')) as id
    from player where not exists (select 1 from existing)
), moved as (
  select m.o_from_after as after
    from rid, player,
         ledger_move('diamonds', $3::bigint, 'recharge', rid.id::text,
                     'agent', $1::int, $6::smallint, replace($7::text, $9::text, player.nickname), 'memoRechargePlayer',
                     jsonb_build_object('nickname', player.nickname, 'playerId', player.id),
                     'player', player.id, $6::smallint, $8::text, 'memoRechargedByAgent',
                     jsonb_build_object('agentId', $1::int)) m
), recharge as (
  insert into recharges (id, agent_id, player_id, diamonds) overriding system value
  select rid.id, $1::int, $2::int, $3::int from rid, moved where moved.after is not null
  returning id
), answer as (
  select jsonb_build_object(
    'rechargeId', recharge.id::text,
    'diamonds', moved.after,
    'player', jsonb_build_object(
      'playerId', player.id, 'nickname', player.nickname, 'avatar', player.avatar,
        'mobile', player.mobile, 'boundToMe', bound.to_me)) as result
    from recharge, moved, player, bound
), key as (
  insert into idempotency_keys (actor_type, actor_id, request_id, operation, params_hash, result)
  select 'agent', $1::int, $4::text, 'recharge', $5::text, answer.result from answer
  returning result
)
select exists (select 1 from player) as player_found,
       (select params_hash from existing) as existing_hash, (select result from existing) as existing_result,
       (select result from key) as result`,
};

/** Moves diamonds from the agent's stock to a player's game account, once per requestId. */
export async function rechargePlayer(
  db: Db,
  agentId: number,
  input: { playerId: number; diamonds: number; requestId: string },
): Promise<RechargeAnswer> {
  const actor = { actorType: 'agent', actorId: agentId } as const;
  const paramsHash = hashParams('recharge', { playerId: input.playerId, diamonds: input.diamonds });
  let row: RechargeRow | undefined;
  try {
    [row] = await runPrepared<RechargeRow>(db, RECHARGE, [
      agentId,
      input.playerId,
      input.diamonds,
      input.requestId,
      paramsHash,
      BillType.rechargePlayer,
      memoText(memo('memoRechargePlayer', { nickname: NICKNAME_MARK, playerId: input.playerId })),
      memoText(memo('memoRechargedByAgent', { agentId })),
      NICKNAME_MARK,
    ]);
  } catch (error) {
    // A copy of this requestId committed first: its key is there now.
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
  }
  if (row?.result) return rechargeAnswer(row.result);
  const existing = replayOf<RechargeFacts>(
    row?.existing_hash ? { paramsHash: row.existing_hash, result: row.existing_result } : undefined,
    paramsHash,
  );
  if (existing.found) return rechargeAnswer(existing.result);
  // Refused, or lost a race: a copy that committed while this one waited is replayed rather than refused.
  const stored = await storedResult<RechargeFacts>(db, actor, input.requestId, paramsHash);
  if (stored.found) return rechargeAnswer(stored.result);
  if (!row) throw new Error('recharge: the requestId key conflicted but no key is stored');
  throw new AppError(row.player_found ? 'notEnoughDiamonds' : 'playerNotFound');
}

/** What a recharge's key keeps: the answer's shape, with the player's mobile as stored. */
interface RechargeFacts extends Omit<RechargeAnswer, 'player'> {
  player: PlayerFacts;
}

/** The agent's answer from a recharge's facts (keys written before the facts were kept hold answers: unchanged). */
const rechargeAnswer = (facts: RechargeFacts): RechargeAnswer => ({
  ...facts,
  player: playerSummary(facts.player),
});

interface RechargeRow {
  player_found: boolean;
  existing_hash: string | null;
  existing_result: unknown;
  result: RechargeFacts | null;
}

const UNIQUE_VIOLATION = '23505';

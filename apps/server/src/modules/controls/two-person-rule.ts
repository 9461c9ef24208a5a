import { moneyToFen, type TwoPersonReason } from '@promoter/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { getOptions } from '../options/options-service';

/**
 * The two-person rule (decision 037): money an operator moves alone is bounded, one item at a time and in sum. An
 * item needs a second, different operator when
 * - its value is above the review threshold (`amount`), or
 * - with it, the operator's own solo items of the platform's day would pass its daily limit (`operatorDaily`), or
 * - with it, the solo items of the day on the same agent (or player) would pass theirs (`targetDaily`).
 * "Solo" items are those one operator decided alone (approvals needed: 1) that moved money: applied adjustments,
 * approved or paid withdrawals, refunds not rejected (decision 043; their target is the order's buyer: the buying agent,
 * or the paying player). Credits and debits both count; diamonds count at the retail price of the moment.
 *
 * The sums are read under transaction-scoped advisory locks on the operator and on the target (always in that
 * order, so two checks never wait on each other in a circle): parallel requests are decided one after the other,
 * and each sees what the ones before it committed. The decision is kept on the row, so a change of the limits later
 * does not move an item already under review.
 */
export type TwoPersonKind = 'withdrawal' | 'adjustment' | 'refund';

export interface TwoPersonItem {
  kind: TwoPersonKind;
  operatorId: number;
  target: { type: 'agent' | 'player'; id: number };
  /** The item's value in fen (diamonds at the retail price), without sign. */
  valueFen: number;
}

export interface TwoPersonDecision {
  approvalsNeeded: 1 | 2;
  reason: TwoPersonReason | null;
}

const OPTIONS = {
  withdrawal: {
    threshold: 'withdraw.reviewThreshold',
    perOperator: 'withdraw.soloDailyPerOperator',
    perTarget: 'withdraw.soloDailyPerAgent',
  },
  adjustment: {
    threshold: 'adjust.reviewThreshold',
    perOperator: 'adjust.soloDailyPerOperator',
    perTarget: 'adjust.soloDailyPerTarget',
  },
  refund: {
    threshold: 'refund.reviewThreshold',
    perOperator: 'refund.soloDailyPerOperator',
    perTarget: 'refund.soloDailyPerTarget',
  },
} as const;

/** Two 32-bit keys of an advisory lock: the rule's own class, and one per operator or target. */
const lockKey = (kind: TwoPersonKind, part: 'operator' | 'target', id: number, type = '') =>
  sql`pg_advisory_xact_lock(hashtext(${`two-person:${kind}:${part}`}), hashtext(${`${type}:${id}`}))`;

/** The start of the platform's day (its time zone's midnight), as a timestamptz expression. */
const dayStart = (timeZone: string) =>
  sql`((now() at time zone ${timeZone})::date::timestamp at time zone ${timeZone})`;

/** Today's solo sums of the operator and of the target, in fen. */
async function soloSums(
  tx: Tx,
  item: TwoPersonItem,
  timeZone: string,
  retailFen: number,
): Promise<{ operator: number; target: number }> {
  const since = dayStart(timeZone);
  const query =
    item.kind === 'refund'
      ? sql`with solo as (
              select r.created_by, r.amount_fen,
                     case when o.agent_id is null then 'player' else 'agent' end as target_type,
                     coalesce(o.agent_id, o.player_id) as target_id
                from refunds r join orders o on o.id = r.order_id
               where r.created_at >= ${since} and r.approvals_needed = 1
                 and r.status not in ('requested', 'rejected'))
            select
              (select coalesce(sum(amount_fen), 0) from solo where created_by = ${item.operatorId})::bigint as operator,
              (select coalesce(sum(amount_fen), 0) from solo
                where target_type = ${item.target.type} and target_id = ${item.target.id})::bigint as target`
      : item.kind === 'withdrawal'
        ? sql`select
            (select coalesce(sum(w.amount_fen), 0) from withdrawal_approvals a
               join withdrawals w on w.id = a.withdrawal_id
              where a.operator_id = ${item.operatorId} and a.created_at >= ${since}
                and w.approvals_needed = 1 and w.status in ('approved', 'paid'))::bigint as operator,
            (select coalesce(sum(w.amount_fen), 0) from withdrawals w
              where w.agent_id = ${item.target.id} and w.reviewed_at >= ${since}
                and w.approvals_needed = 1 and w.status in ('approved', 'paid'))::bigint as target`
        : sql`with solo as (
              select created_by, owner_type, owner_id,
                     abs(amount) * (case when currency = 'balance' then 1 else ${retailFen}::bigint end) as value
                from adjustments
               where created_at >= ${since} and approvals_needed = 1 and status = 'applied'
                 and (created_by = ${item.operatorId}
                      or (owner_type = ${item.target.type} and owner_id = ${item.target.id})))
            select
              (select coalesce(sum(value), 0) from solo where created_by = ${item.operatorId})::bigint as operator,
              (select coalesce(sum(value), 0) from solo
                where owner_type = ${item.target.type} and owner_id = ${item.target.id})::bigint as target`;
  const result = await tx.execute(query);
  const row = result.rows[0] as { operator: string | number; target: string | number };
  return { operator: Number(row.operator), target: Number(row.target) };
}

/**
 * How many operators must approve this item, and why two. Runs inside the transaction that records the decision
 * (the locks are held until it ends).
 */
export async function decideApprovals(tx: Tx, item: TwoPersonItem): Promise<TwoPersonDecision> {
  const keys = OPTIONS[item.kind];
  const values = await getOptions(tx, [
    keys.threshold,
    keys.perOperator,
    keys.perTarget,
    'platform.timezone',
    'price.retail',
  ]);
  if (item.valueFen > moneyToFen(values[keys.threshold])) return { approvalsNeeded: 2, reason: 'amount' };
  await tx.execute(sql`select ${lockKey(item.kind, 'operator', item.operatorId)}`);
  await tx.execute(sql`select ${lockKey(item.kind, 'target', item.target.id, item.target.type)}`);
  const sums = await soloSums(tx, item, values['platform.timezone'], moneyToFen(values['price.retail']));
  if (sums.operator + item.valueFen > moneyToFen(values[keys.perOperator]))
    return { approvalsNeeded: 2, reason: 'operatorDaily' };
  if (sums.target + item.valueFen > moneyToFen(values[keys.perTarget]))
    return { approvalsNeeded: 2, reason: 'targetDaily' };
  return { approvalsNeeded: 1, reason: null };
}

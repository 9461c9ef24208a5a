import {
  type AdminWithdrawalSort,
  WITHDRAWAL_REVIEW,
  type WithdrawalReviewAction,
  BillType,
  fenToMoney,
  moneyToFen,
  type SortOrder,
  type TAdminWithdrawal,
  type WithdrawalStatus,
} from '@promoter/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  agents,
  ledgerEntries,
  operators,
  players,
  withdrawalApprovals,
  withdrawals,
} from '../../db/schema';
import { withdrawalStatusRef, AppError } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import { accountOf, agentOwner, memo, post } from '../ledger/ledger-service';
import { type Notice, notify } from '../notifications/notification-service';
import { getOption } from '../options/options-service';
import { decideApprovals } from '../controls/two-person-rule';
import { assertNoOpenTransfer, handOffTransfer, payoutOf } from './transfer-handoff';
import { toWithdrawalDto } from './withdrawal-service';

/**
 * The operator's side of withdrawals (decision 018): pending -> approved -> paid | failed (refunded), pending ->
 * rejected (refunded). Every change is one conditional UPDATE on the current state (compare-and-set) in one
 * transaction with its ledger entry and its audit entry: two operators clicking at once change it once, and refund it
 * at most once. Each action's states, right and guards are the contract's WITHDRAWAL_REVIEW table, which the
 * console's buttons read too. Decision 037 adds the controls a finance team expects:
 * - the two-person rule (two-person-rule.ts): above the threshold, or past an operator's or an agent's daily solo
 *   limit, two different operators must approve; decided at the first approval and kept on the row;
 * - maker/checker: an operator who approved a withdrawal never settles it (paid or failed), whatever its role;
 * - a frozen agent's withdrawals are held: approving and paying are refused until it is unfrozen (rejecting and
 *   failing, which give the money back to its balance, are not). The agent row is read FOR SHARE, so a freeze
 *   committing at the same time waits for the approval, or the approval sees the freeze.
 */
export type ReviewActor = AuditActor & { operatorId: number };

type WithdrawalRow = typeof withdrawals.$inferSelect;
type Approval = TAdminWithdrawal['approvals'][number];

async function thresholdFen(db: DbOrTx): Promise<number> {
  return moneyToFen(await getOption(db, 'withdraw.reviewThreshold'));
}

/** As decided at the first approval; before it, what the threshold alone says (the daily limits may add one). */
const approvalsNeeded = (row: WithdrawalRow, threshold: number) =>
  row.approvalsNeeded ?? (row.amountFen > threshold ? 2 : 1);
const reviewReasonOf = (row: WithdrawalRow, threshold: number) =>
  row.approvalsNeeded !== null ? row.reviewReason : row.amountFen > threshold ? 'amount' : null;

async function approvalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, Approval[]>> {
  const map = new Map<number, Approval[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      withdrawalId: withdrawalApprovals.withdrawalId,
      operatorId: withdrawalApprovals.operatorId,
      operatorName: operators.name,
      at: withdrawalApprovals.createdAt,
    })
    .from(withdrawalApprovals)
    .innerJoin(operators, eq(operators.id, withdrawalApprovals.operatorId))
    .where(inArray(withdrawalApprovals.withdrawalId, ids))
    .orderBy(asc(withdrawalApprovals.createdAt));
  for (const row of rows) {
    const list = map.get(row.withdrawalId) ?? [];
    list.push({ operatorId: row.operatorId, operatorName: row.operatorName, at: row.at.toISOString() });
    map.set(row.withdrawalId, list);
  }
  return map;
}

const nicknameOf = sql<string>`coalesce(${players.nickname}, '')`;

async function toDtos(
  db: DbOrTx,
  rows: (WithdrawalRow & { agentNickname: string; agentStatus: TAdminWithdrawal['agentStatus'] })[],
): Promise<TAdminWithdrawal[]> {
  const [threshold, approvals] = await Promise.all([
    thresholdFen(db),
    approvalsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    ...toWithdrawalDto(row),
    agentId: row.agentId,
    agentNickname: row.agentNickname,
    settledAt: row.settledAt?.toISOString() ?? null,
    reference: row.reference,
    approvals: approvals.get(row.id) ?? [],
    approvalsNeeded: approvalsNeeded(row, threshold),
    reviewReason: reviewReasonOf(row, threshold),
    agentStatus: row.agentStatus,
    payout: payoutOf(row),
  }));
}

function selectWithNickname(db: DbOrTx) {
  return db
    .select({ withdrawal: withdrawals, agentNickname: nicknameOf, agentStatus: agents.status })
    .from(withdrawals)
    .innerJoin(agents, eq(agents.id, withdrawals.agentId))
    .leftJoin(players, eq(players.id, agents.playerId));
}

async function loadDto(db: DbOrTx, id: number): Promise<TAdminWithdrawal> {
  const [row] = await selectWithNickname(db).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('withdrawalNotFound');
  const [dto] = await toDtos(db, [
    { ...row.withdrawal, agentNickname: row.agentNickname, agentStatus: row.agentStatus },
  ]);
  return dto as TAdminWithdrawal;
}

/** The queue's filters: status, agent, amount range, creation time (`to` exclusive). */
export interface ReviewFilter {
  status?: WithdrawalStatus;
  agentId?: number;
  minAmount?: string;
  maxAmount?: string;
  from?: string;
  to?: string;
}

export interface ReviewQuery extends ReviewFilter {
  page: number;
  pageSize: number;
  sort?: AdminWithdrawalSort;
  order?: SortOrder;
}

const SORT_COLUMNS = { createdAt: withdrawals.createdAt, amount: withdrawals.amountFen } as const;

/** The queue's order: as asked (the id breaks ties), else pending ones oldest first and the others newest first. */
function reviewOrder(query: ReviewQuery): SQL[] {
  const direction = query.order ?? (query.sort ? 'desc' : query.status === 'pending' ? 'asc' : 'desc');
  const by = direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[query.sort ?? 'createdAt']), by(withdrawals.id)];
}

/** The withdrawals a filter names: the queue's and the CSV export's (reports), so both show the same rows. */
export function reviewFilter(query: ReviewFilter): SQL | undefined {
  return and(
    query.status ? eq(withdrawals.status, query.status) : undefined,
    query.agentId !== undefined ? eq(withdrawals.agentId, query.agentId) : undefined,
    query.minAmount ? gte(withdrawals.amountFen, moneyToFen(query.minAmount)) : undefined,
    query.maxAmount ? lte(withdrawals.amountFen, moneyToFen(query.maxAmount)) : undefined,
    query.from ? gte(withdrawals.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(withdrawals.createdAt, new Date(query.to)) : undefined,
  );
}

/** The queue: filtered, sorted (reviewOrder) and paginated on the server. */
export async function listForReview(db: DbOrTx, query: ReviewQuery) {
  const where = reviewFilter(query);
  const order = reviewOrder(query);
  const [rows, [total]] = await Promise.all([
    selectWithNickname(db)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return {
    list: await toDtos(
      db,
      rows.map((row) => ({
        ...row.withdrawal,
        agentNickname: row.agentNickname,
        agentStatus: row.agentStatus,
      })),
    ),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A withdrawal beside its agent, the agent's balance, its last ledger entries and its last withdrawals. */
export async function reviewDetail(db: DbOrTx, id: number) {
  const withdrawal = await loadDto(db, id);
  const [agent] = await db
    .select({ agentId: agents.id, nickname: nicknameOf, level: agents.level, status: agents.status })
    .from(agents)
    .leftJoin(players, eq(players.id, agents.playerId))
    .where(eq(agents.id, withdrawal.agentId));
  const [account] = await db
    .select({ id: accounts.id, value: accounts.value })
    .from(accounts)
    .where(accountOf(agentOwner(withdrawal.agentId), 'balance'));
  const entries = account
    ? await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, account.id))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(20)
    : [];
  const recent = await listForReview(db, { agentId: withdrawal.agentId, page: 1, pageSize: 10 });
  return {
    withdrawal,
    agent: {
      agentId: withdrawal.agentId,
      nickname: agent?.nickname ?? '',
      level: agent?.level ?? 0,
      status: agent?.status ?? 'active',
      balance: fenToMoney(account?.value ?? 0),
    },
    recentEntries: entries.map((entry) => ({
      id: String(entry.id),
      billType: entry.billType,
      amount: fenToMoney(entry.amount),
      after: fenToMoney(entry.after),
      refType: entry.refType,
      refId: entry.refId,
      createdAt: entry.createdAt.toISOString(),
    })),
    recentWithdrawals: recent.list,
  };
}

/** Why a compare-and-set found nothing: no such withdrawal, or it is no longer in the state the change starts from. */
async function refusalOf(tx: Tx, id: number): Promise<AppError> {
  const [row] = await tx
    .select({ status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row
    ? new AppError('withdrawalStateChanged', { status: withdrawalStatusRef(row.status) })
    : new AppError('withdrawalNotFound');
}

/** What the agent is told of a change of its withdrawal, in the change's transaction (its inbox, decision 018). */
export function noticeOf(row: WithdrawalRow): Notice | null {
  const amount = fenToMoney(row.amountFen);
  const base = { agentId: row.agentId, ref: { type: 'withdrawal', id: String(row.id) } };
  if (row.status === 'approved') return { ...base, kind: 'withdrawalApproved', params: { amount } };
  if (row.status === 'paid')
    return { ...base, kind: 'withdrawalPaid', params: { amount, reference: row.reference ?? '' } };
  if (row.status === 'rejected')
    return { ...base, kind: 'withdrawalRejected', params: { amount, reason: row.remark ?? '' } };
  if (row.status === 'failed')
    return { ...base, kind: 'withdrawalFailed', params: { amount, reason: row.remark ?? '' } };
  return null;
}

/** Gives the whole amount back to the agent's balance (bill type 7), referencing the withdrawal. */
export async function refund(tx: Tx, row: WithdrawalRow, reason: string): Promise<void> {
  await post(tx, {
    owner: { ownerType: 'agent', ownerId: row.agentId },
    currency: 'balance',
    amount: row.amountFen,
    billType: BillType.withdrawalRefund,
    ref: { type: 'withdrawal', id: String(row.id) },
    memo: memo('memoWithdrawRefund', { reason }),
  });
}

/** Refuses to move money for a frozen agent (read FOR SHARE: a freeze committing meanwhile is seen or waits). */
async function assertAgentNotFrozen(tx: Tx, agentId: number): Promise<void> {
  const [agent] = await tx
    .select({ status: agents.status })
    .from(agents)
    .where(eq(agents.id, agentId))
    .for('share');
  if (agent?.status === 'frozen') throw new AppError('withdrawalAgentFrozen');
}

/**
 * One approval of a pending withdrawal. Its first approval decides, by the two-person rule, whether one operator is
 * enough (it is approved at once) or a second, different one must approve too; an operator approves it once.
 */
export async function approveWithdrawal(db: Db, actor: ReviewActor, id: number): Promise<TAdminWithdrawal> {
  await db.transaction(async (tx) => {
    // The row lock orders approvals of one withdrawal; the UPDATE below is still conditional on 'pending'.
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    if (!row) throw new AppError('withdrawalNotFound');
    const rule = WITHDRAWAL_REVIEW.approve;
    if (row.status !== rule.from)
      throw new AppError('withdrawalStateChanged', { status: withdrawalStatusRef(row.status) });
    if (rule.heldWhenFrozen) await assertAgentNotFrozen(tx, row.agentId);
    const [recorded] = await tx
      .insert(withdrawalApprovals)
      .values({ withdrawalId: id, operatorId: actor.operatorId })
      .onConflictDoNothing()
      .returning({ id: withdrawalApprovals.withdrawalId });
    if (!recorded) throw new AppError('withdrawalAlreadyApprovedByYou');
    const [approvals] = await tx
      .select({ n: count() })
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, id));
    let needed = row.approvalsNeeded;
    let reason = row.reviewReason;
    if (needed === null) {
      ({ approvalsNeeded: needed, reason } = await decideApprovals(tx, {
        kind: 'withdrawal',
        operatorId: actor.operatorId,
        target: { type: 'agent', id: row.agentId },
        valueFen: row.amountFen,
      }));
      await tx
        .update(withdrawals)
        .set({ approvalsNeeded: needed, reviewReason: reason })
        .where(eq(withdrawals.id, id));
    }
    let status: WithdrawalStatus = rule.from;
    let handOff = {};
    if ((approvals?.n ?? 0) >= needed) {
      const [changed] = await tx
        .update(withdrawals)
        .set({ status: rule.to, reviewedAt: sql`now()` })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, rule.from)))
        .returning();
      if (!changed) throw await refusalOf(tx, id);
      status = rule.to;
      const notice = noticeOf(changed);
      if (notice) await notify(tx, notice);
      // A WeChat withdrawal may be paid by the job queue through the provider's transfer (decision 046).
      handOff = await handOffTransfer(tx, changed);
    }
    await recordAudit(tx, actor, {
      action: 'withdrawal.approve',
      target: { type: 'withdrawal', id: String(id) },
      before: { status: rule.from },
      after: {
        status,
        approvals: approvals?.n ?? 0,
        approvalsNeeded: needed,
        reviewReason: reason,
        ...handOff,
      },
    });
  });
  return loadDto(db, id);
}

/** The actions of WITHDRAWAL_REVIEW that change a withdrawal by one compare-and-set (approve counts approvals). */
type Settlement = Exclude<WithdrawalReviewAction, 'approve'>;

/** Refuses the action to an operator who approved the withdrawal (maker/checker, decision 037). */
async function assertNotAnApprover(tx: Tx, id: number, operatorId: number): Promise<void> {
  const [approved] = await tx
    .select({ id: withdrawalApprovals.withdrawalId })
    .from(withdrawalApprovals)
    .where(and(eq(withdrawalApprovals.withdrawalId, id), eq(withdrawalApprovals.operatorId, operatorId)));
  if (approved) throw new AppError('withdrawalSettleOwnApproval');
}

/**
 * Decision 044: a withdrawal in an open payout file is settled by that file's result only (modules/payout-files),
 * never by hand, and a file's import settles only its own; cancelling the file takes it out.
 */
const inPayoutFile = (batchId: number | null) =>
  batchId === null ? sql`${withdrawals.payoutBatchId} is null` : eq(withdrawals.payoutBatchId, batchId);

/** The refusal of a change inPayoutFile stopped; null when it was not that (the state changed, or no such row). */
async function payoutFileRefusal(tx: Tx, id: number, batchId: number | null): Promise<AppError | null> {
  const [row] = await tx
    .select({ status: withdrawals.status, payoutBatchId: withdrawals.payoutBatchId })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (!row || row.status !== 'approved' || row.payoutBatchId === batchId) return null;
  return row.payoutBatchId === null
    ? new AppError('payoutFileWithdrawalLeft')
    : new AppError('withdrawalInPayoutFile', { batch: row.payoutBatchId });
}

/**
 * One action of WITHDRAWAL_REVIEW as a compare-and-set from its `from` to its `to`, with the table's guards
 * (maker/checker, a frozen agent), its refund and its audit entry, in one transaction. `text` is the reason of a
 * rejection or a failure, or the reference of a payment.
 */
async function transition(
  db: Db,
  actor: ReviewActor,
  id: number,
  action: Settlement,
  text: string,
  /** The payout file whose result settles it (decision 044); null by hand. */
  batchId: number | null = null,
): Promise<TAdminWithdrawal> {
  const rule = WITHDRAWAL_REVIEW[action];
  const set: Partial<typeof withdrawals.$inferInsert> =
    rule.text === 'reference' ? { reference: text } : { remark: text };
  // Rejected is a review (reviewedAt); paid and failed settle an approved one (settledAt).
  const stamp = rule.from === 'pending' ? 'reviewedAt' : 'settledAt';
  await db.transaction(async (tx) => {
    if (rule.heldWhenFrozen) {
      const [current] = await tx
        .select({ agentId: withdrawals.agentId })
        .from(withdrawals)
        .where(eq(withdrawals.id, id));
      if (current) await assertAgentNotFrozen(tx, current.agentId);
    }
    const [row] = await tx
      .update(withdrawals)
      .set({ ...set, [stamp]: sql`now()`, status: rule.to })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, rule.from), inPayoutFile(batchId)))
      .returning();
    if (!row) throw (await payoutFileRefusal(tx, id, batchId)) ?? (await refusalOf(tx, id));
    // The job queue settles a withdrawal whose transfer is open (decision 046); rolled back with the change.
    if (rule.from === 'approved') assertNoOpenTransfer(row);
    // Maker/checker, read after the compare-and-set: the row is locked and past pending, and approvals are only added
    // while pending, so this statement sees every approval it will ever have, one committed while this transaction
    // waited for the row included (read before the update, an approval racing it could slip by).
    if (!rule.approverMay) await assertNotAnApprover(tx, id, actor.operatorId);
    if (rule.refunds) await refund(tx, row, text);
    const notice = noticeOf(row);
    if (notice) await notify(tx, notice);
    await recordAudit(tx, actor, {
      action: `withdrawal.${action}`,
      target: { type: 'withdrawal', id: String(id) },
      before: { status: rule.from },
      after: {
        status: rule.to,
        ...(row.remark !== null ? { reason: row.remark } : {}),
        ...(row.reference !== null ? { reference: row.reference } : {}),
        ...(rule.refunds ? { refunded: fenToMoney(row.amountFen) } : {}),
        ...(batchId !== null ? { payoutBatch: String(batchId) } : {}),
      },
    });
  });
  return loadDto(db, id);
}

/** Rejects a pending withdrawal with a reason the agent reads; its amount goes back (bill type 7). */
export const rejectWithdrawal = (db: Db, actor: ReviewActor, id: number, reason: string) =>
  transition(db, actor, id, 'reject', reason);

/** Marks an approved withdrawal paid, with the transfer reference or voucher note (or its payout file's result). */
export const payWithdrawal = (
  db: Db,
  actor: ReviewActor,
  id: number,
  reference: string,
  batchId: number | null = null,
) => transition(db, actor, id, 'pay', reference, batchId);

/** Marks an approved withdrawal failed with a reason the agent reads; its amount goes back (bill type 7). */
export const failWithdrawal = (
  db: Db,
  actor: ReviewActor,
  id: number,
  reason: string,
  batchId: number | null = null,
) => transition(db, actor, id, 'fail', reason, batchId);

export interface BatchOutcome {
  changed: string[];
  /** Approved by this operator, still waiting for a second one. */
  waiting: string[];
  skipped: { id: string; error: AppError }[];
}

/**
 * Each id on its own compare-and-set (its own transaction): one refused row does not hold back the others. A row
 * still pending after the action (an approval recorded, a second one needed) is `waiting`, not `changed`.
 */
export async function batch(
  ids: string[],
  run: (id: number) => Promise<TAdminWithdrawal>,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { changed: [], waiting: [], skipped: [] };
  for (const id of [...new Set(ids)]) {
    try {
      const after = await run(Number(id));
      (after.status === 'pending' ? outcome.waiting : outcome.changed).push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.skipped.push({ id, error });
    }
  }
  return outcome;
}

import {
  fenToMoney,
  maskAccountNumber,
  moneyToFen,
  normalizeAccountNumber,
  type PayoutBatchStatus,
  type PayoutChannel,
  type TPayoutBatch,
  type TPayoutBatchItem,
  type TPayoutFile,
  type WithdrawalStatus,
  withdrawalFileReference,
  ZWithdrawalStatus,
} from '@promoter/contract';
import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  agents,
  auditLog,
  operators,
  payoutBatches,
  payoutImports,
  players,
  withdrawals,
} from '../../db/schema';
import { openSealed } from '../../crypto/seal';
import { AppError, withdrawalStatusRef } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit-service';
import type { PayoutKey } from '../payout/payout-service';
import { type PayoutFileEntry, payoutCsv, payoutFileName, sha256Hex } from './payout-file-format';

/**
 * Payout files (decision 044): approved withdrawals to bank cards or Alipay put in one CSV for the bank's (or Alipay's)
 * bulk transfer. A withdrawal joins a file by a compare-and-set (approved, of the file's kind of account, its agent
 * not frozen, in no open file and no WeChat transfer): two operators exporting at once never put it in two files.
 * While its file is open it is settled by the file's result only (payout-import-service.ts); the withdrawal queue
 * refuses to mark it by hand (withdrawal-review-service.ts). Cancelling the file gives its approved withdrawals back.
 */

export type PayoutActor = AuditActor & { operatorId: number };
type BatchRow = typeof payoutBatches.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;

/** What a withdrawal of the file pays: its amount less its fee. */
export const payoutFenOf = (row: Pick<WithdrawalRow, 'amountFen' | 'feeFen'>) => row.amountFen - row.feeFen;

/** A withdrawal's whole account number (sealed since decision 019; a row from before holds it in clear). */
export function accountNumberOf(key: PayoutKey, row: WithdrawalRow): string {
  if (row.accountSealed !== null) return openSealed(key, row.accountSealed);
  return normalizeAccountNumber(row.accountType, row.accountNo ?? '');
}

const maskedOf = (key: PayoutKey, row: WithdrawalRow) =>
  row.accountMasked ?? maskAccountNumber(accountNumberOf(key, row));

/** The withdrawals of a file in its order (its 序号): by id. */
export function batchWithdrawals(db: DbOrTx, batchId: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.payoutBatchId, batchId))
    .orderBy(asc(withdrawals.id));
}

/** The file of a batch's withdrawals, and the audit entry's list of them (masked numbers only). */
function fileOf(key: PayoutKey, batch: Pick<BatchRow, 'id' | 'channel'>, rows: readonly WithdrawalRow[]) {
  const entries: PayoutFileEntry[] = rows.map((row) => ({
    id: row.id,
    accountNo: accountNumberOf(key, row),
    accountName: row.accountName,
    bankName: row.bankName,
    payoutFen: payoutFenOf(row),
  }));
  const content = payoutCsv(batch.channel, entries);
  return {
    file: { name: payoutFileName(batch.channel, batch.id), content, sha256: sha256Hex(content) },
    audited: rows.map((row) => ({ id: String(row.id), accountMasked: maskedOf(key, row) })),
  };
}

/** Why a withdrawal could not join a file of `channel`, read from its locked row (and its agent). */
function refusalOf(
  row: WithdrawalRow | undefined,
  channel: PayoutChannel,
  frozen: ReadonlySet<number>,
): AppError {
  if (!row) return new AppError('withdrawalNotFound');
  if (row.status !== 'approved')
    return new AppError('withdrawalStateChanged', { status: withdrawalStatusRef(row.status) });
  if (row.payoutBatchId !== null) return new AppError('withdrawalInPayoutFile', { batch: row.payoutBatchId });
  if (row.payoutMethod === 'transfer') return new AppError('payoutFileInTransfer');
  if (row.accountType !== channel) return new AppError('payoutFileWrongChannel');
  if (frozen.has(row.agentId)) return new AppError('withdrawalAgentFrozen');
  return new AppError('payoutFileNothingToPay');
}

export interface CreatedBatch {
  batch: TPayoutBatch;
  file: TPayoutFile;
  skipped: { id: string; error: AppError }[];
}

/**
 * A new payout file of the withdrawals `ids` that may join one (the others skipped with their reason), in one
 * transaction: the rows locked in id order (two exports of the same rows wait for each other, never deadlock), the
 * agents read FOR SHARE (a freeze committing meanwhile waits, or is seen), each row claimed by the compare-and-set,
 * the whole numbers opened, the file made and its one audit entry `payoutBatch.export` (the masked numbers only)
 * written. Refused, with nothing changed, when none may join.
 */
export async function createPayoutBatch(
  db: Db,
  key: PayoutKey,
  actor: PayoutActor,
  input: { channel: PayoutChannel; ids: number[] },
): Promise<CreatedBatch> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const made = await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.id, ids))
      .orderBy(asc(withdrawals.id))
      .for('update');
    const agentIds = [...new Set(locked.map((row) => row.agentId))].sort((a, b) => a - b);
    const agentRows =
      agentIds.length === 0
        ? []
        : await tx
            .select({ id: agents.id, status: agents.status })
            .from(agents)
            .where(inArray(agents.id, agentIds))
            .orderBy(asc(agents.id))
            .for('share');
    const frozen = new Set(agentRows.filter((agent) => agent.status === 'frozen').map((agent) => agent.id));
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ channel: input.channel, count: 0, totalFen: 0, fileSha256: '', createdBy: actor.operatorId })
      .returning();
    if (!batch) throw new Error('payout batch not created');
    const claimed = await tx
      .update(withdrawals)
      .set({ payoutMethod: 'file', payoutBatchId: batch.id })
      .where(
        and(
          inArray(withdrawals.id, ids),
          eq(withdrawals.status, 'approved'),
          eq(withdrawals.accountType, input.channel),
          sql`${withdrawals.payoutBatchId} is null`,
          sql`${withdrawals.payoutMethod} is null`,
          sql`${withdrawals.amountFen} > ${withdrawals.feeFen}`,
          frozen.size > 0 ? notInArray(withdrawals.agentId, [...frozen]) : undefined,
        ),
      )
      .returning();
    const claimedIds = new Set(claimed.map((row) => row.id));
    const byId = new Map(locked.map((row) => [row.id, row]));
    const skipped = ids
      .filter((id) => !claimedIds.has(id))
      .map((id) => ({ id: String(id), error: refusalOf(byId.get(id), input.channel, frozen) }));
    if (claimed.length === 0) throw new AppError('payoutFileNothingToExport');
    const rows = [...claimed].sort((a, b) => a.id - b.id);
    const { file, audited } = fileOf(key, batch, rows);
    const totalFen = rows.reduce((sum, row) => sum + payoutFenOf(row), 0);
    await tx
      .update(payoutBatches)
      .set({ count: rows.length, totalFen, fileSha256: file.sha256 })
      .where(eq(payoutBatches.id, batch.id));
    await recordAudit(tx, actor, {
      action: 'payoutBatch.export',
      target: { type: 'payoutBatch', id: String(batch.id) },
      after: {
        channel: input.channel,
        count: rows.length,
        total: fenToMoney(totalFen),
        sha256: file.sha256,
        withdrawals: audited,
      },
    });
    return { batchId: batch.id, file, skipped };
  });
  return { batch: await loadBatch(db, made.batchId), file: made.file, skipped: made.skipped };
}

/**
 * The file of a batch again, byte for byte as exported (its SHA-256 checked against the one kept), for an open or a
 * settled batch; each download audited as `payoutBatch.download` in the transaction that opens the numbers.
 */
export async function payoutBatchFile(
  db: Db,
  key: PayoutKey,
  actor: PayoutActor,
  batchId: number,
): Promise<TPayoutFile> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    if (!batch) throw new AppError('payoutBatchNotFound');
    if (batch.status === 'cancelled') throw new AppError('payoutBatchCancelled');
    const { file, audited } = fileOf(key, batch, await batchWithdrawals(tx, batchId));
    if (file.sha256 !== batch.fileSha256) throw new AppError('payoutFileChanged');
    await recordAudit(tx, actor, {
      action: 'payoutBatch.download',
      target: { type: 'payoutBatch', id: String(batchId) },
      after: { sha256: file.sha256, withdrawals: audited },
    });
    return file;
  });
}

/**
 * Cancels an open batch with a reason: its withdrawals still approved leave it (plain approved again, to pay by hand
 * or in another file), its previewed imports are discarded, in one transaction with its audit entry. Those already
 * paid or failed stay in it.
 */
export async function cancelPayoutBatch(
  db: Db,
  actor: PayoutActor,
  batchId: number,
  reason: string,
): Promise<{ batch: TPayoutBatch; released: string[] }> {
  const released = await db.transaction(async (tx) => {
    const [batch] = await tx
      .update(payoutBatches)
      .set({ status: 'cancelled' })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, 'exported')))
      .returning();
    if (!batch) throw await batchRefusal(tx, batchId);
    const rows = await tx
      .update(withdrawals)
      .set({ payoutBatchId: null, payoutMethod: null })
      .where(and(eq(withdrawals.payoutBatchId, batchId), eq(withdrawals.status, 'approved')))
      .returning({ id: withdrawals.id });
    const ids = rows.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
    await tx
      .update(payoutImports)
      .set({ status: 'discarded' })
      .where(and(eq(payoutImports.batchId, batchId), eq(payoutImports.status, 'previewed')));
    await recordAudit(tx, actor, {
      action: 'payoutBatch.cancel',
      target: { type: 'payoutBatch', id: String(batchId) },
      before: { status: 'exported' },
      after: { status: 'cancelled', reason, released: ids },
    });
    return ids;
  });
  return { batch: await loadBatch(db, batchId), released };
}

/** Why a batch is not open: none such, settled or cancelled. */
export async function batchRefusal(db: DbOrTx, batchId: number): Promise<AppError> {
  const [row] = await db
    .select({ status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId));
  if (!row) return new AppError('payoutBatchNotFound');
  return new AppError(row.status === 'settled' ? 'payoutBatchSettled' : 'payoutBatchCancelled');
}

/**
 * Marks a batch settled once none of its withdrawals is left approved (a compare-and-set: applied twice at once, it
 * is settled once, by whoever did it first).
 */
export async function settleIfDone(db: DbOrTx, batchId: number, operatorId: number): Promise<void> {
  await db
    .update(payoutBatches)
    .set({ status: 'settled', settledBy: operatorId, settledAt: sql`now()` })
    .where(
      and(
        eq(payoutBatches.id, batchId),
        eq(payoutBatches.status, 'exported'),
        sql`not exists (select 1 from ${withdrawals} where ${withdrawals.payoutBatchId} = ${batchId}
          and ${withdrawals.status} = 'approved')`,
      ),
    );
}

// ---- reads --------------------------------------------------------------------------------------------------------

const creator = alias(operators, 'creator');
const settler = alias(operators, 'settler');

/** Each batch with its operators, its progress and its cancellation (from the audit log). */
async function batchesWhere(
  db: DbOrTx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<TPayoutBatch[]> {
  const progress = sql<{ paid: number; failed: number; open: number }>`(
    select json_build_object(
      'paid', count(*) filter (where ${withdrawals.status} = 'paid'),
      'failed', count(*) filter (where ${withdrawals.status} = 'failed'),
      'open', count(*) filter (where ${withdrawals.status} = 'approved'))
    from ${withdrawals} where ${withdrawals.payoutBatchId} = ${payoutBatches.id})`;
  const cancelled = sql<{ operatorName: string; at: string; reason: string } | null>`(
    select json_build_object('operatorName', ${auditLog.operatorName}, 'at', ${auditLog.createdAt},
      'reason', coalesce(${auditLog.after} ->> 'reason', ''))
    from ${auditLog}
    where ${auditLog.targetType} = 'payoutBatch' and ${auditLog.targetId} = ${payoutBatches.id}::text
      and ${auditLog.action} = 'payoutBatch.cancel'
    order by ${auditLog.id} limit 1)`;
  const query = db
    .select({
      batch: payoutBatches,
      creatorName: creator.name,
      settlerName: settler.name,
      progress,
      cancelled,
    })
    .from(payoutBatches)
    .innerJoin(creator, eq(creator.id, payoutBatches.createdBy))
    .leftJoin(settler, eq(settler.id, payoutBatches.settledBy))
    .where(where)
    .orderBy(desc(payoutBatches.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ batch, creatorName, settlerName, progress: done, cancelled: cancel }) => ({
    id: String(batch.id),
    channel: batch.channel,
    status: batch.status,
    count: batch.count,
    total: fenToMoney(batch.totalFen),
    fileName: payoutFileName(batch.channel, batch.id),
    fileSha256: batch.fileSha256,
    createdBy: { operatorId: batch.createdBy, operatorName: creatorName },
    createdAt: batch.createdAt.toISOString(),
    settledBy:
      batch.settledBy === null ? null : { operatorId: batch.settledBy, operatorName: settlerName ?? '' },
    settledAt: batch.settledAt?.toISOString() ?? null,
    cancelled: cancel
      ? { operatorName: cancel.operatorName, at: new Date(cancel.at).toISOString(), reason: cancel.reason }
      : null,
    progress: { paid: Number(done.paid), failed: Number(done.failed), open: Number(done.open) },
  }));
}

export async function loadBatch(db: DbOrTx, batchId: number): Promise<TPayoutBatch> {
  const [batch] = await batchesWhere(db, eq(payoutBatches.id, batchId));
  if (!batch) throw new AppError('payoutBatchNotFound');
  return batch;
}

export interface BatchQuery {
  page: number;
  pageSize: number;
  status?: PayoutBatchStatus;
  channel?: PayoutChannel;
}

/** Batches newest first, by status and kind, paged on the server. */
export async function listPayoutBatches(db: DbOrTx, query: BatchQuery) {
  const where = and(
    query.status ? eq(payoutBatches.status, query.status) : undefined,
    query.channel ? eq(payoutBatches.channel, query.channel) : undefined,
  );
  const [list, [total]] = await Promise.all([
    batchesWhere(db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    db.select({ n: count() }).from(payoutBatches).where(where),
  ]);
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** A batch's withdrawals in its order (accounts masked), with the nicknames of their agents. */
export async function batchItems(db: DbOrTx, batchId: number): Promise<TPayoutBatchItem[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, nickname: sql<string>`coalesce(${players.nickname}, '')` })
    .from(withdrawals)
    .innerJoin(agents, eq(agents.id, withdrawals.agentId))
    .leftJoin(players, eq(players.id, agents.playerId))
    .where(eq(withdrawals.payoutBatchId, batchId))
    .orderBy(asc(withdrawals.id));
  return rows.map(({ withdrawal: row, nickname }, index) => ({
    seq: index + 1,
    id: String(row.id),
    reference: withdrawalFileReference(row.id),
    agentId: row.agentId,
    agentNickname: nickname,
    accountName: row.accountName,
    accountNo: row.accountMasked ?? '',
    bankName: row.bankName,
    amount: fenToMoney(row.amountFen),
    fee: fenToMoney(row.feeFen),
    payout: fenToMoney(payoutFenOf(row)),
    status: row.status,
    paymentRef: row.reference,
    remark: row.remark,
    settledAt: row.settledAt?.toISOString() ?? null,
  }));
}

/** The batch's withdrawals counted and summed (what the file pays) by their state. */
export function totalsByStatus(items: readonly TPayoutBatchItem[]) {
  const totals = Object.fromEntries(
    ZWithdrawalStatus.options.map((status) => [status, { count: 0, fen: 0 }]),
  ) as Record<WithdrawalStatus, { count: number; fen: number }>;
  for (const item of items) {
    const entry = totals[item.status];
    entry.count += 1;
    entry.fen += moneyToFen(item.payout);
  }
  return Object.fromEntries(
    Object.entries(totals).map(([status, { count: n, fen }]) => [
      status,
      { count: n, amount: fenToMoney(fen) },
    ]),
  ) as Record<WithdrawalStatus, { count: number; amount: string }>;
}

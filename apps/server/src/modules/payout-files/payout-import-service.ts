import {
  fenToMoney,
  moneyToFen,
  PAYOUT_LINE_ACTIONS,
  type PayoutLineAction,
  type PayoutLineProblem,
  type TPayoutImport,
  type TPayoutImportSummary,
  type TPayoutLine,
} from '@promoter/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { operators, payoutBatches, payoutImports, withdrawals } from '../../db/schema';
import { AppError, type ErrorParam } from '../../errors';
import { DEFAULT_LOCALE, type MessageKey, translate } from '../../i18n/messages';
import { recordAudit } from '../audit/audit-service';
import type { PayoutKey } from '../payout/payout-service';
import { failWithdrawal, payWithdrawal } from '../withdrawals/withdrawal-review-service';
import {
  accountNumberOf,
  batchRefusal,
  batchWithdrawals,
  type PayoutActor,
  payoutFenOf,
  settleIfDone,
} from './payout-batch-service';
import {
  accountAgrees,
  keptAccount,
  payoutFileName,
  readResultFile,
  type ResultLine,
  sha256Hex,
} from './payout-file-format';

/**
 * The result file of a payout file (decision 044), in one reviewed step: read and matched first (the preview marks
 * nothing; each line's planned action is kept in `payout_imports`), then applied once. Applying is a compare-and-set of
 * the import (previewed -> applied, its batch still open), so two operators applying at once apply it once; then each
 * line goes through the withdrawal's own transition (payWithdrawal / failWithdrawal: a compare-and-set from approved,
 * maker/checker, a failure refunded once, bill type 7), in its own transaction, so one refused line holds back no
 * other. The batch is settled when none of its withdrawals is left approved.
 */

/** Turns a refusal into the reader's words (the route's translator). */
export type Explain = (error: AppError) => string;

/** A refusal as kept in a line's result: its message and parameters, translated when read. */
interface KeptError {
  messageKey: MessageKey;
  params?: Record<string, ErrorParam>;
}

/** A line as `payout_imports.lines` keeps it. */
interface StoredLine extends Omit<TPayoutLine, 'result'> {
  result: { status: 'paid' | 'failed' | 'skipped'; error: KeptError | null } | null;
}

type Plan = { action: PayoutLineAction; problem: PayoutLineProblem | null; withdrawalId: number | null };

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * What applying each line would do, against the batch's withdrawals as they are now. The reference names the
 * withdrawal (the line number only without one); a withdrawal named by two lines is applied by neither; a settled one
 * is never marked again; an approved one only when the line's status is final and its amount and account agree.
 */
function planLines(
  key: PayoutKey,
  read: readonly ResultLine[],
  batch: readonly WithdrawalRow[],
  elsewhere: ReadonlySet<number>,
): Plan[] {
  const byId = new Map(batch.map((row) => [row.id, row]));
  const named = read.map((line): Plan | number => {
    if (line.referenceId !== null) return line.referenceId;
    if (line.reference !== null && line.seq === null)
      return { action: 'unmatched', problem: 'unknownReference', withdrawalId: null };
    if (line.seq === null) return { action: 'unmatched', problem: 'noKey', withdrawalId: null };
    const row = batch[line.seq - 1];
    return row ? row.id : { action: 'unmatched', problem: 'seqOutOfRange', withdrawalId: null };
  });
  const times = new Map<number, number>();
  for (const id of named) if (typeof id === 'number') times.set(id, (times.get(id) ?? 0) + 1);
  return named.map((id, index) => {
    if (typeof id !== 'number') return id;
    const row = byId.get(id);
    if (!row)
      return elsewhere.has(id)
        ? { action: 'notInBatch', problem: null, withdrawalId: id }
        : { action: 'unmatched', problem: 'unknownReference', withdrawalId: null };
    const line = read[index] as ResultLine;
    const invalid = (problem: PayoutLineProblem): Plan => ({ action: 'invalid', problem, withdrawalId: id });
    if (row.status !== 'approved') return { action: 'alreadySettled', problem: null, withdrawalId: id };
    if ((times.get(id) ?? 0) > 1) return invalid('duplicate');
    if (line.outcome === null) return invalid('statusUnknown');
    if (line.amountFen === null) return invalid('amountUnreadable');
    if (line.amountFen !== payoutFenOf(row)) return invalid('amountMismatch');
    if (line.account === '') return invalid('accountMissing');
    if (!accountAgrees(line.account, accountNumberOf(key, row))) return invalid('accountMismatch');
    return { action: line.outcome === 'paid' ? 'markPaid' : 'markFailed', problem: null, withdrawalId: id };
  });
}

/**
 * Reads a result file for an open batch and keeps its planned actions (nothing is marked), with an audit entry. A file
 * without the columns it needs, or without a line, is refused before anything is written.
 */
export async function previewPayoutImport(
  db: Db,
  key: PayoutKey,
  actor: PayoutActor,
  input: { batchId: number; content: string },
): Promise<number> {
  const read = readResultFile(input.content);
  return db.transaction(async (tx) => {
    // Shared: a cancellation (or a settlement) committing meanwhile waits for this preview, or is seen by it.
    const [batch] = await tx
      .select()
      .from(payoutBatches)
      .where(eq(payoutBatches.id, input.batchId))
      .for('share');
    if (!batch) throw new AppError('payoutBatchNotFound');
    if (batch.status !== 'exported') throw await batchRefusal(tx, input.batchId);
    const rows = await batchWithdrawals(tx, input.batchId);
    const inBatch = new Set(rows.map((row) => row.id));
    const others = [
      ...new Set(
        read.map((line) => line.referenceId).filter((id): id is number => id !== null && !inBatch.has(id)),
      ),
    ].filter((id) => Number.isSafeInteger(id));
    const found =
      others.length === 0
        ? []
        : await tx.select({ id: withdrawals.id }).from(withdrawals).where(inArray(withdrawals.id, others));
    const plans = planLines(key, read, rows, new Set(found.map((row) => row.id)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lines: StoredLine[] = read.map((line, index) => {
      const plan = plans[index] as Plan;
      const row = plan.withdrawalId === null ? undefined : byId.get(plan.withdrawalId);
      return {
        line: line.line,
        seq: line.seq,
        reference: line.reference,
        withdrawalId: plan.withdrawalId === null ? null : String(plan.withdrawalId),
        account: keptAccount(line.account),
        amount: line.amountFen === null ? null : fenToMoney(line.amountFen),
        expected: row ? fenToMoney(payoutFenOf(row)) : null,
        outcome: line.outcome,
        bankRef: line.bankRef,
        reason: line.reason,
        action: plan.action,
        problem: plan.problem,
        current: row?.status ?? null,
        result: null,
      };
    });
    const [created] = await tx
      .insert(payoutImports)
      .values({
        batchId: input.batchId,
        fileSha256: sha256Hex(input.content),
        lines,
        uploadedBy: actor.operatorId,
      })
      .returning({ id: payoutImports.id });
    if (!created) throw new Error('payout import not created');
    const counts = Object.fromEntries(
      PAYOUT_LINE_ACTIONS.map((action) => [action, lines.filter((line) => line.action === action).length]),
    );
    await recordAudit(tx, actor, {
      action: 'payoutImport.preview',
      target: { type: 'payoutBatch', id: String(input.batchId) },
      after: { importId: String(created.id), lines: lines.length, ...counts },
    });
    return created.id;
  });
}

/** Why an import cannot be applied or discarded: none such, applied, discarded, or its batch no longer open. */
async function importRefusal(db: DbOrTx, importId: number): Promise<AppError> {
  const [row] = await db
    .select({ status: payoutImports.status, batchId: payoutImports.batchId })
    .from(payoutImports)
    .where(eq(payoutImports.id, importId));
  if (!row) return new AppError('payoutImportNotFound');
  if (row.status === 'applied') return new AppError('payoutImportApplied');
  if (row.status === 'discarded') return new AppError('payoutImportDiscarded');
  return batchRefusal(db, row.batchId);
}

export interface AppliedImport {
  importId: number;
  batchId: number;
  paid: string[];
  failed: string[];
  skipped: { id: string; error: AppError }[];
}

/**
 * Applies a previewed import once. The import is marked applied first (the compare-and-set that makes a second apply,
 * or an apply racing it, refused), with its audit entry; then each line to mark goes through the withdrawal's own
 * transition in its own transaction, the bank's serial number as the payment's reference (the file's name and the
 * line's number without one) and the bank's reason as the failure's (a default without one); a refusal (maker/checker,
 * a frozen agent, a withdrawal settled or gone from the file meanwhile) skips that line only. The results are kept on
 * the import, and the batch is settled when none of its withdrawals is left approved.
 */
export async function applyPayoutImport(
  db: Db,
  actor: PayoutActor,
  importId: number,
): Promise<AppliedImport> {
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutImports)
      .set({ status: 'applied', appliedBy: actor.operatorId, appliedAt: sql`now()` })
      .where(
        and(
          eq(payoutImports.id, importId),
          eq(payoutImports.status, 'previewed'),
          sql`exists (select 1 from ${payoutBatches} where ${payoutBatches.id} = ${payoutImports.batchId}
            and ${payoutBatches.status} = 'exported')`,
        ),
      )
      .returning();
    if (!row) throw await importRefusal(tx, importId);
    const lines = row.lines as StoredLine[];
    await recordAudit(tx, actor, {
      action: 'payoutImport.apply',
      target: { type: 'payoutBatch', id: String(row.batchId) },
      after: {
        importId: String(importId),
        markPaid: lines.filter((line) => line.action === 'markPaid').map((line) => line.withdrawalId),
        markFailed: lines.filter((line) => line.action === 'markFailed').map((line) => line.withdrawalId),
      },
    });
    return row;
  });
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, claimed.batchId));
  const fileName = batch ? payoutFileName(batch.channel, batch.id).replace(/\.csv$/, '') : '';
  const lines = claimed.lines as StoredLine[];
  const outcome: AppliedImport = { importId, batchId: claimed.batchId, paid: [], failed: [], skipped: [] };
  const keep = () =>
    db.transaction(async (tx) => {
      await tx.update(payoutImports).set({ lines }).where(eq(payoutImports.id, importId));
      await settleIfDone(tx, claimed.batchId, actor.operatorId);
    });
  try {
    for (const line of lines) {
      if ((line.action !== 'markPaid' && line.action !== 'markFailed') || line.withdrawalId === null)
        continue;
      const id = Number(line.withdrawalId);
      try {
        if (line.action === 'markPaid') {
          const reference = line.bankRef ?? `${fileName} #${line.seq ?? line.line}`;
          await payWithdrawal(db, actor, id, reference, claimed.batchId);
          line.result = { status: 'paid', error: null };
          outcome.paid.push(line.withdrawalId);
        } else {
          const reason = line.reason ?? translate(DEFAULT_LOCALE, 'payoutFileFailedNoReason');
          await failWithdrawal(db, actor, id, reason, claimed.batchId);
          line.result = { status: 'failed', error: null };
          outcome.failed.push(line.withdrawalId);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        line.result = { status: 'skipped', error: { messageKey: error.messageKey, params: error.params } };
        outcome.skipped.push({ id: line.withdrawalId, error });
      }
    }
  } finally {
    // What was done is kept even when a line failed unexpectedly (the database went away): a new import of the same
    // file then shows those lines settled, and applies the rest.
    await keep();
  }
  return outcome;
}

/** Discards a previewed import: nothing is marked. */
export async function discardPayoutImport(db: Db, actor: PayoutActor, importId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(payoutImports)
      .set({ status: 'discarded' })
      .where(and(eq(payoutImports.id, importId), eq(payoutImports.status, 'previewed')))
      .returning({ batchId: payoutImports.batchId });
    if (!row) throw await importRefusal(tx, importId);
    await recordAudit(tx, actor, {
      action: 'payoutImport.discard',
      target: { type: 'payoutBatch', id: String(row.batchId) },
      after: { importId: String(importId) },
    });
  });
}

// ---- reads --------------------------------------------------------------------------------------------------------

const uploader = alias(operators, 'uploader');
const applier = alias(operators, 'applier');

async function importsWhere(db: DbOrTx, where: ReturnType<typeof eq>) {
  return db
    .select({ row: payoutImports, uploaderName: uploader.name, applierName: applier.name })
    .from(payoutImports)
    .innerJoin(uploader, eq(uploader.id, payoutImports.uploadedBy))
    .leftJoin(applier, eq(applier.id, payoutImports.appliedBy))
    .where(where)
    .orderBy(desc(payoutImports.id));
}

type ImportRow = Awaited<ReturnType<typeof importsWhere>>[number];

/** Lines counted and summed by planned action (what the withdrawal pays, else what the line says). */
function totalsOf(lines: readonly StoredLine[]): TPayoutImport['totals'] {
  const totals = Object.fromEntries(
    PAYOUT_LINE_ACTIONS.map((action) => [action, { count: 0, fen: 0 }]),
  ) as Record<PayoutLineAction, { count: number; fen: number }>;
  for (const line of lines) {
    const entry = totals[line.action];
    entry.count += 1;
    const money = line.expected ?? line.amount;
    if (money !== null) entry.fen += moneyToFen(money);
  }
  return Object.fromEntries(
    Object.entries(totals).map(([action, { count, fen }]) => [action, { count, amount: fenToMoney(fen) }]),
  ) as TPayoutImport['totals'];
}

function summaryOf({ row, uploaderName, applierName }: ImportRow): TPayoutImportSummary {
  return {
    id: String(row.id),
    batchId: String(row.batchId),
    status: row.status,
    fileSha256: row.fileSha256,
    uploadedBy: { operatorId: row.uploadedBy, operatorName: uploaderName },
    createdAt: row.createdAt.toISOString(),
    appliedBy: row.appliedBy === null ? null : { operatorId: row.appliedBy, operatorName: applierName ?? '' },
    appliedAt: row.appliedAt?.toISOString() ?? null,
    totals: totalsOf(row.lines as StoredLine[]),
  };
}

/** An import with its lines (their results in the reader's words) and the batch's withdrawals no line names. */
export async function payoutImportDetail(
  db: DbOrTx,
  importId: number,
  explain: Explain,
): Promise<TPayoutImport> {
  const [found] = await importsWhere(db, eq(payoutImports.id, importId));
  if (!found) throw new AppError('payoutImportNotFound');
  const lines = found.row.lines as StoredLine[];
  const named = new Set(lines.map((line) => line.withdrawalId));
  const open = await db
    .select({ id: withdrawals.id, status: withdrawals.status })
    .from(withdrawals)
    .where(and(eq(withdrawals.payoutBatchId, found.row.batchId), eq(withdrawals.status, 'approved')))
    .orderBy(asc(withdrawals.id));
  return {
    ...summaryOf(found),
    notInFile: open.map((row) => String(row.id)).filter((id) => !named.has(id)),
    lines: lines.map((line) => ({
      ...line,
      result: line.result && {
        status: line.result.status,
        reason: line.result.error
          ? explain(new AppError(line.result.error.messageKey, line.result.error.params))
          : null,
      },
    })),
  };
}

/** A batch's imports, newest first, without their lines. */
export async function importsOfBatch(db: DbOrTx, batchId: number): Promise<TPayoutImportSummary[]> {
  return (await importsWhere(db, eq(payoutImports.batchId, batchId))).map(summaryOf);
}

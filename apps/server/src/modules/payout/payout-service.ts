import {
  maskAccountNumber,
  normalizeAccountNumber,
  PAYOUT_ACCOUNTS_MAX,
  type PayoutAccountProblem,
  payoutAccountProblem,
  type TPayoutAccount,
  type WithdrawalAccountType,
} from '@promoter/contract';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { keyedDigest, openSealed, sealText } from '../../crypto/seal';
import { AppError } from '../../errors';
import type { MessageKey } from '../../i18n/messages';

/**
 * An agent's saved payout accounts (decision 019). The number is sealed (AES-256-GCM, the configured
 * PAYOUT_ENCRYPTION_KEY) the moment it arrives and only its masked form is ever answered; nothing here logs it.
 * Changes of one agent's accounts are serialized by an advisory lock per agent, so the limit, the duplicate check and
 * "the first becomes the default" hold under races; the partial unique index keeps one default whatever happens.
 */
type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The key that seals the numbers: config.payoutKey. */
export type PayoutKey = Buffer;

/** An account as typed by an agent (payoutAccountAdd, or the inline account of a withdrawal). */
export interface TypedAccount {
  type: WithdrawalAccountType;
  holderName: string;
  bankName?: string | null;
  accountNo: string;
}

/** An account checked and sealed: what a payout account row and a withdrawal's copy keep. */
export interface SealedAccount {
  type: WithdrawalAccountType;
  holderName: string;
  bankName: string | null;
  accountSealed: string;
  accountMasked: string;
  /** A keyed digest of type and number: compares two accounts, or keys a request, without the number. */
  digest: string;
}

const PROBLEM_MESSAGES: Record<PayoutAccountProblem, MessageKey> = {
  bankCard: 'payoutBankCardInvalid',
  alipay: 'payoutAlipayInvalid',
  wechat: 'payoutWechatInvalid',
};

const accountDigest = (key: PayoutKey, type: WithdrawalAccountType, accountNo: string) =>
  keyedDigest(key, 'payout-account', `${type}:${accountNo}`);

/**
 * Checks a typed account (the number's form for its type, a bank's name for a bank card) and seals its number. Runs
 * before any transaction: a refusal writes nothing.
 */
export function sealAccount(key: PayoutKey, typed: TypedAccount): SealedAccount {
  const accountNo = normalizeAccountNumber(typed.type, typed.accountNo);
  const problem = payoutAccountProblem(typed.type, accountNo);
  if (problem) throw new AppError(PROBLEM_MESSAGES[problem]);
  const bankName = typed.type === 'bank' ? (typed.bankName ?? '').trim() : '';
  if (typed.type === 'bank' && bankName === '') throw new AppError('bankNameRequired');
  return {
    type: typed.type,
    holderName: typed.holderName.trim(),
    bankName: bankName === '' ? null : bankName,
    accountSealed: sealText(key, accountNo),
    accountMasked: maskAccountNumber(accountNo),
    digest: accountDigest(key, typed.type, accountNo),
  };
}

export function toPayoutAccountDto(row: PayoutAccountRow): TPayoutAccount {
  return {
    id: row.id,
    type: row.type,
    holderName: row.holderName,
    bankName: row.bankName,
    accountMasked: row.accountMasked,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One agent's account changes, one after the other (until the transaction ends). */
async function lockAgentAccounts(tx: Tx, agentId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout_accounts'), ${agentId})`);
}

const rowsOf = (db: DbOrTx, agentId: number) =>
  db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.agentId, agentId))
    .orderBy(desc(payoutAccounts.isDefault), desc(payoutAccounts.id));

/** The default first, then the newest. */
export async function listPayoutAccounts(db: DbOrTx, agentId: number): Promise<{ list: TPayoutAccount[] }> {
  return { list: (await rowsOf(db, agentId)).map(toPayoutAccountDto) };
}

/**
 * Saves a sealed account inside the caller's transaction. The same type and number saved already is refused
 * (`duplicate: 'refuse'`, an explicit add) or answered as the existing one (`'reuse'`, a withdrawal asked to save the
 * account it goes to); beyond PAYOUT_ACCOUNTS_MAX it is refused. The agent's first account becomes its default.
 */
export async function savePayoutAccount(
  tx: Tx,
  key: PayoutKey,
  agentId: number,
  account: SealedAccount,
  duplicate: 'refuse' | 'reuse',
): Promise<PayoutAccountRow> {
  await lockAgentAccounts(tx, agentId);
  const existing = await rowsOf(tx, agentId);
  const same = existing.find(
    (row) =>
      row.type === account.type &&
      accountDigest(key, row.type, openSealed(key, row.accountSealed)) === account.digest,
  );
  if (same) {
    if (duplicate === 'refuse') throw new AppError('payoutAccountDuplicate');
    return same;
  }
  if (existing.length >= PAYOUT_ACCOUNTS_MAX)
    throw new AppError('payoutAccountLimit', { max: PAYOUT_ACCOUNTS_MAX });
  const [row] = await tx
    .insert(payoutAccounts)
    .values({
      agentId,
      type: account.type,
      holderName: account.holderName,
      bankName: account.bankName,
      accountSealed: account.accountSealed,
      accountMasked: account.accountMasked,
      isDefault: !existing.some((other) => other.isDefault),
    })
    .returning();
  return row as PayoutAccountRow;
}

export async function addPayoutAccount(
  db: Db,
  key: PayoutKey,
  agentId: number,
  typed: TypedAccount,
): Promise<{ account: TPayoutAccount }> {
  const sealed = sealAccount(key, typed);
  const row = await db.transaction((tx) => savePayoutAccount(tx, key, agentId, sealed, 'refuse'));
  return { account: toPayoutAccountDto(row) };
}

/** One of the agent's own accounts; another agent's is as unknown as a missing one. */
export async function payoutAccountOf(db: DbOrTx, agentId: number, id: number): Promise<PayoutAccountRow> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.agentId, agentId)));
  if (!row) throw new AppError('payoutAccountNotFound');
  return row;
}

/**
 * Deletes one of the agent's accounts. The withdrawals made to it keep their own sealed copy, so no record changes.
 * When it was the default, the newest remaining account becomes the default.
 */
export async function deletePayoutAccount(db: Db, agentId: number, id: number) {
  return db.transaction(async (tx) => {
    await lockAgentAccounts(tx, agentId);
    const [deleted] = await tx
      .delete(payoutAccounts)
      .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.agentId, agentId)))
      .returning({ isDefault: payoutAccounts.isDefault });
    if (!deleted) throw new AppError('payoutAccountNotFound');
    if (deleted.isDefault) {
      await tx
        .update(payoutAccounts)
        .set({ isDefault: true })
        .where(
          eq(
            payoutAccounts.id,
            sql`(select max(${payoutAccounts.id}) from ${payoutAccounts} where ${payoutAccounts.agentId} = ${agentId})`,
          ),
        );
    }
    return listPayoutAccounts(tx, agentId);
  });
}

/**
 * Makes one account the default: the former default is cleared and this one set, each a compare-and-set on the
 * flag, in one transaction (the partial unique index admits one default per agent).
 */
export async function setDefaultPayoutAccount(db: Db, agentId: number, id: number) {
  return db.transaction(async (tx) => {
    await lockAgentAccounts(tx, agentId);
    const target = await payoutAccountOf(tx, agentId, id);
    if (!target.isDefault) {
      await tx
        .update(payoutAccounts)
        .set({ isDefault: false })
        .where(
          and(
            eq(payoutAccounts.agentId, agentId),
            eq(payoutAccounts.isDefault, true),
            ne(payoutAccounts.id, id),
          ),
        );
      const [changed] = await tx
        .update(payoutAccounts)
        .set({ isDefault: true })
        .where(
          and(
            eq(payoutAccounts.id, id),
            eq(payoutAccounts.agentId, agentId),
            eq(payoutAccounts.isDefault, false),
          ),
        )
        .returning({ id: payoutAccounts.id });
      if (!changed) throw new AppError('payoutAccountNotFound');
    }
    return listPayoutAccounts(tx, agentId);
  });
}

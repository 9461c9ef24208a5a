import type { BillType } from '@promoter/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, ledgerEntries } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type MemoKey, type MessageKey, translate } from '../../i18n/messages';

export type AccountOwner = { ownerType: 'agent'; ownerId: number } | { ownerType: 'player'; ownerId: number };
export type AccountCurrency = 'balance' | 'diamonds';

export const agentOwner = (agentId: number): AccountOwner => ({ ownerType: 'agent', ownerId: agentId });
export const playerOwner = (playerId: number): AccountOwner => ({ ownerType: 'player', ownerId: playerId });

export interface Posting {
  owner: AccountOwner;
  currency: AccountCurrency;
  /** Signed: positive credits, negative debits. Fen for balance, whole diamonds for diamonds. */
  amount: number;
  billType: BillType;
  ref: { type: string; id: string };
  counterparty?: AccountOwner;
  memo?: Memo;
  /** Only the demo seed writes history in the past. */
  at?: Date;
}

/** An entry's memo: a message key of the `memo…` family and its parameters, read in the reader's language. */
export interface Memo {
  key: MemoKey;
  params?: Record<string, string | number>;
}

export const memo = (key: MemoKey, params?: Record<string, string | number>): Memo => ({
  key,
  ...(params ? { params } : {}),
});

export class InsufficientFundsError extends Error {
  constructor(
    readonly owner: AccountOwner,
    readonly currency: AccountCurrency,
  ) {
    super(`insufficient ${currency} on ${owner.ownerType} ${owner.ownerId}`);
    this.name = 'InsufficientFundsError';
  }
}

/** The condition naming one owner's accounts: of one currency, or of both when none is given. */
export function accountOf(owner: AccountOwner, currency?: AccountCurrency): SQL | undefined {
  return and(
    eq(accounts.ownerType, owner.ownerType),
    eq(accounts.ownerId, owner.ownerId),
    currency === undefined ? undefined : eq(accounts.currency, currency),
  );
}

/** The value of one account as the database holds it; 0 when the account does not exist yet. */
export async function accountValue(
  db: DbOrTx,
  owner: AccountOwner,
  currency: AccountCurrency,
): Promise<number> {
  const [account] = await db
    .select({ value: accounts.value })
    .from(accounts)
    .where(accountOf(owner, currency));
  return account?.value ?? 0;
}

/** Creates the account if it does not exist yet; returns its id. */
export async function ensureAccount(
  db: DbOrTx,
  owner: AccountOwner,
  currency: AccountCurrency,
): Promise<number> {
  const [created] = await db
    .insert(accounts)
    .values({ ownerType: owner.ownerType, ownerId: owner.ownerId, currency })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(accountOf(owner, currency));
  if (!existing) throw new Error('account vanished');
  return existing.id;
}

/**
 * Applies one change to one account and writes its ledger entry, inside the caller's transaction.
 * The change is one conditional UPDATE (`value + amount >= 0`), so a debit can never overdraw, whatever runs
 * beside it; no read-then-write in application code. Throws InsufficientFundsError when the debit does not fit.
 *
 * One round trip when the account exists (the usual case): the account is found, changed and its entry written by
 * one statement. Only a credit to an account that does not exist yet creates it first (a debit of a missing account
 * cannot fit) and runs the statement again: the statement's parts share one snapshot, so its update could not see
 * a row its own insert created.
 */
export async function post(tx: DbOrTx, posting: Posting): Promise<{ entryId: number; after: number }> {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
    throw new Error('posting amount must be a non-zero integer');
  const first = await postToExisting(tx, posting);
  if (first.entry) return first.entry;
  if (first.accountFound || posting.amount < 0)
    throw new InsufficientFundsError(posting.owner, posting.currency);
  await ensureAccount(tx, posting.owner, posting.currency);
  const second = await postToExisting(tx, posting);
  if (!second.entry) throw new InsufficientFundsError(posting.owner, posting.currency);
  return second.entry;
}

/** The statement of post(): the account's conditional update and its entry, if the account exists and it fits. */
async function postToExisting(
  tx: DbOrTx,
  posting: Posting,
): Promise<{ accountFound: boolean; entry: { entryId: number; after: number } | null }> {
  const memoText = posting.memo ? translate(DEFAULT_LOCALE, posting.memo.key, posting.memo.params) : '';
  const result = await tx.execute<{
    account_id: number | null;
    entry_id: string | null;
    after: string | null;
  }>(sql`
    with account as (
      select id from ${accounts}
      where owner_type = ${posting.owner.ownerType}::text and owner_id = ${posting.owner.ownerId}::integer
        and currency = ${posting.currency}::text
    ), changed as (
      update ${accounts} set value = value + ${posting.amount}::bigint, updated_at = now()
      where id = (select id from account) and value + ${posting.amount}::bigint >= 0
      returning id, value
    ), entry as (
      insert into ${ledgerEntries}
        (account_id, amount, after, bill_type, ref_type, ref_id, counterparty_type, counterparty_id,
         memo, memo_key, memo_params, created_at)
      select id, ${posting.amount}::bigint, value, ${posting.billType}::smallint, ${posting.ref.type}::text,
             ${posting.ref.id}::text, ${posting.counterparty?.ownerType ?? null}::text,
             ${posting.counterparty?.ownerId ?? null}::integer, ${memoText}::text, ${posting.memo?.key ?? null}::text,
             ${posting.memo?.params ? JSON.stringify(posting.memo.params) : null}::jsonb,
             coalesce(${posting.at?.toISOString() ?? null}::timestamptz, now())
      from changed
      returning id, after
    )
    select (select id from account) as account_id, entry.id as entry_id, entry.after as after
    from (select 1) as one left join entry on true`);
  const row = result.rows[0];
  return {
    accountFound: row?.account_id !== null && row?.account_id !== undefined,
    entry:
      row?.entry_id === null || row?.entry_id === undefined
        ? null
        : { entryId: Number(row.entry_id), after: Number(row.after) },
  };
}

/**
 * Applies several postings of one operation in a fixed order (owner type, owner id, currency), so that two
 * operations touching the same accounts always lock them in the same order and cannot deadlock.
 */
export async function postAll(
  tx: DbOrTx,
  postings: Posting[],
): Promise<Map<Posting, { entryId: number; after: number }>> {
  const order = (p: Posting) =>
    `${p.owner.ownerType}:${String(p.owner.ownerId).padStart(12, '0')}:${p.currency}`;
  const results = new Map<Posting, { entryId: number; after: number }>();
  for (const posting of [...postings].sort((a, b) => order(a).localeCompare(order(b)))) {
    results.set(posting, await post(tx, posting));
  }
  return results;
}

/** One side of a move: whose account, and how its entry reads. */
export interface MoveSide {
  owner: AccountOwner;
  billType: BillType;
  memo: Memo;
}

/**
 * Moves `amount` of one currency from one owner to another: the two entries of one operation, each naming the
 * other as counterparty, in the deadlock-free order of postAll. Answers the sender's value after; throws
 * InsufficientFundsError when the sender lacks the amount (nothing is written then).
 */
export async function move(
  tx: DbOrTx,
  m: { from: MoveSide; to: MoveSide; currency: AccountCurrency; amount: number; ref: Posting['ref'] },
): Promise<number> {
  const out: Posting = {
    owner: m.from.owner,
    currency: m.currency,
    amount: -m.amount,
    billType: m.from.billType,
    ref: m.ref,
    counterparty: m.to.owner,
    memo: m.from.memo,
  };
  const into: Posting = {
    owner: m.to.owner,
    currency: m.currency,
    amount: m.amount,
    billType: m.to.billType,
    ref: m.ref,
    counterparty: m.from.owner,
    memo: m.to.memo,
  };
  const results = await postAll(tx, [out, into]);
  return results.get(out)?.after ?? 0;
}

/** For `.catch`: a debit that does not fit becomes the caller's refusal (`notEnoughDiamonds`, ...). */
export const refuseShortfall =
  (key: MessageKey) =>
  (error: unknown): never => {
    if (error instanceof InsufficientFundsError) throw new AppError(key);
    throw error;
  };

import type { BillType } from '@promoter/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Prepared, runPrepared } from '../../db/prepared';
import { accounts } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type MemoKey, type MessageKey, translate } from '../../i18n/messages';

export type AccountOwner = { ownerType: 'agent'; ownerId: number } | { ownerType: 'player'; ownerId: number };
/** What an account holds and its owner may spend. An agent may also have an 'owed' account (refunds, decision 043). */
export type AccountCurrency = 'balance' | 'diamonds';

/**
 * An account's currency where only spendable ones may appear (a bill, an order's entries): the owed account is read
 * only through its own queries, so meeting it here is a bug, not a value to show.
 */
export function spendable(currency: AccountCurrency | 'owed'): AccountCurrency {
  if (currency === 'owed') throw new Error('an owed account where only balances and diamonds are read');
  return currency;
}

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
 * Applies one change to one account and writes its ledger entry, inside the caller's transaction: one round trip,
 * the database function `ledger_post` (src/db/functions/ledger.sql, decision 025). The change is one conditional UPDATE
 * (`value + amount >= 0`), so a debit can never overdraw, whatever runs beside it; a credit to an account that does
 * not exist yet creates it. Throws InsufficientFundsError when the debit does not fit (nothing written; the
 * transaction stays usable).
 */
export async function post(tx: DbOrTx, posting: Posting): Promise<{ entryId: number; after: number }> {
  assertAmount(posting);
  const [row] = await runPrepared<{ o_entry_id: string | null; o_after: string | null }>(tx, LEDGER_POST, [
    posting.owner.ownerType,
    posting.owner.ownerId,
    posting.currency,
    posting.amount,
    posting.billType,
    posting.ref.type,
    posting.ref.id,
    posting.counterparty?.ownerType ?? null,
    posting.counterparty?.ownerId ?? null,
    memoText(posting.memo),
    posting.memo?.key ?? null,
    memoParams(posting.memo),
    posting.at?.toISOString() ?? null,
  ]);
  if (row?.o_entry_id === null || row?.o_entry_id === undefined)
    throw new InsufficientFundsError(posting.owner, posting.currency);
  return { entryId: Number(row.o_entry_id), after: Number(row.o_after) };
}

function assertAmount(posting: Posting): void {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
    throw new Error('posting amount must be a non-zero integer');
}

const LEDGER_POST: Prepared = {
  name: 'ledger_post_v1',
  text: `select o_entry_id, o_after from ledger_post($1::text, $2::integer, $3::text, $4::bigint, $5::smallint,
    $6::text, $7::text, $8::text, $9::integer, $10::text, $11::text, $12::jsonb, $13::timestamptz)`,
};

/** The memo as stored beside its key: the platform's language (Chinese), for readers of entries without a key. */
export const memoText = (m: Memo | undefined): string =>
  m ? translate(DEFAULT_LOCALE, m.key, m.params) : '';

const memoParams = (m: Memo | undefined): string | null => (m?.params ? JSON.stringify(m.params) : null);

/**
 * Applies several postings of one operation in one round trip, the database function `ledger_post_all`
 * (src/db/functions/ledger.sql): it locks their accounts first in the ledger's one lock order (`ledger_lock`), so two
 * operations touching the same accounts wait for each other and cannot deadlock, then applies them in the order
 * given. Throws InsufficientFundsError for the first debit that does not fit (those before it stay in the caller's
 * transaction, which the refusal rolls back).
 */
export async function postAll(
  tx: DbOrTx,
  postings: Posting[],
): Promise<Map<Posting, { entryId: number; after: number }>> {
  postings.forEach(assertAmount);
  const rows = await runPrepared<{ o_position: number; o_entry_id: string | null; o_after: string | null }>(
    tx,
    LEDGER_POST_ALL,
    [JSON.stringify(postings.map(postingRecord))],
  );
  const results = new Map<Posting, { entryId: number; after: number }>();
  for (const row of rows) {
    const posting = postings[row.o_position - 1] as Posting;
    if (row.o_entry_id === null) throw new InsufficientFundsError(posting.owner, posting.currency);
    results.set(posting, { entryId: Number(row.o_entry_id), after: Number(row.o_after) });
  }
  return results;
}

/** A posting as `ledger_post_all` reads it (one element of its JSON array). */
const postingRecord = (p: Posting) => ({
  owner_type: p.owner.ownerType,
  owner_id: p.owner.ownerId,
  currency: p.currency,
  amount: p.amount,
  bill_type: p.billType,
  ref_type: p.ref.type,
  ref_id: p.ref.id,
  counterparty_type: p.counterparty?.ownerType ?? null,
  counterparty_id: p.counterparty?.ownerId ?? null,
  memo: memoText(p.memo),
  memo_key: p.memo?.key ?? null,
  memo_params: p.memo?.params ?? null,
  at: p.at?.toISOString() ?? null,
});

const LEDGER_POST_ALL: Prepared = {
  name: 'ledger_post_all_v1',
  text: 'select o_position, o_entry_id, o_after from ledger_post_all($1::jsonb)',
};

/** One side of a move: whose account, and how its entry reads. */
export interface MoveSide {
  owner: AccountOwner;
  billType: BillType;
  memo: Memo;
}

/**
 * Moves `amount` of one currency from one owner to another: the two entries of one operation, each naming the
 * other as counterparty, with both accounts locked first in the ledger's one lock order (`ledger_lock`). One round
 * trip, the database function `ledger_move` (src/db/functions/ledger.sql). Answers the sender's value after; throws
 * InsufficientFundsError when the sender lacks the amount (nothing is written then).
 */
export async function move(
  tx: DbOrTx,
  m: { from: MoveSide; to: MoveSide; currency: AccountCurrency; amount: number; ref: Posting['ref'] },
): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0)
    throw new Error('a move amount must be a positive integer');
  const [row] = await runPrepared<{ o_from_after: string | null }>(tx, LEDGER_MOVE, [
    m.currency,
    m.amount,
    m.ref.type,
    m.ref.id,
    ...moveSide(m.from),
    ...moveSide(m.to),
  ]);
  if (row?.o_from_after === null || row?.o_from_after === undefined)
    throw new InsufficientFundsError(m.from.owner, m.currency);
  return Number(row.o_from_after);
}

const moveSide = (side: MoveSide) => [
  side.owner.ownerType,
  side.owner.ownerId,
  side.billType,
  memoText(side.memo),
  side.memo.key,
  memoParams(side.memo),
];

const LEDGER_MOVE: Prepared = {
  name: 'ledger_move_v1',
  text: `select o_from_after from ledger_move($1::text, $2::bigint, $3::text, $4::text,
    $5::text, $6::integer, $7::smallint, $8::text, $9::text, $10::jsonb,
    $11::text, $12::integer, $13::smallint, $14::text, $15::text, $16::jsonb)`,
};

/** For `.catch`: a debit that does not fit becomes the caller's refusal (`notEnoughDiamonds`, ...). */
export const refuseShortfall =
  (key: MessageKey) =>
  (error: unknown): never => {
    if (error instanceof InsufficientFundsError) throw new AppError(key);
    throw error;
  };

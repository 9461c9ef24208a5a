import { randomUUID } from 'node:crypto';
import type { BillType, CallInput } from '@promoter/contract';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import {
  accounts,
  exchanges,
  idempotencyKeys,
  ledgerEntries,
  options,
  recharges,
  transfers,
  withdrawals,
} from '../../src/db/schema';
import {
  type AccountCurrency,
  type AccountOwner,
  accountOf,
  type Memo,
  post,
} from '../../src/modules/ledger/ledger-service';
import type { OptionKey } from '../../src/modules/options/options-service';
import { api } from '../helper';

/** Shared helpers of the money API tests (not a test file itself). */

export const uuid = (): string => randomUUID();

export { accountValue, agentOwner, playerOwner } from '../../src/modules/ledger/ledger-service';

/** The agent of `token` applies to withdraw `amount` (to an Alipay account unless `account` says otherwise). */
export function applyToWithdraw(
  app: FastifyInstance,
  token: string,
  amount: string,
  account: Partial<Pick<CallInput<'withdraw'>, 'accountType' | 'accountName' | 'accountNo'>> = {},
) {
  return api(app, 'withdraw', {
    token,
    input: {
      amount,
      accountType: 'alipay',
      accountName: 'n',
      accountNo: 'n@example.com',
      requestId: randomUUID(),
      ...account,
    },
  });
}

export interface EntryRow {
  id: number;
  amount: number;
  after: number;
  billType: number;
  refType: string;
  refId: string;
  counterpartyType: string | null;
  counterpartyId: number | null;
  ownerType: string;
  ownerId: number;
  currency: string;
}

/** Ledger entries with their accounts' owner and currency, matching `where`, oldest first. */
function entriesWhere(db: Db, where: SQL | undefined): Promise<EntryRow[]> {
  return db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      after: ledgerEntries.after,
      billType: ledgerEntries.billType,
      refType: ledgerEntries.refType,
      refId: ledgerEntries.refId,
      counterpartyType: ledgerEntries.counterpartyType,
      counterpartyId: ledgerEntries.counterpartyId,
      ownerType: accounts.ownerType,
      ownerId: accounts.ownerId,
      currency: accounts.currency,
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(where)
    .orderBy(asc(ledgerEntries.id));
}

/** Ledger entries of one reference (e.g. both sides of a recharge), oldest first. */
export function entriesOfRef(db: Db, refType: string, refId: string): Promise<EntryRow[]> {
  return entriesWhere(db, and(eq(ledgerEntries.refType, refType), eq(ledgerEntries.refId, refId)));
}

/** Entries of one account, oldest first. */
export function entriesOf(db: Db, owner: AccountOwner, currency: AccountCurrency): Promise<EntryRow[]> {
  return entriesWhere(db, accountOf(owner, currency));
}

async function rowCount(db: Db, table: TableWithCount): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}
type TableWithCount =
  | typeof ledgerEntries
  | typeof recharges
  | typeof transfers
  | typeof withdrawals
  | typeof exchanges
  | typeof idempotencyKeys;

/**
 * Everything a money call may change: every account value, the number of ledger entries and the rows of every
 * operation table. A refusal must leave all of it as it was.
 */
export async function moneySnapshot(db: Db) {
  const values = await db
    .select({
      ownerType: accounts.ownerType,
      ownerId: accounts.ownerId,
      currency: accounts.currency,
      value: accounts.value,
    })
    .from(accounts)
    .orderBy(asc(accounts.id));
  return {
    accounts: values,
    ledgerEntries: await rowCount(db, ledgerEntries),
    recharges: await rowCount(db, recharges),
    transfers: await rowCount(db, transfers),
    withdrawals: await rowCount(db, withdrawals),
    exchanges: await rowCount(db, exchanges),
    idempotencyKeys: await rowCount(db, idempotencyKeys),
  };
}

/**
 * The ledger's invariants over the whole database: no account below zero, each account's entries sum to its
 * value, and the newest entry's `after` is the value.
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const result = await db.execute<{
    id: number;
    value: string;
    total: string | null;
    last_after: string | null;
  }>(sql`
    select a.id, a.value::text as value,
      (select sum(e.amount) from ledger_entries e where e.account_id = a.id)::text as total,
      (select e.after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1)::text as last_after
    from accounts a`);
  for (const row of result.rows) {
    expect(Number(row.value), `account ${row.id} negative`).toBeGreaterThanOrEqual(0);
    expect(Number(row.total ?? 0), `account ${row.id}: entries sum to the value`).toBe(Number(row.value));
    if (row.last_after !== null)
      expect(Number(row.last_after), `account ${row.id}: last after is the value`).toBe(Number(row.value));
  }
}

/** Sets an operator option for the rest of the file (or until cleared). */
export async function setOption(db: Db, key: OptionKey, value: string): Promise<void> {
  await db.insert(options).values({ key, value }).onConflictDoUpdate({ target: options.key, set: { value } });
}

export async function clearOption(db: Db, key: OptionKey): Promise<void> {
  await db.delete(options).where(eq(options.key, key));
}

/** Writes one ledger entry directly, the way the other modules (shop, profit, seed) do, optionally in the past. */
export async function postEntry(
  db: Db,
  values: {
    owner: AccountOwner;
    currency: AccountCurrency;
    amount: number;
    billType: BillType;
    at?: Date;
    refType?: string;
    refId?: string;
    counterparty?: AccountOwner;
    memo?: Memo;
  },
): Promise<number> {
  const { entryId } = await db.transaction((tx) =>
    post(tx, {
      owner: values.owner,
      currency: values.currency,
      amount: values.amount,
      billType: values.billType,
      ref: { type: values.refType ?? 'test', id: values.refId ?? uuid() },
      counterparty: values.counterparty,
      memo: values.memo,
      at: values.at,
    }),
  );
  return entryId;
}

/** "128.50" -> 12850, for checking that `after` follows `amount` in the bill. */
export function fenOf(money: string | number): number {
  if (typeof money === 'number') return money;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(money);
  if (!match) throw new Error(`not money: ${money}`);
  const fen = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -fen : fen;
}

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: unknown;
}

/**
 * A refusal as the client sees it: HTTP 200, code 0, this very message, no data. `code: 0` alone is no refusal
 * check: an unexpected error answers 500 with code 0 too, and a schema failure 400.
 */
export function expectRefusal(answer: Answer, msg: string | RegExp): void {
  expect({ status: answer.status, code: answer.code, data: answer.data }, answer.msg).toEqual({
    status: 200,
    code: 0,
    data: null,
  });
  if (typeof msg === 'string') expect(answer.msg).toBe(msg);
  else expect(answer.msg).toMatch(msg);
}

/** A request the schema rejects: HTTP 400, code 0, the message naming the field, no data. */
export function expectInvalid(answer: Answer, field: string): void {
  expect({ status: answer.status, code: answer.code }, answer.msg).toEqual({ status: 400, code: 0 });
  expect(answer.msg).toContain(field);
  expect(answer.data ?? null).toBeNull();
}

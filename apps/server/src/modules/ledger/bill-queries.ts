import { BILL_COUNT_CAP, fenToMoney, type TBillEntry } from '@promoter/contract';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, agents, ledgerEntries, players } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type Locale, translateMemo } from '../../i18n/messages';

export type EntryRow = typeof ledgerEntries.$inferSelect;
type Currency = 'balance' | 'diamonds';

const currencyCode = (currency: Currency) => (currency === 'balance' ? 1 : 2) as 1 | 2;

function toBillEntry(row: EntryRow, currency: Currency, locale: Locale): TBillEntry {
  const value = (n: number) => (currency === 'balance' ? fenToMoney(n) : n);
  return {
    id: String(row.id),
    billType: row.billType,
    currency: currencyCode(currency),
    amount: value(row.amount),
    after: value(row.after),
    memo: translateMemo(locale, row),
    createdAt: row.createdAt.toISOString(),
  };
}

async function agentAccounts(db: Db, agentId: number) {
  return db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId)));
}

export interface EntryFilter {
  billType?: number;
  /** ISO times; `to` is exclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/**
 * One account's entries, newest first, filtered and paged. Both the page and the count walk the composite indexes
 * (account, time, id) or (account, type, time, id), so an account with a million entries pages as fast as a new one.
 * The count stops at BILL_COUNT_CAP: an exact count of a million entries would cost more than the page itself. The
 * agent's flow and the console's ledger of an agent both read through here.
 */
export async function entryPage(
  db: DbOrTx,
  accountId: number | undefined,
  query: EntryFilter,
): Promise<{ rows: EntryRow[]; total: number; totalIsLowerBound: boolean }> {
  if (accountId === undefined) return { rows: [], total: 0, totalIsLowerBound: false };
  const where = and(
    eq(ledgerEntries.accountId, accountId),
    query.billType !== undefined ? eq(ledgerEntries.billType, query.billType) : undefined,
    query.from ? gte(ledgerEntries.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(ledgerEntries.createdAt, new Date(query.to)) : undefined,
  );
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from (select 1 from ${ledgerEntries} where ${where} limit ${BILL_COUNT_CAP + 1}) capped`,
    ),
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  return { rows, total: Math.min(total, BILL_COUNT_CAP), totalIsLowerBound: total > BILL_COUNT_CAP };
}

/** The caller's entries of one currency (`agent/user/bill`). */
export async function listBill(
  db: Db,
  agentId: number,
  query: { currency: number } & EntryFilter,
  locale: Locale = DEFAULT_LOCALE,
) {
  const currency: Currency = query.currency === 1 ? 'balance' : 'diamonds';
  const account = (await agentAccounts(db, agentId)).find((a) => a.currency === currency);
  const page = await entryPage(db, account?.id, query);
  return {
    list: page.rows.map((row) => toBillEntry(row, currency, locale)),
    total: page.total,
    totalIsLowerBound: page.totalIsLowerBound,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function recentBill(db: Db, agentId: number, limit: number, locale: Locale = DEFAULT_LOCALE) {
  const own = await agentAccounts(db, agentId);
  // One index walk per account (newest first, `limit` rows each), merged here: an IN over both accounts would
  // have to sort every entry of the agent.
  const perAccount = await Promise.all(
    own.map(async (account) =>
      (
        await db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.accountId, account.id))
          .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
          .limit(limit)
      ).map((row) => ({ row, currency: account.currency })),
    ),
  );
  const merged = perAccount
    .flat()
    .sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.row.id - a.row.id)
    .slice(0, limit);
  return { list: merged.map(({ row, currency }) => toBillEntry(row, currency, locale)) };
}

/** One of the caller's own entries with what it refers to; another agent's entry is "not found". */
export async function billDetail(db: Db, agentId: number, id: string, locale: Locale = DEFAULT_LOCALE) {
  const [row] = await db
    .select({ entry: ledgerEntries, currency: accounts.currency })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    .where(
      and(eq(ledgerEntries.id, Number(id)), eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId)),
    );
  if (!row) throw new AppError('entryNotFound');
  const { entry } = row;
  let counterparty = null;
  if (entry.counterpartyType && entry.counterpartyId !== null) {
    const [named] =
      entry.counterpartyType === 'player'
        ? await db
            .select({ nickname: players.nickname })
            .from(players)
            .where(eq(players.id, entry.counterpartyId))
        : await db
            .select({ nickname: players.nickname })
            .from(agents)
            .innerJoin(players, eq(players.id, agents.playerId))
            .where(eq(agents.id, entry.counterpartyId));
    counterparty = {
      kind: entry.counterpartyType,
      id: entry.counterpartyId,
      nickname: named?.nickname ?? '',
    };
  }
  return {
    ...toBillEntry(entry, row.currency, locale),
    reference: { type: entry.refType, id: entry.refId, counterparty },
  };
}

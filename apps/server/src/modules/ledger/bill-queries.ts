import { fenToMoney, type TBillEntry } from '@promoter/contract';
import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, agents, ledgerEntries, players } from '../../db/schema';
import { AppError } from '../../http/errors';

type EntryRow = typeof ledgerEntries.$inferSelect;
type Currency = 'balance' | 'diamonds';

const currencyCode = (currency: Currency) => (currency === 'balance' ? 1 : 2) as 1 | 2;

function toBillEntry(row: EntryRow, currency: Currency): TBillEntry {
  const value = (n: number) => (currency === 'balance' ? fenToMoney(n) : n);
  return {
    id: String(row.id),
    billType: row.billType,
    currency: currencyCode(currency),
    amount: value(row.amount),
    after: value(row.after),
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

async function agentAccounts(db: Db, agentId: number) {
  return db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.ownerType, 'agent'), eq(accounts.ownerId, agentId)));
}

/**
 * One account's entries, newest first. Both the page and the count walk the composite indexes
 * (account, time, id) or (account, type, time, id), so an agent with a million entries pages as fast as a new one.
 */
export async function listBill(
  db: Db,
  agentId: number,
  query: { currency: number; billType?: number; from?: string; to?: string; page: number; pageSize: number },
) {
  const currency: Currency = query.currency === 1 ? 'balance' : 'diamonds';
  const account = (await agentAccounts(db, agentId)).find((a) => a.currency === currency);
  const empty = { list: [], total: 0, page: query.page, pageSize: query.pageSize };
  if (!account) return empty;
  const where = and(
    eq(ledgerEntries.accountId, account.id),
    query.billType !== undefined ? eq(ledgerEntries.billType, query.billType) : undefined,
    query.from ? gte(ledgerEntries.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(ledgerEntries.createdAt, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return {
    list: rows.map((row) => toBillEntry(row, currency)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function recentBill(db: Db, agentId: number, limit: number) {
  const own = await agentAccounts(db, agentId);
  if (own.length === 0) return { list: [] };
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.accountId,
        own.map((a) => a.id),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit);
  const currencyOf = new Map(own.map((a) => [a.id, a.currency]));
  return { list: rows.map((row) => toBillEntry(row, currencyOf.get(row.accountId) as Currency)) };
}

/** One of the caller's own entries with what it refers to; another agent's entry is "not found". */
export async function billDetail(db: Db, agentId: number, id: string) {
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
    ...toBillEntry(entry, row.currency),
    reference: { type: entry.refType, id: entry.refId, counterparty },
  };
}

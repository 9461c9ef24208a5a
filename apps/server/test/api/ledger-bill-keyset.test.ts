// Keyset paging of the bill list (decision 023): a page asked with the cursor of the page before is the
// same page as the offset path gives, filters still apply, entries written between two pages neither repeat nor
// skip on the cursor path, and a cursor that is not one of the caller's entries of that currency is a 400.
import { BillType, type TBillEntry } from '@promoter/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { ensureAccount } from '../../src/modules/ledger/ledger-service';
import { createAgent, fund, signIn } from '../factories';
import { api, apiUnchecked, build, countStatements, type TestApp } from '../helper';
import { expectLedgerConsistent } from './money-support';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterEach(async () => expectLedgerConsistent(t.db));
afterAll(async () => t.close());

type Query = { currency: 1 | 2; page?: number; pageSize?: number; billType?: number; cursor?: string } & {
  from?: string;
  to?: string;
};

const page = async (token: string, input: Query) => (await api(t.app, 'bill', { token, input })).data;

/**
 * An agent whose diamond account holds `n` entries written in bulk over the past hours, three to a timestamp (so the
 * order within a timestamp is the id's), every fifth of another bill type; and a few balance entries.
 */
async function longHistory(n: number) {
  const agent = await createAgent(t.db, { level: 1 });
  const diamonds = await ensureAccount(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'diamonds');
  await t.db.execute(sql`
    insert into ledger_entries (account_id, amount, after, bill_type, ref_type, ref_id, created_at)
    select ${diamonds}, 1, g, case when g % 5 = 0 then ${BillType.adjustment}::smallint else ${BillType.transferIn}::smallint end,
           'bulk', g::text, date_trunc('second', now()) - make_interval(secs => 3 * (${n} - g / 3) + 60)
      from generate_series(1, ${n}::int) g`);
  await t.db.execute(sql`update accounts set value = ${n}, entry_count = ${n} where id = ${diamonds}`);
  await fund(t.db, { ownerType: 'agent', ownerId: agent.agentId }, 'balance', 12_345);
  const token = await signIn(t.app, t.db, agent.playerId);
  return { agent, diamonds, token };
}

/** The account's ids as the database orders them, newest first (optionally of one type). */
async function idsNewestFirst(accountId: number, billType?: number) {
  const rows = await t.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        billType !== undefined ? eq(ledgerEntries.billType, billType) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id));
  return rows.map((r) => String(r.id));
}

/** Every page by cursor, from the first (asked without one) to the one whose nextCursor is null. */
async function walk(token: string, query: Query, between?: (pageNumber: number) => Promise<void>) {
  const pages: {
    list: TBillEntry[];
    total: number;
    totalIsLowerBound: boolean;
    nextCursor: string | null;
  }[] = [];
  let cursor: string | undefined;
  for (let n = 1; n < 1000; n++) {
    const p = await page(token, { ...query, page: n, ...(cursor ? { cursor } : {}) });
    pages.push(p);
    if (p.nextCursor === null) break;
    expect(p.nextCursor).toBe(p.list[p.list.length - 1]?.id);
    cursor = p.nextCursor;
    await between?.(n);
  }
  return pages;
}

describe('agent/user/bill by cursor', () => {
  it('gives the same pages as the offset path, same rows in the same order, ties broken by id', async () => {
    const { diamonds, token } = await longHistory(61);
    const expected = await idsNewestFirst(diamonds);
    expect(expected).toHaveLength(61);
    const byCursor = await walk(token, { currency: 2, pageSize: 7 });
    expect(byCursor).toHaveLength(9);
    for (const [i, p] of byCursor.entries()) {
      const byOffset = await page(token, { currency: 2, page: i + 1, pageSize: 7 });
      expect(p.list, `page ${i + 1}`).toEqual(byOffset.list);
      expect(byOffset.total).toBe(61);
      expect(byOffset.nextCursor).toBe(p.nextCursor);
    }
    expect(byCursor.flatMap((p) => p.list.map((e) => e.id))).toEqual(expected);
    // Without a count, total says what is known: the entries so far and one more while another page follows.
    expect(byCursor[1]).toMatchObject({ total: 15, totalIsLowerBound: true });
    expect(byCursor[8]).toMatchObject({ total: 61, totalIsLowerBound: false, nextCursor: null });
    expect(byCursor[8]?.list).toHaveLength(5);
  });

  it('keeps the filters: bill type and a time range, on both paths', async () => {
    const { diamonds, token } = await longHistory(40);
    const adjustments = await idsNewestFirst(diamonds, BillType.adjustment);
    expect(adjustments).toHaveLength(8);
    const typed = await walk(token, { currency: 2, pageSize: 3, billType: BillType.adjustment });
    expect(typed.flatMap((p) => p.list.map((e) => e.id))).toEqual(adjustments);
    expect(typed.flatMap((p) => p.list).every((e) => e.billType === BillType.adjustment)).toBe(true);
    const third = await page(token, { currency: 2, pageSize: 3, billType: BillType.adjustment, page: 3 });
    expect(third.list).toEqual(typed[2]?.list);
    expect(third.total).toBe(8);

    // A window of the middle entries: from included, to excluded.
    const all = (await page(token, { currency: 2, pageSize: 100 })).list;
    const to = all[10]?.createdAt as string;
    const from = all[30]?.createdAt as string;
    const inWindow = all.filter((e) => e.createdAt >= from && e.createdAt < to).map((e) => e.id);
    expect(inWindow.length).toBeGreaterThan(10);
    const windowed = await walk(token, { currency: 2, pageSize: 4, from, to });
    expect(windowed.flatMap((p) => p.list.map((e) => e.id))).toEqual(inWindow);
    const offsetWindow = await page(token, { currency: 2, pageSize: 4, from, to, page: 2 });
    expect(offsetWindow.list).toEqual(windowed[1]?.list);
  });

  it('neither repeats nor skips an entry when entries are written between two pages', async () => {
    const { agent, diamonds, token } = await longHistory(30);
    const before = await idsNewestFirst(diamonds);
    const owner = { ownerType: 'agent' as const, ownerId: agent.agentId };
    const pages = await walk(token, { currency: 2, pageSize: 4 }, async () => {
      await fund(t.db, owner, 'diamonds', 2);
    });
    const seen = pages.flatMap((p) => p.list.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);
    // The cursor path goes on below the first page it read: the newer entries are not in it, nothing older is lost.
    expect(seen).toEqual(before);
    expect((await idsNewestFirst(diamonds)).length).toBe(30 + pages.length - 1);
  });

  it('answers a jump to a deep page without a cursor right, and an empty page past the end', async () => {
    const { diamonds, token } = await longHistory(100);
    const expected = await idsNewestFirst(diamonds);
    const deep = await page(token, { currency: 2, page: 12, pageSize: 8 });
    expect(deep.list.map((e) => e.id)).toEqual(expected.slice(88, 96));
    expect(deep).toMatchObject({ total: 100, totalIsLowerBound: false, nextCursor: expected[95] });
    const last = await page(token, { currency: 2, page: 13, pageSize: 8 });
    expect(last.list.map((e) => e.id)).toEqual(expected.slice(96));
    expect(last.nextCursor).toBeNull();
    expect(await page(token, { currency: 2, page: 14, pageSize: 8 })).toMatchObject({
      list: [],
      total: 100,
      nextCursor: null,
    });
  });

  it('refuses with 400 a cursor that is not one of the caller’s entries of that currency', async () => {
    const mine = await longHistory(5);
    const theirs = await longHistory(5);
    const [theirEntry] = await idsNewestFirst(theirs.diamonds);
    const [myBalanceEntry] = (await page(mine.token, { currency: 1 })).list;
    const asked = async (cursor: string, currency: 1 | 2 = 2) =>
      apiUnchecked(t.app, 'bill', { token: mine.token, input: { currency, cursor } });
    for (const [cursor, currency] of [
      [theirEntry as string, 2],
      [myBalanceEntry?.id as string, 2],
      ['999999999999', 2],
      ['abc', 2],
      ['-1', 2],
      ['1'.repeat(19), 2],
    ] as const) {
      const result = await asked(cursor, currency);
      expect(result.status, cursor).toBe(400);
      expect(result.code).toBe(0);
      expect(result.data).toBeNull();
      expect(result.msg).toContain('cursor');
    }
    // The other agent's cursor opened nothing of theirs; the caller's own cursor works.
    const [myFirst] = await idsNewestFirst(mine.diamonds);
    const next = await asked(myFirst as string);
    expect(next.status).toBe(200);
    expect(next.data?.list).toHaveLength(4);
  });
});

// The bill list reads its session in its own statement (decision 026): one round trip a page, and the session's
// refusals come before the data's.
describe('the bill list, one statement with its session', () => {
  it('costs one round trip a page, the session included, with or without a cursor', async () => {
    const { token } = await longHistory(60);
    const [first, once] = await countStatements(t.app, () => page(token, { currency: 2, pageSize: 20 }));
    expect(once).toBe(1);
    expect(first.list).toHaveLength(20);
    const [second, again] = await countStatements(t.app, () =>
      page(token, { currency: 2, page: 2, pageSize: 20, cursor: first.nextCursor ?? '' }),
    );
    expect(again).toBe(1);
    expect(second.list).toHaveLength(20);
  });

  it('answers the latest entries of /agent/Main in one round trip too (recentBill)', async () => {
    const { token } = await longHistory(15);
    const [recent, statements] = await countStatements(t.app, () =>
      api(t.app, 'recentBill', { token, input: { limit: 10 } }),
    );
    expect(statements).toBe(1);
    expect(recent.data.list).toHaveLength(10);
    // The balance entry (funded last) comes first, then the diamonds' newest.
    expect(recent.data.list[0]?.currency).toBe(1);
  });

  it('answers 10001 without a live session before it judges a cursor, and 1002 for a frozen agent', async () => {
    const { token } = await longHistory(30);
    const first = await page(token, { currency: 2, pageSize: 10 });
    const noSession = await apiUnchecked(t.app, 'bill', {
      input: { currency: 2, page: 2, pageSize: 10, cursor: first.nextCursor },
    });
    expect(noSession.code).toBe(10001);
    const other = await longHistory(5);
    const foreignCursor = await apiUnchecked(t.app, 'bill', {
      token: 'not-a-session',
      input: { currency: 2, page: 2, pageSize: 10, cursor: first.nextCursor },
    });
    expect(foreignCursor.code).toBe(10001);
    // A live session with another agent's cursor is the 400 it always was.
    const refused = await apiUnchecked(t.app, 'bill', {
      token: other.token,
      input: { currency: 2, page: 2, pageSize: 10, cursor: first.nextCursor },
    });
    expect(refused.code).not.toBe(1);
    const frozen = await createAgent(t.db, { status: 'frozen' });
    const frozenToken = await signIn(t.app, t.db, frozen.playerId);
    expect((await apiUnchecked(t.app, 'bill', { token: frozenToken, input: { currency: 2 } })).code).toBe(
      1002,
    );
  });
});

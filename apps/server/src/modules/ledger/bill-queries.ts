import { BILL_COUNT_CAP, BillType, fenToMoney, type GameDelivery, type TBillEntry } from '@promoter/contract';
import { and, eq, ne } from 'drizzle-orm';
import { spendable } from './ledger-service';
import type { Db, DbOrTx } from '../../db/client';
import {
  type Prepared,
  runPrepared,
  type SessionColumns,
  type SessionScope,
  scopedStatement,
} from '../../db/prepared';
import { accounts, agents, gameEvents, ledgerEntries, players } from '../../db/schema';
import { AppError } from '../../errors';
import { DEFAULT_LOCALE, type Locale, memoTranslator, translateMemo } from '../../i18n/messages';
import { joinedDeliveryState } from '../game-delivery/delivery-state';

export type EntryRow = typeof ledgerEntries.$inferSelect;
/** An entry of the agent's own bill with the game's side of it (a recharge's event; null for every other entry). */
type BillRow = EntryRow & { gameDelivery: GameDelivery | null };
type Currency = 'balance' | 'diamonds';

const currencyCode = (currency: Currency) => (currency === 'balance' ? 1 : 2) as 1 | 2;

/** An entry as the bill list answers it; `memoOf` reads its memo in the caller's language (memoTranslator). */
function toBillEntry(row: BillRow, currency: Currency, memoOf: (row: EntryRow) => string): TBillEntry {
  const value = (n: number) => (currency === 'balance' ? fenToMoney(n) : n);
  return {
    id: String(row.id),
    billType: row.billType,
    currency: currencyCode(currency),
    amount: value(row.amount),
    after: value(row.after),
    memo: memoOf(row),
    createdAt: row.createdAt.toISOString(),
    gameDelivery: row.gameDelivery,
  };
}

/**
 * The player's event of an agent's recharge (decision 040), looked up for each entry of a page by the event's source
 * (game_events_source_idx: one index probe, and only for a `rechargePlayer` entry; the entry's ref_id is the recharge's
 * id). `entry` names the entry's alias; the event's columns come as game_status, game_attempts, game_created_at.
 */
const rechargeEventJoin = (entry: string) =>
  `left join lateral (select g.status as game_status, g.attempts as game_attempts, g.created_at as game_created_at
  from game_events g
 where ${entry}.bill_type = ${BillType.rechargePlayer} and g.source_type = 'recharge' and g.source_id = ${entry}.ref_id
 limit 1) ge on true`;

/** The columns rechargeEventJoin answers. */
interface EventColumns {
  game_status?: 'pending' | 'delivered' | 'failed' | null;
  game_attempts?: number | null;
  game_created_at?: Date | null;
}

const gameDeliveryOf = (r: EventColumns, now: Date) =>
  joinedDeliveryState(
    {
      status: r.game_status ?? null,
      attempts: r.game_attempts ?? null,
      createdAt: r.game_created_at ?? null,
    },
    now,
  );

export interface EntryFilter {
  billType?: number;
  /** ISO times; `to` is exclusive. */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  /**
   * The id of the last entry of the page before (keyset pagination, decision 023): the page starts right after it,
   * an index seek however deep. Without it, page N is found by walking the index past (N - 1) x pageSize entries.
   */
  cursor?: string;
}

/**
 * Which account is paged: the caller's of one currency, its session and the account looked up in the same statement
 * (decision 026), or one known by id (the console).
 */
type AccountRef = { scope: SessionScope; currency: Currency } | { accountId: number };

/** What a page statement contains; each distinct shape is one named prepared statement. */
interface Shape {
  /** The agent is the session's, resolved in the statement: its scope's CTEs come first, its columns are answered. */
  scope: SessionScope | null;
  billType: boolean;
  from: boolean;
  to: boolean;
  /** Keyset: after the cursor's entry. */
  cursor: boolean;
  /** A page after the first without a cursor: its first entry is found by an index-only walk (offset). */
  offset: boolean;
  /** The count (pages without a cursor): the account's own when unfiltered, else capped. */
  count: boolean;
}

/** Whether a shape filters the account's entries (then its count walks them, capped; else the account keeps it). */
const filtered = (shape: Shape) => shape.billType || shape.from || shape.to;

type Param =
  'currency' | 'account' | 'billType' | 'from' | 'to' | 'cursor' | 'offset' | 'limit' | 'cap' | 'scope';

const statements = new Map<string, { statement: Prepared; params: Param[] }>();

/**
 * The page statement of a shape, built once: the account, the cursor's entry (which must be of that account), the
 * page's rows newest first (one more than asked: whether another page follows) and, without a cursor, the count
 * (the account's kept count, or a filter's stopped at BILL_COUNT_CAP + 1), all in one round trip. Every walk is of
 * the composite index (account, time, id) or (account, type, time, id): the cursor's and the offset's start are row
 * comparisons the index seeks to, and the offset's walk reads only the index. One row comes back even when the page
 * is empty (its entry columns null), so the count and the cursor check always arrive.
 */
function pageStatement(shape: Shape): { statement: Prepared; params: Param[] } {
  const key = Object.entries(shape)
    .map(([k, v]) => (k === 'scope' ? (v ? (v as SessionScope).name : '') : v ? k : ''))
    .filter(Boolean)
    .join('_');
  const known = statements.get(key);
  if (known) return known;
  const params: Param[] = [];
  const $ = (param: Param, type: string) => {
    params.push(param);
    return `$${params.length}::${type}`;
  };
  // The scope's CTEs number their own parameters from $1: they come first.
  for (let i = 0; i < (shape.scope?.values.length ?? 0); i++) params.push('scope');
  const account = shape.scope
    ? `select id, entry_count from accounts where owner_type = 'agent' and owner_id = ${shape.scope.agentId} and currency = ${$('currency', 'text')}`
    : `select id, entry_count from accounts where id = ${$('account', 'int')}`;
  const filter = [
    'e.account_id = (select id from acct)',
    shape.billType ? `e.bill_type = ${$('billType', 'smallint')}` : '',
    shape.from ? `e.created_at >= ${$('from', 'timestamptz')}` : '',
    shape.to ? `e.created_at < ${$('to', 'timestamptz')}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const ctes = [...(shape.scope ? [shape.scope.ctes] : []), `acct as materialized (${account})`];
  const seek: string[] = [];
  if (shape.cursor) {
    ctes.push(
      `cur as materialized (select e.created_at, e.id from ledger_entries e where e.id = ${$('cursor', 'bigint')} and e.account_id = (select id from acct))`,
    );
    seek.push('(e.created_at, e.id) < ((select created_at from cur), (select id from cur))');
  }
  if (shape.offset) {
    ctes.push(
      `start as materialized (select e.created_at, e.id from ledger_entries e where ${filter} order by e.created_at desc, e.id desc offset ${$('offset', 'int')} limit 1)`,
    );
    seek.push('(e.created_at, e.id) <= ((select created_at from start), (select id from start))');
  }
  ctes.push(
    `page as (select e.* from ledger_entries e where ${[filter, ...seek].join(' and ')} order by e.created_at desc, e.id desc limit ${$('limit', 'int')})`,
  );
  const meta = [
    shape.cursor ? '(select count(*) from cur)::int as cursor_found' : 'null::int as cursor_found',
    !shape.count
      ? 'null::bigint as total'
      : filtered(shape)
        ? `(select count(*) from (select 1 from ledger_entries e where ${filter} limit ${$('cap', 'int')}) capped) as total`
        : 'coalesce((select entry_count from acct), 0) as total',
  ];
  const session = shape.scope ? `${shape.scope.columns}, ` : '';
  const sessionJoin = shape.scope ? ` left join ${shape.scope.from} on true` : '';
  // The agent's own bill tells whether the game has a recharge's diamonds; the console's ledger of an agent does not.
  const events = shape.scope
    ? { columns: ', ge.*', join: `\n${rechargeEventJoin('p')}` }
    : { columns: '', join: '' };
  const text = `with ${ctes.join(',\n')}\nselect ${session}${meta.join(', ')}, p.*${events.columns} from (select 1) one${sessionJoin} left join page p on true${events.join}\norder by p.created_at desc, p.id desc`;
  const built = { statement: { name: `ledger_page_${key}`, text }, params };
  statements.set(key, built);
  return built;
}

interface PageRow extends Partial<SessionColumns>, EventColumns {
  cursor_found: number | null;
  /** bigint: pg answers it as text. */
  total: string | null;
  id: number | null;
  account_id: number;
  amount: number;
  after: number;
  bill_type: number;
  ref_type: string;
  ref_id: string;
  counterparty_type: 'agent' | 'player' | null;
  counterparty_id: number | null;
  memo: string;
  memo_key: string | null;
  memo_params: Record<string, string | number> | null;
  created_at: Date;
}

const toEntryRow = (r: PageRow): EntryRow => ({
  id: r.id as number,
  accountId: r.account_id,
  amount: r.amount,
  after: r.after,
  billType: r.bill_type,
  refType: r.ref_type,
  refId: r.ref_id,
  counterpartyType: r.counterparty_type,
  counterpartyId: r.counterparty_id,
  memo: r.memo,
  memoKey: r.memo_key,
  memoParams: r.memo_params,
  createdAt: r.created_at,
});

/** A cursor that is not an entry of the paged account: the request is malformed (400, like a bad field). */
const badCursor = () => Object.assign(new Error('cursor: not an entry of this list'), { statusCode: 400 });

interface LedgerPage {
  rows: BillRow[];
  total: number;
  totalIsLowerBound: boolean;
  /** The last row's id when another page follows (the next page's cursor), else null. */
  nextCursor: string | null;
}

/**
 * One account's entries, newest first, filtered and paged, in one round trip (decision 023). With a cursor the page
 * is an index seek however deep, and nothing is counted: `total` is then what is known, the entries up to this page
 * and one more when another follows (a lower bound, as a client paging by `total` needs). Without one (the first
 * page, or a jump to page N) the total is the account's kept count (exact, read with the account, decision 028), or,
 * when the list is filtered, a count that stops at BILL_COUNT_CAP: an exact count of a million entries would cost
 * more than the page itself.
 */
async function ledgerPage(db: DbOrTx, ref: AccountRef, query: EntryFilter): Promise<LedgerPage> {
  return (await scopedLedgerPage(db, ref, query)).page();
}

/**
 * ledgerPage, with the session's columns of its row when the account is a session's (the page is built only when
 * asked: the caller first applies the session's access rule, and a foreign cursor is refused after it).
 */
async function scopedLedgerPage(
  db: DbOrTx,
  ref: AccountRef,
  query: EntryFilter,
): Promise<{ session: SessionColumns | undefined; page: () => LedgerPage }> {
  const cursor = query.cursor !== undefined;
  const shape: Shape = {
    scope: 'scope' in ref ? ref.scope : null,
    billType: query.billType !== undefined,
    from: query.from !== undefined,
    to: query.to !== undefined,
    cursor,
    offset: !cursor && query.page > 1,
    count: !cursor,
  };
  const { statement, params } = pageStatement(shape);
  const values: Record<Exclude<Param, 'scope'>, unknown> = {
    currency: 'currency' in ref ? ref.currency : null,
    account: 'accountId' in ref ? ref.accountId : null,
    billType: query.billType ?? null,
    from: query.from ? new Date(query.from) : null,
    to: query.to ? new Date(query.to) : null,
    cursor: query.cursor ?? null,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize + 1,
    cap: BILL_COUNT_CAP + 1,
  };
  const scopeValues = [...(shape.scope?.values ?? [])];
  const result = await runPrepared<PageRow>(
    db,
    statement,
    params.map((p) => (p === 'scope' ? scopeValues.shift() : values[p])),
  );
  const meta = result[0];
  const page = (): LedgerPage => {
    if (cursor && !meta?.cursor_found) throw badCursor();
    const now = new Date();
    const all = result
      .filter((r) => r.id !== null)
      .map((r): BillRow => ({ ...toEntryRow(r), gameDelivery: gameDeliveryOf(r, now) }));
    const rows = all.slice(0, query.pageSize);
    const more = all.length > query.pageSize;
    const nextCursor = more ? String(rows[rows.length - 1]?.id) : null;
    if (!cursor) {
      const total = Number(meta?.total ?? 0);
      // The account's kept count is exact however large; a filter's count stops past BILL_COUNT_CAP.
      if (!filtered(shape)) return { rows, total, totalIsLowerBound: false, nextCursor };
      return {
        rows,
        total: Math.min(total, BILL_COUNT_CAP),
        totalIsLowerBound: total > BILL_COUNT_CAP,
        nextCursor,
      };
    }
    return {
      rows,
      total: (query.page - 1) * query.pageSize + rows.length + (more ? 1 : 0),
      totalIsLowerBound: more,
      nextCursor,
    };
  };
  return { session: shape.scope && meta ? (meta as SessionColumns) : undefined, page };
}

/**
 * One account's entries, newest first, filtered and paged (the console's ledger of an agent reads through here);
 * an account that does not exist has none.
 */
export async function entryPage(
  db: DbOrTx,
  accountId: number | undefined,
  query: EntryFilter,
): Promise<{ rows: EntryRow[]; total: number; totalIsLowerBound: boolean; nextCursor: string | null }> {
  if (accountId === undefined) return { rows: [], total: 0, totalIsLowerBound: false, nextCursor: null };
  return ledgerPage(db, { accountId }, query);
}

/**
 * The caller's entries of one currency (`agent/user/bill`): the session (decision 026), the account, the page and its
 * count in one statement, the whole call one round trip; the answer is built once the caller has let the session
 * through. A cursor that is not one of the caller's entries of that currency is refused (400), so no agent pages
 * another's.
 */
export async function listBillInSession(
  db: Db,
  scope: SessionScope,
  query: { currency: number } & EntryFilter,
  locale: Locale = DEFAULT_LOCALE,
) {
  const currency: Currency = query.currency === 1 ? 'balance' : 'diamonds';
  const scoped = await scopedLedgerPage(db, { scope, currency }, query);
  return { session: scoped.session, answer: () => billAnswer(scoped.page(), currency, query, locale) };
}

function billAnswer(page: LedgerPage, currency: Currency, query: EntryFilter, locale: Locale) {
  const memoOf = memoTranslator(locale);
  return {
    // A page's memos in one language: each memo key's text is looked up once (i18next's lookup per entry was a sixth
    // of the server's time on a bill page).
    list: page.rows.map((row) => toBillEntry(row, currency, memoOf)),
    total: page.total,
    totalIsLowerBound: page.totalIsLowerBound,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: page.nextCursor,
  };
}

/**
 * The latest entries of both of the caller's accounts, newest first (`agent/user/recentBill`, on /agent/Main): the
 * session (decision 026), both accounts and their latest entries in one statement, one round trip.
 */
export async function recentBillInSession(
  db: Db,
  scope: SessionScope,
  limit: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ session: SessionColumns | undefined; answer: () => { list: TBillEntry[] } }> {
  const rows = await runPrepared<Partial<PageRow> & { currency: Currency | null }>(
    db,
    recentStatement(scope),
    [...scope.values, limit],
  );
  const memoOf = memoTranslator(locale);
  const now = new Date();
  return {
    session: rows[0] as SessionColumns | undefined,
    answer: () => ({
      list: rows
        .filter((r) => r.id !== null && r.id !== undefined && r.currency)
        .map((r) =>
          toBillEntry(
            { ...toEntryRow(r as PageRow), gameDelivery: gameDeliveryOf(r, now) },
            r.currency as Currency,
            memoOf,
          ),
        ),
    }),
  };
}

/** The recent entries' statement for a scope: each account's latest `limit` entries by its index, then merged. */
const recentStatement = (scope: SessionScope) =>
  scopedStatement('recent_bill_v2', scope, (scope, next) => {
    const limit = `$${next}::int`;
    return `with ${scope.ctes},
own as (select id, currency from accounts where owner_type = 'agent' and owner_id = ${scope.agentId}),
recent as (
  select e.*, own.currency from own cross join lateral (
    select * from ledger_entries e where e.account_id = own.id order by e.created_at desc, e.id desc limit ${limit}
  ) e
  order by e.created_at desc, e.id desc limit ${limit}
)
select ${scope.columns}, r.*, ge.* from (select 1) one left join ${scope.from} on true left join recent r on true
${rechargeEventJoin('r')}
order by r.created_at desc, r.id desc`;
  });

/** One of the caller's own entries with what it refers to; another agent's entry is "not found". */
export async function billDetail(db: Db, agentId: number, id: string, locale: Locale = DEFAULT_LOCALE) {
  const [row] = await db
    .select({
      entry: ledgerEntries,
      currency: accounts.currency,
      game: { status: gameEvents.status, attempts: gameEvents.attempts, createdAt: gameEvents.createdAt },
    })
    .from(ledgerEntries)
    .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
    // The recharge's event (one per recharge), by its source: game_events_source_idx.
    .leftJoin(
      gameEvents,
      and(
        eq(ledgerEntries.billType, BillType.rechargePlayer),
        eq(gameEvents.sourceType, 'recharge'),
        eq(gameEvents.sourceId, ledgerEntries.refId),
      ),
    )
    .where(
      and(
        eq(ledgerEntries.id, Number(id)),
        eq(accounts.ownerType, 'agent'),
        eq(accounts.ownerId, agentId),
        ne(accounts.currency, 'owed'),
      ),
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
  const gameDelivery = row.game ? joinedDeliveryState(row.game) : null;
  return {
    ...toBillEntry({ ...entry, gameDelivery }, spendable(row.currency), (e) => translateMemo(locale, e)),
    reference: { type: entry.refType, id: entry.refId, counterparty },
  };
}

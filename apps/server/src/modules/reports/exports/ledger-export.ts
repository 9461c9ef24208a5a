import { type ExportFilterParsed, fenToMoney } from '@promoter/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { accounts, agents, players } from '../../../db/schema';
import { AppError } from '../../../errors';
import { type MessageKey, type MessageParams, memoTranslator } from '../../../i18n/messages';
import {
  EXPORT_BATCH_ROWS,
  type ExportContext,
  keyset,
  localTime,
  plain,
  prepared,
  text,
} from './export-source';

type LedgerRow = {
  id: number;
  at: string;
  /** The entry's time as PostgreSQL writes it, exact to the microsecond: the keyset's key. */
  key_at: string;
  owner_type: 'agent' | 'player';
  owner_id: number;
  nickname: string;
  currency: 'balance' | 'diamonds';
  bill_type: number;
  amount: number;
  after: number;
  memo: string;
  memo_key: string | null;
  memo_params: MessageParams | null;
  ref_type: string;
  ref_id: string;
};

/**
 * Ledger entries, everyone's or one agent's or player's (refused before anything is written when it does not exist),
 * memos in the operator's language, balances in yuan and diamonds whole.
 */
export async function ledgerSource(ctx: ExportContext, filter: ExportFilterParsed<'ledger'>) {
  const { db, timeZone, t, locale } = ctx;
  const owner =
    filter.agentId !== undefined
      ? ({ type: 'agent', id: filter.agentId } as const)
      : filter.playerId !== undefined
        ? ({ type: 'player', id: filter.playerId } as const)
        : null;
  if (owner?.type === 'agent') {
    const [agent] = await db.select({ id: agents.id }).from(agents).where(eq(agents.id, owner.id));
    if (!agent) throw new AppError('agentNotFound');
  }
  if (owner?.type === 'player') {
    const [player] = await db.select({ id: players.id }).from(players).where(eq(players.id, owner.id));
    if (!player) throw new AppError('playerNotFound');
  }
  const conditions = [
    filter.billType !== undefined ? sql`and e.bill_type = ${filter.billType}` : sql``,
    filter.from ? sql`and e.created_at >= ${new Date(filter.from).toISOString()}::timestamptz` : sql``,
    filter.to ? sql`and e.created_at < ${new Date(filter.to).toISOString()}::timestamptz` : sql``,
  ];
  const rowsWhere = async (where: SQL, order: SQL) =>
    (
      await db.execute<LedgerRow>(sql`
        select e.id, ${localTime(sql.raw('e.created_at'), timeZone)} as at, e.created_at::text as key_at,
          a.owner_type, a.owner_id, coalesce(p.nickname, '') as nickname, a.currency, e.bill_type, e.amount,
          e.after, e.memo, e.memo_key, e.memo_params, e.ref_type, e.ref_id
        from ledger_entries e
        join accounts a on a.id = e.account_id
        left join agents ag on a.owner_type = 'agent' and ag.id = a.owner_id
        left join players p on p.id = (case when a.owner_type = 'agent' then ag.player_id else a.owner_id end)
        where ${where} ${sql.join(conditions, sql` `)}
        order by ${order}
        limit ${EXPORT_BATCH_ROWS}`)
    ).rows;

  async function* batches(): AsyncGenerator<LedgerRow[]> {
    if (owner === null) {
      // Everyone's: newest first by id, one walk down the primary key whatever the filters.
      yield* keyset((after) =>
        rowsWhere(
          sql.join(
            [
              sql`true`,
              filter.currency ? sql`and a.currency = ${filter.currency}` : sql``,
              after ? sql`and e.id < ${after.id}` : sql``,
            ],
            sql` `,
          ),
          sql`e.id desc`,
        ),
      );
      return;
    }
    // One owner's: each of its accounts (the balance, then the diamonds) down its (account, time, id) index.
    const owned = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.ownerType, owner.type),
          eq(accounts.ownerId, owner.id),
          filter.currency ? eq(accounts.currency, filter.currency) : undefined,
        ),
      )
      .orderBy(accounts.currency);
    for (const account of owned) {
      yield* keyset((after) =>
        rowsWhere(
          after
            ? sql`e.account_id = ${account.id} and (e.created_at, e.id) < (${after.key_at}::timestamptz, ${after.id})`
            : sql`e.account_id = ${account.id}`,
          sql`e.created_at desc, e.id desc`,
        ),
      );
    }
  }

  const memoOf = memoTranslator(locale);
  const money = (row: LedgerRow, value: number) => (row.currency === 'balance' ? fenToMoney(value) : value);
  return prepared<LedgerRow>({
    columns: [
      plain('csvEntryId', (r) => r.id),
      plain('csvTime', (r) => r.at),
      plain('csvOwnerType', (r) => t(`csvOwner_${r.owner_type}`)),
      plain('csvOwnerId', (r) => r.owner_id),
      text('csvNickname', (r) => r.nickname),
      plain('csvCurrency', (r) => t(`csvCurrency_${r.currency}`)),
      plain('csvBillType', (r) => r.bill_type),
      plain('csvBillName', (r) => t(`csvBill_${r.bill_type}` as MessageKey)),
      plain('csvChange', (r) => money(r, Number(r.amount))),
      plain('csvAfter', (r) => money(r, Number(r.after))),
      text('csvMemo', (r) => memoOf({ memo: r.memo, memoKey: r.memo_key, memoParams: r.memo_params })),
      plain('csvRefType', (r) => r.ref_type),
      text('csvRefId', (r) => r.ref_id),
    ],
    batches,
  });
}

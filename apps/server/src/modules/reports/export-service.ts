import { type ExportFilterParsed, type ExportKind, fenToMoney } from '@promoter/contract';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accounts,
  adjustments,
  agents,
  auditLog,
  operators,
  orders,
  players,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  type Locale,
  type MessageKey,
  type MessageParams,
  memoTranslator,
  translate,
} from '../../i18n/messages';
import { type AuditActor, auditFilter, recordAudit } from '../audit/audit-service';
import { adjustmentFilter } from '../backoffice/adjustment-service';
import { agentFilter } from '../backoffice/agent-admin-service';
import { playerFilter } from '../backoffice/player-admin-service';
import { orderFilter, orderStatusShown } from '../catalog/order-admin-service';
import { getPlatformTimeZone } from '../options/options-service';
import { reviewFilter } from '../withdrawals/withdrawal-review-service';
import { CSV_BOM, type CsvColumn, csvHeader, csvLine } from './csv';

/**
 * The console's CSV exports (issue 11, decision 018 amended for the reports). Each kind reads its rows newest first in
 * batches of EXPORT_BATCH_ROWS with keyset pagination (the next batch starts after the last row's key, read by an
 * index: no OFFSET, no cursor or transaction held open across the export), and the text of a batch is produced only
 * when the stream asks for it, so an export of a million rows holds one or two batches in memory at a time. The
 * filters are the lists' own (reviewFilter, agentFilter, orderFilter): what the operator sees filtered is what it
 * exports.
 *
 * Each file: UTF-8 with a BOM, the header row in the operator's language (times' headers name the platform's time
 * zone), money in yuan with two decimals, times in the platform's time zone, statuses and kinds in the operator's
 * language, and what people typed neutralized against formula injection (csv.ts). Account numbers only masked, as
 * every answer has them. Every export is an action of the audit log (`report.export`: the kind, the filters, the rows
 * written and whether it ran to its end), written when it ends, whether it ends by completing, by the client going
 * away or by a failure.
 */

export const EXPORT_BATCH_ROWS = 1000;

interface ExportContext {
  db: Db;
  timeZone: string;
  locale: Locale;
  /** A label in the operator's language (the time zone filled in where a header names it). */
  t: (key: MessageKey) => string;
}

interface Column<R> extends CsvColumn<R> {
  header: MessageKey;
}

interface ExportSource<R> {
  columns: readonly Column<R>[];
  /** The rows, newest first, one batch at a time. */
  batches(): AsyncGenerator<R[]>;
}

/** An export ready to run, whatever its rows: its headers, and its text one batch at a time. */
interface PreparedExport {
  headers: readonly MessageKey[];
  chunks(): AsyncGenerator<{ text: string; rows: number }>;
}

function prepared<R>(source: ExportSource<R>): PreparedExport {
  return {
    headers: source.columns.map((column) => column.header),
    async *chunks() {
      for await (const batch of source.batches()) {
        let text = '';
        for (const row of batch) text += csvLine(source.columns, row);
        yield { text, rows: batch.length };
      }
    },
  };
}

const text = <R>(header: MessageKey, value: (row: R) => string | null | undefined): Column<R> => ({
  header,
  kind: 'text',
  value,
});
const plain = <R>(header: MessageKey, value: (row: R) => string | number | null | undefined): Column<R> => ({
  header,
  kind: 'plain',
  value,
});

/** A time as the platform reads it: `2024-01-31 14:05:09` in its time zone. */
const localTime = (column: SQL | SQL.Aliased | unknown, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Rows of an endless keyset walk: `next` answers the batch after a row (none: the first); an empty batch ends it. */
async function* keyset<R>(next: (after: R | undefined) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const batch = await next(after);
    if (batch.length > 0) yield batch;
    if (batch.length < EXPORT_BATCH_ROWS) return;
    after = batch[batch.length - 1];
  }
}

// ---- withdrawals -----------------------------------------------------------------------------------------------------

function withdrawalSource(ctx: ExportContext, filter: ExportFilterParsed<'withdrawals'>) {
  const { db, timeZone, t } = ctx;
  const select = () =>
    db
      .select({
        id: withdrawals.id,
        agentId: withdrawals.agentId,
        nickname: sql<string>`coalesce(${players.nickname}, '')`,
        amountFen: withdrawals.amountFen,
        feeFen: withdrawals.feeFen,
        status: withdrawals.status,
        accountType: withdrawals.accountType,
        accountName: withdrawals.accountName,
        accountMasked: withdrawals.accountMasked,
        bankName: withdrawals.bankName,
        createdAt: localTime(withdrawals.createdAt, timeZone),
        reviewedAt: localTime(withdrawals.reviewedAt, timeZone),
        settledAt: localTime(withdrawals.settledAt, timeZone),
        reference: withdrawals.reference,
        remark: withdrawals.remark,
      })
      .from(withdrawals)
      .innerJoin(agents, eq(agents.id, withdrawals.agentId))
      .leftJoin(players, eq(players.id, agents.playerId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const source: ExportSource<Row> = {
    columns: [
      plain('csvWithdrawalId', (r) => r.id),
      plain('csvAgentId', (r) => r.agentId),
      text('csvNickname', (r) => r.nickname),
      plain('csvAmount', (r) => fenToMoney(r.amountFen)),
      plain('csvFee', (r) => fenToMoney(r.feeFen)),
      plain('csvNet', (r) => fenToMoney(r.amountFen - r.feeFen)),
      plain('csvStatus', (r) => t(`csvWithdrawal_${r.status}`)),
      plain('csvAccountType', (r) => t(`csvAccount_${r.accountType}`)),
      text('csvAccountName', (r) => r.accountName),
      text('csvAccountNo', (r) => r.accountMasked),
      text('csvBankName', (r) => r.bankName),
      plain('csvCreatedAt', (r) => r.createdAt),
      plain('csvReviewedAt', (r) => r.reviewedAt),
      plain('csvSettledAt', (r) => r.settledAt),
      text('csvReference', (r) => r.reference),
      text('csvRemark', (r) => r.remark),
    ],
    batches: () =>
      keyset((after) =>
        select()
          .where(and(reviewFilter(filter), after ? lt(withdrawals.id, after.id) : undefined))
          .orderBy(desc(withdrawals.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- ledger --------------------------------------------------------------------------------------------------------

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

async function ledgerSource(ctx: ExportContext, filter: ExportFilterParsed<'ledger'>) {
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
  const source: ExportSource<LedgerRow> = {
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
  };
  return prepared(source);
}

// ---- orders --------------------------------------------------------------------------------------------------------

function orderSource(ctx: ExportContext, filter: ExportFilterParsed<'orders'>) {
  const { db, timeZone, t } = ctx;
  const select = () =>
    db
      .select({
        id: orders.id,
        keyAt: sql<string>`${orders.createdAt}::text`,
        createdAt: localTime(orders.createdAt, timeZone),
        paidAt: localTime(orders.paidAt, timeZone),
        status: orderStatusShown,
        playerId: orders.playerId,
        nickname: sql<string>`coalesce(${players.nickname}, '')`,
        agentId: orders.agentId,
        goodsName: orders.goodsName,
        quantity: orders.quantity,
        diamonds: orders.diamonds,
        unitPriceFen: orders.unitPriceFen,
        amountFen: orders.amountFen,
        provider: orders.provider,
        providerRef: orders.providerRef,
        payChannel: orders.payChannel,
      })
      .from(orders)
      .leftJoin(players, eq(players.id, orders.playerId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const source: ExportSource<Row> = {
    columns: [
      plain('csvOrderId', (r) => r.id),
      plain('csvCreatedAt', (r) => r.createdAt),
      plain('csvPaidAt', (r) => r.paidAt),
      plain('csvStatus', (r) => t(`csvOrder_${r.status}`)),
      plain('csvBuyer', (r) => t(r.agentId === null ? 'csvOwner_player' : 'csvOwner_agent')),
      plain('csvPlayerId', (r) => r.playerId),
      text('csvNickname', (r) => r.nickname),
      plain('csvAgentId', (r) => r.agentId),
      text('csvGoods', (r) => r.goodsName),
      plain('csvQuantity', (r) => r.quantity),
      plain('csvDiamonds', (r) => r.diamonds),
      plain('csvUnitPrice', (r) => fenToMoney(r.unitPriceFen)),
      plain('csvAmount', (r) => fenToMoney(r.amountFen)),
      plain('csvProvider', (r) => r.provider),
      text('csvProviderRef', (r) => r.providerRef),
      plain('csvPayChannel', (r) => r.payChannel),
    ],
    batches: () =>
      keyset((after) =>
        select()
          .where(
            and(
              orderFilter(filter),
              after
                ? sql`(${orders.createdAt}, ${orders.id}) < (${after.keyAt}::timestamptz, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- agents --------------------------------------------------------------------------------------------------------

function agentSource(ctx: ExportContext, filter: ExportFilterParsed<'agents'>) {
  const { db, timeZone, t } = ctx;
  const valueOf = (currency: 'balance' | 'diamonds') =>
    sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'agent' and ${accounts.ownerId} = ${agents.id} and ${accounts.currency} = ${currency}), 0)`;
  const select = () =>
    db
      .select({
        agentId: agents.id,
        playerId: agents.playerId,
        nickname: players.nickname,
        mobile: players.mobile,
        level: agents.level,
        status: agents.status,
        parentId: agents.parentId,
        balance: valueOf('balance'),
        diamonds: valueOf('diamonds'),
        children: sql<number>`(select count(*) from ${agents} c where c.parent_id = ${agents.id})::int`,
        createdAt: localTime(agents.createdAt, timeZone),
      })
      .from(agents)
      .innerJoin(players, eq(players.id, agents.playerId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const source: ExportSource<Row> = {
    columns: [
      plain('csvAgentId', (r) => r.agentId),
      plain('csvPlayerId', (r) => r.playerId),
      text('csvNickname', (r) => r.nickname),
      text('csvMobile', (r) => r.mobile),
      plain('csvLevel', (r) => r.level),
      plain('csvLevelName', (r) => t(`csvLevel_${r.level}` as MessageKey)),
      plain('csvStatus', (r) => t(`csvAgent_${r.status}`)),
      plain('csvParentId', (r) => r.parentId),
      plain('csvBalance', (r) => fenToMoney(Number(r.balance))),
      plain('csvDiamonds', (r) => Number(r.diamonds)),
      plain('csvChildren', (r) => r.children),
      plain('csvCreatedAt', (r) => r.createdAt),
    ],
    batches: () =>
      keyset((after) =>
        select()
          .where(and(agentFilter(filter), after ? lt(agents.id, after.agentId) : undefined))
          .orderBy(desc(agents.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- players -------------------------------------------------------------------------------------------------------

function playerSource(ctx: ExportContext, filter: ExportFilterParsed<'players'>) {
  const { db, timeZone } = ctx;
  const ownAgent = alias(agents, 'own_agent');
  const select = () =>
    db
      .select({
        playerId: players.id,
        keyAt: sql<string>`${players.createdAt}::text`,
        nickname: players.nickname,
        mobile: players.mobile,
        diamonds: sql<number>`coalesce((select ${accounts.value} from ${accounts} where ${accounts.ownerType} = 'player' and ${accounts.ownerId} = ${players.id} and ${accounts.currency} = 'diamonds'), 0)`,
        boundAgentId: players.boundAgentId,
        agentId: ownAgent.id,
        createdAt: localTime(players.createdAt, timeZone),
      })
      .from(players)
      .leftJoin(ownAgent, eq(ownAgent.playerId, players.id));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const source: ExportSource<Row> = {
    columns: [
      plain('csvPlayerId', (r) => r.playerId),
      text('csvNickname', (r) => r.nickname),
      text('csvMobile', (r) => r.mobile),
      plain('csvDiamonds', (r) => Number(r.diamonds)),
      plain('csvBoundAgentId', (r) => r.boundAgentId),
      plain('csvOwnAgentId', (r) => r.agentId),
      plain('csvCreatedAt', (r) => r.createdAt),
    ],
    // Newest first, as the list: down (created_at, id), the key of the last row read.
    batches: () =>
      keyset((after) =>
        select()
          .where(
            and(
              playerFilter(filter),
              after
                ? sql`(${players.createdAt}, ${players.id}) < (${after.keyAt}::timestamptz, ${after.playerId})`
                : undefined,
            ),
          )
          .orderBy(desc(players.createdAt), desc(players.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- adjustments ---------------------------------------------------------------------------------------------------

function adjustmentSource(ctx: ExportContext, filter: ExportFilterParsed<'adjustments'>) {
  const { db, timeZone, t } = ctx;
  const creator = alias(operators, 'creator');
  const decider = alias(operators, 'decider');
  const select = () =>
    db
      .select({
        id: adjustments.id,
        ownerType: adjustments.ownerType,
        ownerId: adjustments.ownerId,
        currency: adjustments.currency,
        amount: adjustments.amount,
        reason: adjustments.reason,
        status: adjustments.status,
        createdBy: creator.name,
        decidedBy: decider.name,
        rejectReason: adjustments.rejectReason,
        valueBefore: adjustments.valueBefore,
        valueAfter: adjustments.valueAfter,
        createdAt: localTime(adjustments.createdAt, timeZone),
        decidedAt: localTime(adjustments.decidedAt, timeZone),
      })
      .from(adjustments)
      .innerJoin(creator, eq(creator.id, adjustments.createdBy))
      .leftJoin(decider, eq(decider.id, adjustments.decidedBy));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  // Yuan for the balance, whole diamonds for diamonds; the change signed.
  const value = (r: Row, fenOrDiamonds: number | null) =>
    fenOrDiamonds === null ? null : r.currency === 'balance' ? fenToMoney(fenOrDiamonds) : fenOrDiamonds;
  const source: ExportSource<Row> = {
    columns: [
      plain('csvAdjustmentId', (r) => r.id),
      plain('csvCreatedAt', (r) => r.createdAt),
      plain('csvOwnerType', (r) => t(`csvOwner_${r.ownerType}`)),
      plain('csvOwnerId', (r) => r.ownerId),
      plain('csvCurrency', (r) => t(`csvCurrency_${r.currency}`)),
      plain('csvChange', (r) => value(r, r.amount)),
      text('csvReason', (r) => r.reason),
      plain('csvStatus', (r) => t(`csvAdjustment_${r.status}`)),
      text('csvCreatedBy', (r) => r.createdBy),
      text('csvDecidedBy', (r) => r.decidedBy),
      plain('csvReviewedAt', (r) => r.decidedAt),
      text('csvRejectReason', (r) => r.rejectReason),
      plain('csvValueBefore', (r) => value(r, r.valueBefore)),
      plain('csvValueAfter', (r) => value(r, r.valueAfter)),
    ],
    batches: () =>
      keyset((after) =>
        select()
          .where(and(adjustmentFilter(filter), after ? lt(adjustments.id, after.id) : undefined))
          .orderBy(desc(adjustments.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- audit log -----------------------------------------------------------------------------------------------------

/** A change of the log as one cell: its JSON (what people typed inside it is neutralized with the cell). */
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

function auditSource(ctx: ExportContext, filter: ExportFilterParsed<'audit'>) {
  const { db, timeZone } = ctx;
  const select = () =>
    db
      .select({
        id: auditLog.id,
        keyAt: sql<string>`${auditLog.createdAt}::text`,
        at: localTime(auditLog.createdAt, timeZone),
        operatorId: auditLog.operatorId,
        operatorName: auditLog.operatorName,
        address: auditLog.address,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];
  const source: ExportSource<Row> = {
    columns: [
      plain('csvAuditId', (r) => r.id),
      plain('csvTime', (r) => r.at),
      plain('csvOperatorId', (r) => r.operatorId),
      // As typed at a failed sign-in: anyone's text.
      text('csvOperatorName', (r) => r.operatorName),
      text('csvAddress', (r) => r.address),
      text('csvAction', (r) => r.action),
      text('csvTargetType', (r) => r.targetType),
      text('csvTargetId', (r) => r.targetId),
      text('csvValueBefore', (r) => json(r.before)),
      text('csvValueAfter', (r) => json(r.after)),
    ],
    // Newest first, as the screen: down audit_log_time_idx (created_at, id).
    batches: () =>
      keyset((after) =>
        select()
          .where(
            and(
              auditFilter(filter),
              after
                ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.keyAt}::timestamptz, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(EXPORT_BATCH_ROWS),
      ),
  };
  return prepared(source);
}

// ---- the export ------------------------------------------------------------------------------------------------------

/** Every kind's export; one may refuse before anything is written (an agent or player that does not exist). */
const SOURCES: {
  [K in ExportKind]: (
    ctx: ExportContext,
    filter: ExportFilterParsed<K>,
  ) => PreparedExport | Promise<PreparedExport>;
} = {
  withdrawals: withdrawalSource,
  ledger: ledgerSource,
  orders: orderSource,
  agents: agentSource,
  players: playerSource,
  adjustments: adjustmentSource,
  audit: auditSource,
};

/**
 * Prepares one export: checks what it names and answers its file name and its text, produced batch by batch as the
 * stream reads it, the audit entry written when it ends.
 */
export async function startExport<K extends ExportKind>(
  db: Db,
  actor: AuditActor,
  kind: K,
  filter: ExportFilterParsed<K>,
  locale: Locale,
): Promise<{ filename: string; body: AsyncIterable<string> }> {
  const timeZone = await getPlatformTimeZone(db);
  // Labels (headers, statuses, kinds) repeat on every row: each is translated once per export.
  const labels = new Map<MessageKey, string>();
  const t = (key: MessageKey) => {
    let label = labels.get(key);
    if (label === undefined) {
      label = translate(locale, key, { timeZone });
      labels.set(key, label);
    }
    return label;
  };
  const source = await SOURCES[kind]({ db, timeZone, locale, t }, filter);
  const stamp = await db.execute<{ stamp: string }>(
    sql`select to_char(now() at time zone ${timeZone}, 'YYYYMMDD-HH24MISS') as stamp`,
  );
  const filename = `${kind}-${(stamp.rows[0] as { stamp: string }).stamp}.csv`;

  async function* body(): AsyncGenerator<string> {
    let rows = 0;
    let completed = false;
    try {
      yield CSV_BOM + csvHeader(source.headers.map((header) => t(header)));
      for await (const chunk of source.chunks()) {
        rows += chunk.rows;
        yield chunk.text;
      }
      completed = true;
    } finally {
      await recordAudit(db, actor, {
        action: 'report.export',
        target: { type: 'export', id: kind },
        after: { kind, filters: filter, rows, completed },
      });
    }
  }
  return { filename, body: body() };
}

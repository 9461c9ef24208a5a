import {
  INBOX_COUNT_CAP,
  localizedVersion,
  type NotificationKind,
  type TInboxItem,
  UNREAD_COUNT_CAP,
} from '@promoter/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { runPrepared, type SessionColumns, type SessionScope, scopedStatement } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { cn, type Locale, type MessageKey, translate } from '../../i18n/messages';

/**
 * The agent's inbox (decision 018). Events write a notification in their own transaction (`notify`), so
 * it exists exactly when the event committed. Announcements are not copied to every agent: the inbox reads them at
 * read time, beside the agent's own notifications, for its level and from the day it joined.
 *
 * An announcement read by an agent is remembered by a marker row of `notifications` (kind `announcement.read`, read at
 * once) whose id is computed from the agent and the announcement: `-(agentId * 2^22 + announcementId)`. Identity
 * ids of notifications are positive, so markers never meet them; finding a marker is a primary-key probe (cheap
 * however long the agent's inbox is), and marking twice, even at once, writes it once (`on conflict do nothing`).
 */

/** What each kind of notification says and the parameters its message takes. */
interface NoticeParams {
  withdrawalApproved: { amount: string };
  withdrawalPaid: { amount: string; reference: string };
  withdrawalRejected: { amount: string; reason: string };
  /** `reasonKey`: a failure the server worded (a WeChat transfer's, decision 046), read in the reader's language. */
  withdrawalFailed: { amount: string; reason: string; reasonKey?: MessageKey };
  subAgentJoined: { agentId: number; nickname: string };
  playerBound: { playerId: number; nickname: string };
  profitFromAgent: { amount: string; agentId: number };
  profitFromPlayer: { amount: string; playerId: number };
  orderPaid: { orderId: string; goods: string; diamonds: number };
  orderHeld: { orderId: string; goods: string };
  orderExpired: { orderId: string; goods: string };
  /** Decision 043: the agent's purchase refunded (`amount` given back); profit it earned taken back, `owed` left. */
  orderRefunded: { orderId: string; amount: string; goods: string };
  profitClawedBack: { orderId: string; amount: string; owed: string };
  /** A WeChat transfer of the withdrawal waits for the agent's confirmation in WeChat. */
  withdrawalConfirm: { amount: string };
  /**
   * An operator's adjustment of the agent's own account: `amount` signed ("+12.50", "-3"). In these kinds `note` is
   * what the operator chose to tell the agent, or '' (the reason of the change stays internal); shown after the text.
   */
  balanceAdjusted: { amount: string; note: string };
  diamondsAdjusted: { amount: string; note: string };
  agentFrozen: { note: string };
  agentUnfrozen: { note: string };
  levelChanged: { from: number; to: number; note: string };
  passwordRemoved: { note: string };
}
type NoticeKind = keyof NoticeParams & NotificationKind;

export type Notice = {
  [K in NoticeKind]: {
    agentId: number;
    kind: K;
    params: NoticeParams[K];
    /** What it is about: a withdrawal, an order, an agent, a player. */
    ref: { type: string; id: string };
  };
}[NoticeKind];

const MESSAGES: Record<NoticeKind, { title: MessageKey; text: MessageKey }> = {
  withdrawalApproved: { title: 'noticeWithdrawalApprovedTitle', text: 'noticeWithdrawalApprovedText' },
  withdrawalPaid: { title: 'noticeWithdrawalPaidTitle', text: 'noticeWithdrawalPaidText' },
  withdrawalRejected: { title: 'noticeWithdrawalRejectedTitle', text: 'noticeWithdrawalRejectedText' },
  withdrawalFailed: { title: 'noticeWithdrawalFailedTitle', text: 'noticeWithdrawalFailedText' },
  subAgentJoined: { title: 'noticeSubAgentJoinedTitle', text: 'noticeSubAgentJoinedText' },
  playerBound: { title: 'noticePlayerBoundTitle', text: 'noticePlayerBoundText' },
  profitFromAgent: { title: 'noticeProfitFromAgentTitle', text: 'noticeProfitFromAgentText' },
  profitFromPlayer: { title: 'noticeProfitFromPlayerTitle', text: 'noticeProfitFromPlayerText' },
  orderPaid: { title: 'noticeOrderPaidTitle', text: 'noticeOrderPaidText' },
  orderHeld: { title: 'noticeOrderHeldTitle', text: 'noticeOrderHeldText' },
  orderExpired: { title: 'noticeOrderExpiredTitle', text: 'noticeOrderExpiredText' },
  orderRefunded: { title: 'noticeOrderRefundedTitle', text: 'noticeOrderRefundedText' },
  profitClawedBack: { title: 'noticeProfitClawedBackTitle', text: 'noticeProfitClawedBackText' },
  withdrawalConfirm: { title: 'noticeWithdrawalConfirmTitle', text: 'noticeWithdrawalConfirmText' },
  balanceAdjusted: { title: 'noticeBalanceAdjustedTitle', text: 'noticeBalanceAdjustedText' },
  diamondsAdjusted: { title: 'noticeDiamondsAdjustedTitle', text: 'noticeDiamondsAdjustedText' },
  agentFrozen: { title: 'noticeAgentFrozenTitle', text: 'noticeAgentFrozenText' },
  agentUnfrozen: { title: 'noticeAgentUnfrozenTitle', text: 'noticeAgentUnfrozenText' },
  levelChanged: { title: 'noticeLevelChangedTitle', text: 'noticeLevelChangedText' },
  passwordRemoved: { title: 'noticePasswordRemovedTitle', text: 'noticePasswordRemovedText' },
};

/** The kind of the marker rows that remember an announcement read. */
const ANNOUNCEMENT_READ = 'announcement.read';
/** Announcement ids stay below this, so a marker's id, -(agentId * 2^22 + id), stays a safe integer (int4 agents). */
export const ANNOUNCEMENT_ID_LIMIT = 2 ** 22;

const markerId = (agentId: number, announcementId: SQL) =>
  sql`-(${agentId}::bigint * ${ANNOUNCEMENT_ID_LIMIT} + ${announcementId})`;

/**
 * Writes the notices, one row per recipient in one INSERT, inside the caller's transaction: the event and its
 * notices commit together or not at all. The time is taken at the insert (clock_timestamp), so the inbox's order by
 * time follows the order of the ids.
 */
export async function notify(tx: DbOrTx, ...notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(
    notices.map((notice) => ({
      agentId: notice.agentId,
      kind: notice.kind,
      params: notice.params as Record<string, string | number>,
      refType: notice.ref.type,
      refId: notice.ref.id,
      createdAt: sql`clock_timestamp()`,
    })),
  );
}

/**
 * The announcements an agent sees: live, to every agent or to its level, published since it joined. `a` is the
 * announcements row, `ag` the agent's (level, created_at).
 */
/** An announcement `a` the agent `ag` (its level, when it joined) sees: not withdrawn, of its level, not older. */
const VISIBLE_ANNOUNCEMENT = `a.withdrawn_at is null and (a.level is null or a.level = ag.level)
  and a.created_at >= ag.created_at`;
const visibleAnnouncement = sql.raw(VISIBLE_ANNOUNCEMENT);

const agentRow = (agentId: number) => sql`(select level, created_at from agents where id = ${agentId}) ag`;

/**
 * unreadCount for the agent of a session resolved in the same statement (decision 026): the header's bell asks it on
 * every screen and every 15 s, one round trip now. The same two capped counts as unreadCount (an API test holds the
 * two to the same answers).
 */
export async function unreadCountInSession(
  db: DbOrTx,
  scope: SessionScope,
): Promise<{ session: SessionColumns | undefined; answer: () => { unread: number } }> {
  const [row] = await runPrepared<SessionColumns & { unread: number | null }>(db, unreadStatement(scope), [
    ...scope.values,
    UNREAD_COUNT_CAP,
  ]);
  return { session: row, answer: () => ({ unread: Math.min(row?.unread ?? 0, UNREAD_COUNT_CAP) }) };
}

const unreadStatement = (scope: SessionScope) =>
  scopedStatement('unread_count_v1', scope, (scope, next) => {
    const cap = `$${next}::int`;
    return `with ${scope.ctes},
ag as (select id, level, created_at from agents where id = ${scope.agentId})
select ${scope.columns},
  (select count(*)::int from (
     select 1 from notifications n where n.agent_id = (select id from ag) and n.read_at is null limit ${cap}) own)
  + (select count(*)::int from (
     select 1 from announcements a, ag
      where ${VISIBLE_ANNOUNCEMENT}
        and not exists (select 1 from notifications m where m.id = -(ag.id::bigint * ${ANNOUNCEMENT_ID_LIMIT} + a.id))
      limit ${cap}) announced) as unread
from (select 1) one left join ${scope.from} on true`;
  });

/** How many inbox items are unread, at most UNREAD_COUNT_CAP: both parts stop counting at the cap. */
export async function unreadCount(db: DbOrTx, agentId: number): Promise<number> {
  const result = await db.execute<{ unread: number }>(sql`
    select
      (select count(*)::int from (
         select 1 from notifications n where n.agent_id = ${agentId} and n.read_at is null
         limit ${UNREAD_COUNT_CAP}) own)
      + (select count(*)::int from (
         select 1 from announcements a, ${agentRow(agentId)}
         where ${visibleAnnouncement}
           and not exists (select 1 from notifications m where m.id = ${markerId(agentId, sql`a.id`)})
         limit ${UNREAD_COUNT_CAP}) announced) as unread`);
  return Math.min(result.rows[0]?.unread ?? 0, UNREAD_COUNT_CAP);
}

interface ItemRow extends Record<string, unknown> {
  source: 'n' | 'a';
  id: string | number;
  kind: string;
  params: Record<string, string | number> | null;
  ref_type: string | null;
  ref_id: string | null;
  read: boolean;
  created_at: Date | string;
  title: string | null;
  content: string | null;
  translations: Record<string, { title?: string; content?: string }> | null;
}

function render(row: ItemRow, locale: Locale): TInboxItem {
  const createdAt = new Date(row.created_at).toISOString();
  if (row.source === 'a') {
    const version = localizedVersion(
      { title: row.title ?? '', content: row.content ?? '' },
      row.translations,
      locale,
    );
    return {
      id: `a${row.id}`,
      kind: 'announcement',
      title: version.title,
      text: version.content,
      read: row.read,
      createdAt,
      ref: { type: 'announcement', id: String(row.id) },
    };
  }
  const messages = Object.hasOwn(MESSAGES, row.kind) ? MESSAGES[row.kind as NoticeKind] : undefined;
  const params = withReasonRead(row.params ?? {}, locale);
  return {
    id: `n${row.id}`,
    kind: row.kind,
    // A kind this version no longer knows still shows, as a bare notification.
    title: messages ? translate(locale, messages.title, params) : translate(locale, 'noticeUnknownTitle'),
    text: messages ? translate(locale, messages.text, params) + noteOf(locale, params) : '',
    read: row.read,
    createdAt,
    ref: row.ref_type && row.ref_id ? { type: row.ref_type, id: row.ref_id } : null,
  };
}

/** A `reason` the server worded itself (`reasonKey`, a message it knows) in the reader's language. */
function withReasonRead(
  params: Record<string, string | number>,
  locale: Locale,
): Record<string, string | number> {
  const key = params.reasonKey;
  if (typeof key !== 'string' || !Object.hasOwn(cn, key)) return params;
  return { ...params, reason: translate(locale, key as MessageKey) };
}

/** Languages whose sentences follow one another without a space. */
const UNSPACED: ReadonlySet<Locale> = new Set(['cn', 'ja']);

/** The operator's note of a notice, when it has one, after its text, in the reader's language around it. */
const noteOf = (locale: Locale, params: Record<string, unknown>) =>
  typeof params.note === 'string' && params.note !== ''
    ? (UNSPACED.has(locale) ? '' : ' ') + translate(locale, 'noticeOperatorNote', { note: params.note })
    : '';

/**
 * One page of the inbox, newest first: the agent's notifications (through its index, newest ids first, no more than
 * the page needs) merged with the announcements it sees. The total counts the notifications up to INBOX_COUNT_CAP.
 */
export async function listInbox(
  db: DbOrTx,
  agentId: number,
  query: { page: number; pageSize: number },
  locale: Locale,
) {
  const offset = (query.page - 1) * query.pageSize;
  const needed = offset + query.pageSize;
  const [page, counted] = await Promise.all([
    db.execute<ItemRow>(sql`
      select * from (
        (select 'n' as source, n.id, n.kind, n.params, n.ref_type, n.ref_id, n.read_at is not null as read,
                n.created_at, null::text as title, null::text as content, null::jsonb as translations
           from notifications n
          where n.agent_id = ${agentId} and n.id > 0
          order by n.id desc
          limit ${needed})
        union all
        (select 'a', a.id, 'announcement', null, 'announcement', a.id::text,
                exists (select 1 from notifications m where m.id = ${markerId(agentId, sql`a.id`)}),
                a.created_at, a.title, a.content, a.translations
           from announcements a, ${agentRow(agentId)}
          where ${visibleAnnouncement}
          order by a.created_at desc, a.id desc
          limit ${needed})
      ) items
      order by created_at desc, source desc, id desc
      offset ${offset} limit ${query.pageSize}`),
    db.execute<{ own: number; announced: number }>(sql`
      select
        (select count(*)::int from (
           select 1 from notifications n where n.agent_id = ${agentId} and n.id > 0
           limit ${INBOX_COUNT_CAP + 1}) own) as own,
        (select count(*)::int from announcements a, ${agentRow(agentId)} where ${visibleAnnouncement}) as announced`),
  ]);
  const own = counted.rows[0]?.own ?? 0;
  const announced = counted.rows[0]?.announced ?? 0;
  return {
    list: page.rows.map((row) => render(row, locale)),
    total: Math.min(own, INBOX_COUNT_CAP) + announced,
    totalIsLowerBound: own > INBOX_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export type MarkRead = { ids: string[] } | { upTo: string };

/**
 * Marks inbox items read and answers the unread count. Each change is conditional (a notification is marked only
 * while unread and only if it is the caller's; an announcement's marker is written once, only for one the agent
 * sees), so marking twice, or at once from two screens, changes nothing more. Ids of other agents' notifications,
 * or of announcements the agent does not see, change nothing.
 */
export async function markRead(db: Db, agentId: number, what: MarkRead): Promise<number> {
  let own: SQL;
  let announced: SQL;
  if ('ids' in what) {
    const ids = (prefix: 'n' | 'a') => [
      ...new Set(what.ids.filter((id) => id.startsWith(prefix)).map((id) => Number(id.slice(1)))),
    ];
    const notificationIds = ids('n');
    const announcementIds = ids('a').filter((id) => id < ANNOUNCEMENT_ID_LIMIT);
    if (notificationIds.length === 0 && announcementIds.length === 0) return unreadCount(db, agentId);
    own = notificationIds.length
      ? sql`n.id in (${sql.join(
          notificationIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
    announced = announcementIds.length
      ? sql`a.id in (${sql.join(
          announcementIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
  } else {
    // Up to the millisecond the client saw (its times have no microseconds): what came later stays unread.
    const before = sql`${new Date(what.upTo).toISOString()}::timestamptz + interval '1 millisecond'`;
    own = sql`n.created_at < ${before}`;
    announced = sql`a.created_at < ${before}`;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
    update notifications n set read_at = now()
     where n.agent_id = ${agentId} and n.id > 0 and n.read_at is null and ${own}`);
    await tx.execute(sql`
    insert into notifications (id, agent_id, kind, params, ref_type, ref_id, read_at, created_at)
    overriding system value
    select ${markerId(agentId, sql`a.id`)}, ${agentId}, ${ANNOUNCEMENT_READ}, '{}'::jsonb, 'announcement', a.id::text,
           now(), now()
      from announcements a, ${agentRow(agentId)}
     where ${visibleAnnouncement} and a.id < ${ANNOUNCEMENT_ID_LIMIT} and ${announced}
    on conflict (id) do nothing`);
  });
  return unreadCount(db, agentId);
}

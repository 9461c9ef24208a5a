import { z } from 'zod';
import { call } from './call-def';
import { ZEmpty, ZIsoDate, ZIsoDateInput, ZPage, ZPageQuery } from './common';

/**
 * What happens to an agent, kept for its inbox (decision 018): each kind is written in the transaction of its event, with
 * the parameters its message needs; `announcement` items are the platform's announcements for the agent's level.
 */
export const NOTIFICATION_KINDS = [
  'withdrawalApproved',
  'withdrawalPaid',
  'withdrawalRejected',
  'withdrawalFailed',
  'subAgentJoined',
  'playerBound',
  'profitFromAgent',
  'profitFromPlayer',
  'orderPaid',
  'orderHeld',
  'orderExpired',
  /** A refund of the agent's own purchase reached it (decision 043); its diamonds taken back as far as they were left. */
  'orderRefunded',
  /** A refunded order took back profit the agent had earned from it; the part its balance lacked is owed. */
  'profitClawedBack',
  /** A withdrawal paid through WeChat waits for the agent to confirm receipt in WeChat (decision 043). */
  'withdrawalConfirm',
  'balanceAdjusted',
  'diamondsAdjusted',
  'agentFrozen',
  'agentUnfrozen',
  'levelChanged',
  'passwordRemoved',
  'announcement',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * An inbox item's id: `n<id>` for a notification of the agent's own, `a<id>` for an announcement (announcements are
 * not copied per agent; decision 018).
 */
export const ZInboxItemId = z
  .string()
  .regex(/^[na][1-9]\d{0,14}$/, 'id must be an inbox item id (n123 or a45)')
  .refine((value) => Number(value.slice(1)) <= Number.MAX_SAFE_INTEGER, 'id out of range');

/** An inbox item, written in the reader's language by the server (as entry memos are, decision 013). */
export const ZInboxItem = z.object({
  id: z.string(),
  /** One of NOTIFICATION_KINDS (an item of a kind this version no longer knows keeps its id and time). */
  kind: z.string(),
  title: z.string(),
  text: z.string(),
  read: z.boolean(),
  createdAt: ZIsoDate,
  /** What it is about (a withdrawal, an order, an agent, a player, an announcement), to open it. */
  ref: z.object({ type: z.string(), id: z.string() }).nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;

/** The unread count stops here ("99+"), so counting stays cheap however long an inbox is left unread. */
export const UNREAD_COUNT_CAP = 100;
/** The inbox's total stops here (`totalIsLowerBound`), as the bill's does. */
export const INBOX_COUNT_CAP = 10_000;

const ZUnread = z.object({
  /** Unread items, at most UNREAD_COUNT_CAP. */
  unread: z.number().int(),
});

export const inboxCalls = {
  notificationList: call({
    method: 'GET',
    path: 'agent/notice/list',
    auth: 'agent',
    summary:
      'The caller’s inbox, newest first: its notifications and the announcements for its level, read and unread',
    input: ZPageQuery,
    data: ZPage(ZInboxItem).extend({ totalIsLowerBound: z.boolean() }),
  }),
  notificationUnreadCount: call({
    method: 'GET',
    path: 'agent/notice/unreadCount',
    auth: 'agent',
    summary:
      'How many inbox items are unread (at most UNREAD_COUNT_CAP): cheap enough for the header to poll',
    input: ZEmpty,
    data: ZUnread,
  }),
  notificationMarkRead: call({
    method: 'POST',
    path: 'agent/notice/markRead',
    auth: 'agent',
    summary:
      'Mark inbox items read: the ones named, or every one up to the time of the newest the agent has seen; answers the unread count',
    input: z
      .object({
        ids: z.array(ZInboxItemId).min(1).max(100).optional(),
        /** The `createdAt` of the newest item the agent has seen: what came later stays unread. */
        upTo: ZIsoDateInput.optional(),
      })
      .refine((input) => (input.ids === undefined) !== (input.upTo === undefined), {
        message: 'ids or upTo, one of the two',
        path: ['ids'],
      }),
    data: ZUnread,
  }),
} as const;

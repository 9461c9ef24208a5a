import { BillType, type NotificationKind, type TInboxItem } from '@promoter/contract';
import { paths } from '../config/paths';

/** The currency code of the balance in the agent's flow (`agent/user/bill`). */
const BALANCE = 1;

/**
 * Where an inbox item leads in the app: the withdrawal records, the order, the profit entries, the downline, the bound
 * players. An announcement (and a kind this version does not know) leads nowhere: its text is the whole of it.
 */
export function noticeTarget(item: Pick<TInboxItem, 'kind' | 'ref'>): string | null {
  switch (item.kind as NotificationKind) {
    case 'withdrawalApproved':
    case 'withdrawalPaid':
    case 'withdrawalRejected':
    case 'withdrawalFailed':
      return paths.agent.withdrawList.getHref();
    case 'orderPaid':
    case 'orderHeld':
    case 'orderExpired':
      return item.ref ? paths.agent.queryOrder.getHref({ orderId: item.ref.id }) : null;
    case 'profitFromAgent':
    case 'profitFromPlayer':
      return paths.agent.currencyDetail.getHref({ currency: BALANCE, billType: BillType.profit });
    case 'balanceAdjusted':
      return paths.agent.currencyDetail.getHref({ currency: BALANCE, billType: BillType.adjustment });
    case 'subAgentJoined':
      return paths.agent.childTree.getHref();
    case 'playerBound':
      return paths.users.usersList.getHref();
    default:
      return null;
  }
}

/** The unread badge's text: the server counts up to UNREAD_COUNT_CAP; past 99 it reads "99+". */
export const UNREAD_BADGE_MAX = 99;

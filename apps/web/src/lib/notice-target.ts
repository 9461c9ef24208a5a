import { BillType, type NotificationKind, type TInboxItem } from '@promoter/contract';
import { paths } from '../config/paths';

/** The currency codes of the balance and the diamonds in the agent's flow (`agent/user/bill`). */
const BALANCE = 1;
const DIAMONDS = 2;

/**
 * Where an inbox item leads in the app: the withdrawal records (also to confirm a WeChat transfer's receipt), the order
 * (a refunded one too), the profit entries and what a refund took back of them, the downline, the bound players. An announcement (and a kind this version does not know) leads nowhere: its text is the whole of it.
 */
export function noticeTarget(item: Pick<TInboxItem, 'kind' | 'ref'>): string | null {
  switch (item.kind as NotificationKind) {
    case 'withdrawalApproved':
    case 'withdrawalPaid':
    case 'withdrawalRejected':
    case 'withdrawalFailed':
    case 'withdrawalConfirm':
      return paths.agent.withdrawList.getHref();
    case 'orderPaid':
    case 'orderHeld':
    case 'orderExpired':
      return item.ref ? paths.agent.queryOrder.getHref({ orderId: item.ref.id }) : null;
    case 'orderRefunded':
      // The refunded order's page; a notice that names the refund rather than its order leads to what it took back.
      return item.ref?.type === 'order'
        ? paths.agent.queryOrder.getHref({ orderId: item.ref.id })
        : paths.agent.currencyDetail.getHref({ currency: DIAMONDS, billType: BillType.refundClawback });
    case 'profitClawedBack':
      return paths.agent.currencyDetail.getHref({ currency: BALANCE, billType: BillType.refundClawback });
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

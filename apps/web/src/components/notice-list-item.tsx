import type { NotificationKind, TInboxItem } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { languageOf } from '../i18n/languages';
import { Badge } from '../ui/badge';
import { cx } from '../ui/cx';
import { AccountBalanceWalletOutlinedIcon } from '../ui/icons/AccountBalanceWalletOutlinedIcon';
import { CampaignOutlinedIcon } from '../ui/icons/CampaignOutlinedIcon';
import { DiamondOutlinedIcon } from '../ui/icons/DiamondOutlinedIcon';
import { GroupAddOutlinedIcon } from '../ui/icons/GroupAddOutlinedIcon';
import { KeyOffOutlinedIcon } from '../ui/icons/KeyOffOutlinedIcon';
import { LockOpenOutlinedIcon } from '../ui/icons/LockOpenOutlinedIcon';
import { LockOutlinedIcon } from '../ui/icons/LockOutlinedIcon';
import { MilitaryTechOutlinedIcon } from '../ui/icons/MilitaryTechOutlinedIcon';
import { NotificationsNoneOutlinedIcon } from '../ui/icons/NotificationsNoneOutlinedIcon';
import { PaidOutlinedIcon } from '../ui/icons/PaidOutlinedIcon';
import { PersonAddAltOutlinedIcon } from '../ui/icons/PersonAddAltOutlinedIcon';
import { PhonelinkRingOutlinedIcon } from '../ui/icons/PhonelinkRingOutlinedIcon';
import { ReceiptOutlinedIcon } from '../ui/icons/ReceiptOutlinedIcon';
import { ReplayOutlinedIcon } from '../ui/icons/ReplayOutlinedIcon';
import { ListItemButton } from '../ui/list';
import { Text } from '../ui/text';
import styles from './notice-list-item.module.css';

const ICONS: Partial<Record<NotificationKind, ReactNode>> = {
  withdrawalApproved: <AccountBalanceWalletOutlinedIcon color="primary" />,
  withdrawalPaid: <AccountBalanceWalletOutlinedIcon color="success" />,
  withdrawalRejected: <AccountBalanceWalletOutlinedIcon color="error" />,
  withdrawalFailed: <AccountBalanceWalletOutlinedIcon color="error" />,
  subAgentJoined: <GroupAddOutlinedIcon color="primary" />,
  playerBound: <PersonAddAltOutlinedIcon color="primary" />,
  profitFromAgent: <PaidOutlinedIcon color="success" />,
  profitFromPlayer: <PaidOutlinedIcon color="success" />,
  orderPaid: <ReceiptOutlinedIcon color="success" />,
  orderHeld: <ReceiptOutlinedIcon color="warning" />,
  orderExpired: <ReceiptOutlinedIcon color="disabled" />,
  orderRefunded: <ReplayOutlinedIcon color="info" />,
  profitClawedBack: <ReplayOutlinedIcon color="warning" />,
  withdrawalConfirm: <PhonelinkRingOutlinedIcon color="warning" />,
  balanceAdjusted: <AccountBalanceWalletOutlinedIcon color="info" />,
  diamondsAdjusted: <DiamondOutlinedIcon color="info" />,
  agentFrozen: <LockOutlinedIcon color="error" />,
  agentUnfrozen: <LockOpenOutlinedIcon color="success" />,
  levelChanged: <MilitaryTechOutlinedIcon color="primary" />,
  passwordRemoved: <KeyOffOutlinedIcon color="warning" />,
  announcement: <CampaignOutlinedIcon color="secondary" />,
};

/** An inbox item's time, in the reader's language and the device's time zone. */
export function formatNoticeTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString(languageOf(language).htmlLang, { dateStyle: 'short', timeStyle: 'short' });
  } catch {
    return date.toISOString();
  }
}

interface NoticeListItemProps {
  item: TInboxItem;
  /** Lines of the text shown before it is cut (undefined: all of it). */
  lines?: number;
  onClick: () => void;
  /** Under the item, apart from its tap area: its own buttons. */
  actions?: ReactNode;
}

/**
 * One inbox item as the header's bell and the inbox page show it: the kind's icon (a dot while unread), the title
 * (bold while unread), the text as the server wrote it in the reader's language, and when it came.
 */
export function NoticeListItem({ item, lines, onClick, actions }: NoticeListItemProps) {
  const { t, i18n } = useTranslation();
  const unread = !item.read;
  return (
    <li
      className={cx(styles.item, unread && styles.unread)}
      data-testid={`notice-${item.id}`}
      data-read={item.read ? 'true' : 'false'}
      data-kind={item.kind}
    >
      <ListItemButton alignItems="flex-start" onClick={onClick} className={styles.row}>
        <span className={styles.icon}>
          <Badge dot color="error" invisible={!unread} circular>
            {ICONS[item.kind as NotificationKind] ?? <NotificationsNoneOutlinedIcon color="action" />}
          </Badge>
        </span>
        <span className={styles.body}>
          {unread ? <span className={styles.visuallyHidden}>{t('inbox.unread')}</span> : null}
          <Text
            variant="body2"
            component="span"
            weight={unread ? 700 : 500}
            breakWord
            className={styles.line}
            data-testid="notice-title"
          >
            {item.title}
          </Text>
          {item.text ? (
            <Text
              variant="body2"
              component="span"
              color="textSecondary"
              className={cx(styles.line, styles.text, lines !== undefined && styles.clamped)}
              style={lines !== undefined ? { WebkitLineClamp: lines } : undefined}
              data-testid="notice-text"
            >
              {item.text}
            </Text>
          ) : null}
          <Text
            variant="caption"
            color="textSecondary"
            component="span"
            className={cx(styles.line, styles.time)}
          >
            {formatNoticeTime(item.createdAt, i18n.language)}
          </Text>
        </span>
      </ListItemButton>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </li>
  );
}

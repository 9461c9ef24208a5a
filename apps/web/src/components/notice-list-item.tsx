import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import KeyOffOutlined from '@mui/icons-material/KeyOffOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PhonelinkRingOutlined from '@mui/icons-material/PhonelinkRingOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import type { NotificationKind, TInboxItem } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../i18n/languages';

const ICONS: Partial<Record<NotificationKind, ReactNode>> = {
  withdrawalApproved: <AccountBalanceWalletOutlined color="primary" />,
  withdrawalPaid: <AccountBalanceWalletOutlined color="success" />,
  withdrawalRejected: <AccountBalanceWalletOutlined color="error" />,
  withdrawalFailed: <AccountBalanceWalletOutlined color="error" />,
  subAgentJoined: <GroupAddOutlined color="primary" />,
  playerBound: <PersonAddAltOutlined color="primary" />,
  profitFromAgent: <PaidOutlined color="success" />,
  profitFromPlayer: <PaidOutlined color="success" />,
  orderPaid: <ReceiptOutlined color="success" />,
  orderHeld: <ReceiptOutlined color="warning" />,
  orderExpired: <ReceiptOutlined color="disabled" />,
  orderRefunded: <ReplayOutlined color="info" />,
  profitClawedBack: <ReplayOutlined color="warning" />,
  withdrawalConfirm: <PhonelinkRingOutlined color="warning" />,
  balanceAdjusted: <AccountBalanceWalletOutlined color="info" />,
  diamondsAdjusted: <DiamondOutlined color="info" />,
  agentFrozen: <LockOutlined color="error" />,
  agentUnfrozen: <LockOpenOutlined color="success" />,
  levelChanged: <MilitaryTechOutlined color="primary" />,
  passwordRemoved: <KeyOffOutlined color="warning" />,
  announcement: <CampaignOutlined color="secondary" />,
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

/** Read by screen readers only. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * One inbox item as the header's bell and the inbox page show it: the kind's icon (a dot while unread), the title
 * (bold while unread), the text as the server wrote it in the reader's language, and when it came.
 */
export function NoticeListItem({ item, lines, onClick, actions }: NoticeListItemProps) {
  const { t, i18n } = useTranslation();
  const unread = !item.read;
  return (
    <Box
      component="li"
      data-testid={`notice-${item.id}`}
      data-read={item.read ? 'true' : 'false'}
      data-kind={item.kind}
      sx={{ listStyle: 'none', bgcolor: unread ? 'action.hover' : undefined }}
    >
      <ListItemButton alignItems="flex-start" onClick={onClick} sx={{ gap: 0.5, py: 1.25, minHeight: 48 }}>
        <ListItemIcon sx={{ minWidth: 40, mt: 0.25 }}>
          <Badge variant="dot" color="error" invisible={!unread} overlap="circular">
            {ICONS[item.kind as NotificationKind] ?? <NotificationsNoneOutlined color="action" />}
          </Badge>
        </ListItemIcon>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {unread ? (
            <Box component="span" sx={VISUALLY_HIDDEN}>
              {t('inbox.unread')}
            </Box>
          ) : null}
          <Typography
            variant="body2"
            sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}
            data-testid="notice-title"
          >
            {item.title}
          </Typography>
          {item.text ? (
            <Typography
              variant="body2"
              color="text.secondary"
              data-testid="notice-text"
              sx={{
                whiteSpace: 'pre-line',
                overflowWrap: 'anywhere',
                ...(lines
                  ? {
                      display: '-webkit-box',
                      WebkitLineClamp: lines,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }
                  : {}),
              }}
            >
              {item.text}
            </Typography>
          ) : null}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
            {formatNoticeTime(item.createdAt, i18n.language)}
          </Typography>
        </Box>
      </ListItemButton>
      {actions ? <Box sx={{ display: 'flex', gap: 1, pr: 2, pb: 1, pl: 7 }}>{actions}</Box> : null}
    </Box>
  );
}

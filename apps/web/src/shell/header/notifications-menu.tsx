import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { TInboxItem } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLatestNotifications, useUnreadCount } from '../../api/get-notifications';
import { useMarkNotificationsRead } from '../../api/mark-notifications-read';
import { NoticeListItem } from '../../components/notice-list-item';
import { RetryAlert } from '../../components/ui/retry-alert';
import { paths } from '../../config/paths';
import { noticeTarget } from '../../lib/notice-target';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';

/** How many of the newest items the bell shows; the inbox page has them all. */
export const BELL_ITEMS = 5;

/**
 * The header's notifications dropdown (SPEC section 2), made real (decision 018, the inbox): the newest items of the agent's inbox,
 * unread ones marked, each opening what it is about (an announcement opens the inbox, where its whole text is);
 * mark all read; the way to the inbox.
 */
export function NotificationsMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = Boolean(anchorEl);
  const latest = useLatestNotifications(BELL_ITEMS, open);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkNotificationsRead();
  const items = latest.data?.list ?? [];

  const go = (href: string) => {
    onClose();
    void navigate(href);
  };
  const openItem = (item: TInboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    go(noticeTarget(item) ?? paths.inbox.getHref());
  };
  const newest = items[0];

  return (
    <HeaderPopover anchorEl={anchorEl} onClose={onClose}>
      <Box
        sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}
        data-testid="bell-menu"
      >
        <Typography variant="subtitle1" sx={{ flex: 1 }}>
          {t('inbox.bell.title')}
        </Typography>
        {unread > 0 && newest ? (
          <Button
            size="small"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ upTo: newest.createdAt })}
            data-testid="bell-mark-all-read"
          >
            {t('inbox.markAllRead')}
          </Button>
        ) : null}
      </Box>
      {latest.isPending && latest.fetchStatus !== 'idle' ? (
        <Box sx={{ py: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label={t('inbox.loading')} />
        </Box>
      ) : latest.isError && items.length === 0 ? (
        <RetryAlert onRetry={() => latest.refetch()} sx={{ m: 1 }}>
          {t('inbox.loadFailed')}
        </RetryAlert>
      ) : items.length === 0 ? (
        <Typography
          color="text.secondary"
          sx={{ px: 2, py: 3, textAlign: 'center' }}
          data-testid="bell-empty"
        >
          {t('inbox.empty')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 360, overflowY: 'auto' }} data-testid="bell-list">
          {items.map((item) => (
            <NoticeListItem key={item.id} item={item} lines={2} onClick={() => openItem(item)} />
          ))}
        </List>
      )}
      <Divider />
      <Button
        fullWidth
        onClick={() => go(paths.inbox.getHref())}
        sx={{ py: 1.25 }}
        data-testid="bell-view-all"
      >
        {t('inbox.viewAll')}
      </Button>
    </HeaderPopover>
  );
}

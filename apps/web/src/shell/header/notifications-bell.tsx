import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../api/get-notifications';
import { invalidate } from '../../api/query-keys';
import { UNREAD_BADGE_MAX } from '../../lib/notice-target';

/**
 * The header's bell, on every screen size: the unread count as its badge, polled with backoff while the tab is shown
 * (`useUnreadCount`). When the count rises, something happened on the server (a withdrawal reviewed, a profit, a new
 * sub-agent): the lists and figures those events change are refetched, so the header and the open page follow
 * without a reload.
 */
export function NotificationsBell({ onOpen }: { onOpen: (anchor: HTMLElement) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const unread = useUnreadCount().data;
  const seen = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (unread === undefined) return;
    if (seen.current !== undefined && unread > seen.current) void invalidate.noticesArrived(queryClient);
    seen.current = unread;
  }, [unread, queryClient]);

  const count = unread ?? 0;
  const label =
    count > 0
      ? t('inbox.bell.labelUnread', { count: count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : count })
      : t('header.notifications');
  return (
    <Tooltip title={t('header.notifications')}>
      <IconButton
        color="inherit"
        aria-label={label}
        data-testid="header-bell"
        onClick={(event) => onOpen(event.currentTarget)}
        sx={{ p: { xs: 0.75, sm: 1 } }}
      >
        <Badge badgeContent={count} max={UNREAD_BADGE_MAX} color="error" data-testid="header-bell-badge">
          <NotificationsNoneOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../api/get-notifications';
import { Hint } from '../../components/ui/hint';
import { UNREAD_BADGE_MAX } from '../../lib/notice-target';
import { headerIconSize } from './header-icon';

/**
 * The header's bell, on every screen size: the unread count as its badge, polled with backoff while the tab is shown
 * (`useUnreadCount`, which refetches what new events change when the count rises).
 */
export function NotificationsBell({ onOpen }: { onOpen: (anchor: HTMLElement) => void }) {
  const { t } = useTranslation();
  const unread = useUnreadCount().data;

  const count = unread ?? 0;
  const label =
    count > 0
      ? t('inbox.bell.labelUnread', { count: count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : count })
      : t('header.notifications');
  return (
    <Hint title={t('header.notifications')}>
      <IconButton
        color="inherit"
        aria-label={label}
        data-testid="header-bell"
        onClick={(event) => onOpen(event.currentTarget)}
        sx={headerIconSize}
      >
        <Badge badgeContent={count} max={UNREAD_BADGE_MAX} color="error" data-testid="header-bell-badge">
          <NotificationsNoneOutlined />
        </Badge>
      </IconButton>
    </Hint>
  );
}

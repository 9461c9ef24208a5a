import { useTranslation } from '../../i18n/use-translation';
import { useUnreadCount } from '../../api/get-notifications';
import { Hint } from '../../components/ui/hint';
import { UNREAD_BADGE_MAX } from '../../lib/notice-target';
import { Badge } from '../../ui/badge';
import { IconButton } from '../../ui/button';
import { NotificationsNoneOutlinedIcon } from '../../ui/icons/NotificationsNoneOutlinedIcon';
import { badgeBoxClass, headerIconClass } from './header-icon';

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
        className={headerIconClass}
      >
        <span className={badgeBoxClass} data-testid="header-bell-badge">
          <Badge badgeContent={count} max={UNREAD_BADGE_MAX} color="error">
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </span>
      </IconButton>
    </Hint>
  );
}

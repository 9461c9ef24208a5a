import type { TInboxItem } from '@promoter/contract';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigate } from '../../router';
import { useLatestNotifications, useUnreadCount } from '../../api/get-notifications';
import { useMarkNotificationsRead } from '../../api/mark-notifications-read';
import { NoticeListItem } from '../../components/notice-list-item';
import { RetryAlert } from '../../components/ui/retry-alert';
import { paths } from '../../config/paths';
import { noticeTarget } from '../../lib/notice-target';
import { Button } from '../../ui/button';
import { Divider } from '../../ui/divider';
import { List } from '../../ui/list';
import { Spinner } from '../../ui/progress';
import { Text } from '../../ui/text';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';
import styles from './notifications-menu.module.css';

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
      <div className={styles.head} data-testid="bell-menu">
        <Text variant="subtitle1" className={styles.title}>
          {t('inbox.bell.title')}
        </Text>
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
      </div>
      {latest.isPending && latest.fetchStatus !== 'idle' ? (
        <div className={styles.loading}>
          <Spinner size={24} color="primary" aria-label={t('inbox.loading')} />
        </div>
      ) : latest.isError && items.length === 0 ? (
        <RetryAlert onRetry={() => latest.refetch()} className={styles.retry}>
          {t('inbox.loadFailed')}
        </RetryAlert>
      ) : items.length === 0 ? (
        <Text color="textSecondary" className={styles.empty} data-testid="bell-empty">
          {t('inbox.empty')}
        </Text>
      ) : (
        <List dense disablePadding className={styles.list} data-testid="bell-list">
          {items.map((item) => (
            <NoticeListItem key={item.id} item={item} lines={2} onClick={() => openItem(item)} />
          ))}
        </List>
      )}
      <Divider />
      <Button
        fullWidth
        onClick={() => go(paths.inbox.getHref())}
        className={styles.viewAll}
        data-testid="bell-view-all"
      >
        {t('inbox.viewAll')}
      </Button>
    </HeaderPopover>
  );
}

import type { TInboxItem } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { useNotifications, useUnreadCount } from '../../../api/get-notifications';
import { useMarkNotificationsRead } from '../../../api/mark-notifications-read';
import { NoticeListItem } from '../../../components/notice-list-item';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { noticeTarget } from '../../../lib/notice-target';
import { Button } from '../../../ui/button';
import { Paper } from '../../../ui/card';
import { DoneAllOutlinedIcon } from '../../../ui/icons/DoneAllOutlinedIcon';
import { NotificationsNoneOutlinedIcon } from '../../../ui/icons/NotificationsNoneOutlinedIcon';
import { List } from '../../../ui/list';
import { Spinner } from '../../../ui/progress';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './inbox-page.module.css';

/** Lines of an item's text shown until it is opened. */
const CLOSED_LINES = 3;

function InboxSkeleton() {
  return (
    <Stack spacing={1}>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={72} />
      ))}
    </Stack>
  );
}

/**
 * `/inbox` (decision 018): every inbox item, read and unread, newest first, in pages as the list scrolls. Tapping an item
 * marks it read and opens its whole text; an item about something (a withdrawal, an order, a profit, the downline)
 * has a button to go there. "Mark all read" marks what the agent has seen: what arrives meanwhile stays unread.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications();
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkNotificationsRead();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  const newest = items[0];

  const toggle = (item: TInboxItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      return next;
    });
  };
  const go = (item: TInboxItem, href: string) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    void navigate(href);
  };

  return (
    <Stack spacing={2} data-testid="page-inbox">
      <Stack direction="row" spacing={1} alignItems="center">
        <Text variant="body2" color="textSecondary" className={styles.grow} data-testid="inbox-unread">
          {unread > 0 ? t('inbox.unreadCount', { count: unread }) : t('inbox.allRead')}
        </Text>
        <Button
          size="small"
          startIcon={<DoneAllOutlinedIcon />}
          disabled={unread === 0 || !newest || markRead.isPending}
          onClick={() => newest && markRead.mutate({ upTo: newest.createdAt })}
          data-testid="inbox-mark-all-read"
          className={styles.tall}
        >
          {t('inbox.markAllRead')}
        </Button>
      </Stack>
      {query.isPending ? (
        <InboxSkeleton />
      ) : query.isError && items.length === 0 ? (
        <RetryAlert onRetry={() => query.refetch()}>{t('inbox.loadFailed')}</RetryAlert>
      ) : items.length === 0 ? (
        <Stack spacing={1} alignItems="center" className={styles.empty} data-testid="inbox-empty">
          <NotificationsNoneOutlinedIcon className={styles.emptyIcon} />
          <Text>{t('inbox.empty')}</Text>
          <Text variant="body2" align="center">
            {t('inbox.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Paper variant="outlined">
          <List disablePadding data-testid="inbox-list">
            {items.map((item) => {
              const target = noticeTarget(item);
              return (
                <NoticeListItem
                  key={item.id}
                  item={item}
                  lines={opened.has(item.id) ? undefined : CLOSED_LINES}
                  onClick={() => toggle(item)}
                  actions={
                    target ? (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => go(item, target)}
                        className={styles.open}
                        data-testid="notice-open"
                      >
                        {t('inbox.open')}
                      </Button>
                    ) : undefined
                  }
                />
              );
            })}
          </List>
        </Paper>
      )}
      {items.length > 0 ? (
        <div className={styles.foot}>
          {query.isFetchingNextPage ? (
            <Spinner size={24} color="primary" aria-label={t('inbox.loading')} />
          ) : query.hasNextPage ? (
            <Button
              onClick={() => void query.fetchNextPage()}
              className={styles.tall}
              data-testid="inbox-load-more"
            >
              {t('inbox.loadMore')}
            </Button>
          ) : (
            <Text variant="body2" color="textSecondary">
              {t('inbox.noMore')}
            </Text>
          )}
        </div>
      ) : null}
    </Stack>
  );
}

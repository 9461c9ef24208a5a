import type { TChildAgent } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useChildrenPage } from '../../../api/get-children';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { Button, IconButton } from '../../../ui/button';
import { Divider } from '../../../ui/divider';
import { SearchIcon } from '../../../ui/icons/SearchIcon';
import { Pagination } from '../../../ui/pagination';
import { LinearProgress } from '../../../ui/progress';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import { ChildRow } from './child-row';
import styles from './children-list.module.css';

const PAGE_SIZE = 10;

/** My direct children, searchable by agent id or nickname, a page at a time. */
export function ChildrenList({ renderAction }: { renderAction?: (child: TChildAgent) => ReactNode }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const query = useChildrenPage({ keyword, page, pageSize: PAGE_SIZE });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / PAGE_SIZE)) : 1;

  const submit = () => {
    setKeyword(draft.trim());
    setPage(1);
  };

  return (
    <Stack spacing={1.5}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          fullWidth
          size="small"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('shop.children.searchPlaceholder')}
          inputProps={{
            'aria-label': t('shop.children.searchPlaceholder'),
            'data-testid': 'children-search',
          }}
          endAdornment={
            <IconButton type="submit" edge="end" aria-label={t('shop.children.search')}>
              <SearchIcon />
            </IconButton>
          }
        />
      </form>
      {query.data ? (
        <Text variant="body2" color="textSecondary" data-testid="children-total">
          {keyword
            ? t('shop.children.foundCount', { n: query.data.total, keyword })
            : t('shop.children.totalCount', { n: query.data.total })}
        </Text>
      ) : null}
      <div className={styles.results}>
        {query.isFetching && query.data ? <LinearProgress className={styles.busy} /> : null}
        {query.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : query.isError ? (
          <RetryAlert onRetry={() => query.refetch()}>{t('shop.children.loadFailed')}</RetryAlert>
        ) : query.data.list.length === 0 ? (
          <Text color="textSecondary" align="center" className={styles.empty} data-testid="children-empty">
            {keyword ? t('shop.children.noMatch') : t('shop.children.none')}
          </Text>
        ) : (
          <Stack divider={<Divider />} data-testid="children-list">
            {query.data.list.map((child) => (
              <ChildRow key={child.agentId} child={child} action={renderAction?.(child)} />
            ))}
          </Stack>
        )}
      </div>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={setPage}
          size="small"
          className={styles.centred}
          data-testid="children-pagination"
        />
      ) : null}
      {keyword ? (
        <Button
          size="small"
          onClick={() => {
            setDraft('');
            setKeyword('');
            setPage(1);
          }}
          className={styles.centred}
        >
          {t('shop.children.clearSearch')}
        </Button>
      ) : null}
    </Stack>
  );
}

import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TChildAgent } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from 'react-i18next';
import { useChildrenPage } from '../../../api/get-children';
import { ChildRow } from './child-row';

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
      <Box
        component="form"
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
          slotProps={{
            htmlInput: {
              'aria-label': t('shop.children.searchPlaceholder'),
              'data-testid': 'children-search',
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton type="submit" edge="end" aria-label={t('shop.children.search')}>
                    <Search />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {query.data ? (
        <Typography variant="body2" color="text.secondary" data-testid="children-total">
          {keyword
            ? t('shop.children.foundCount', { n: query.data.total, keyword })
            : t('shop.children.totalCount', { n: query.data.total })}
        </Typography>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        {query.isFetching && query.data ? (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} />
        ) : null}
        {query.isPending ? (
          <Stack spacing={1}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={64} />
            ))}
          </Stack>
        ) : query.isError ? (
          <RetryAlert onRetry={() => query.refetch()}>{t('shop.children.loadFailed')}</RetryAlert>
        ) : query.data.list.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="children-empty">
            {keyword ? t('shop.children.noMatch') : t('shop.children.none')}
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />} data-testid="children-list">
            {query.data.list.map((child) => (
              <ChildRow key={child.agentId} child={child} action={renderAction?.(child)} />
            ))}
          </Stack>
        )}
      </Box>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          size="small"
          sx={{ alignSelf: 'center' }}
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
          sx={{ alignSelf: 'center' }}
        >
          {t('shop.children.clearSearch')}
        </Button>
      ) : null}
    </Stack>
  );
}

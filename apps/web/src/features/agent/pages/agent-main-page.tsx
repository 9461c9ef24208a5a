import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillEntry } from '@promoter/contract';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { request } from '../../../api/client';
import { useUser } from '../../../api/get-user';
import { AgentFigures } from '../../../components/agent-figures';
import { paths } from '../../../config/paths';
import type { TranslationKey } from '../../../i18n/keys';
import { sessionStore } from '../../../lib/session';
import { AgentLinks } from '../components/agent-links';

const RECENT_BILL_LIMIT = 10;

/** The newest entries of both currencies (`agent/user/recentBill`); read again each time the page opens. */
function recentBillQueryOptions() {
  return queryOptions({
    queryKey: ['agent', 'recent-bill', RECENT_BILL_LIMIT],
    queryFn: async () => (await request('recentBill', { limit: RECENT_BILL_LIMIT })).list,
    staleTime: 0,
  });
}

const BILL_TYPE_KEYS: Record<number, TranslationKey> = {
  1: 'money.billTypes.1',
  2: 'money.billTypes.2',
  3: 'money.billTypes.3',
  4: 'money.billTypes.4',
  5: 'money.billTypes.5',
  6: 'money.billTypes.6',
  7: 'money.billTypes.7',
  8: 'money.billTypes.8',
  9: 'money.billTypes.9',
};

function signedAmount(entry: TBillEntry): string {
  const text = String(entry.amount);
  const negative = text.startsWith('-');
  const abs = negative ? text.slice(1) : text;
  return `${negative ? '-' : '+'}${entry.currency === 1 ? '¥' : ''}${abs}`;
}

function entryHref(entry: TBillEntry) {
  return {
    pathname: paths.agent.currencyDetail.path,
    search: `?${new URLSearchParams({ id: entry.id }).toString()}`,
  };
}

/** The agent's ten newest movements, each opening its detail. */
function RecentEntries() {
  const { t } = useTranslation();
  const query = useQuery(recentBillQueryOptions());
  const entries = query.data ?? [];
  return (
    <Stack spacing={1.5} component="section" data-testid="main-recent-bill">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('money.recent.title')}
        </Typography>
        <Button
          component={Link}
          to={paths.agent.currencyList.getHref()}
          size="small"
          endIcon={<ChevronRight />}
        >
          {t('money.recent.viewAll')}
        </Button>
      </Stack>
      {query.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('money.recent.loadFailed')}
        </Alert>
      ) : entries.length === 0 ? (
        <Typography color="text.secondary">{t('money.recent.empty')}</Typography>
      ) : (
        <Card>
          <List disablePadding>
            {entries.map((entry, index) => (
              <Fragment key={`${entry.currency}-${entry.id}`}>
                {index > 0 ? <Divider component="li" /> : null}
                <li>
                  <ListItemButton
                    component={Link}
                    to={entryHref(entry)}
                    data-testid={`main-recent-${entry.id}`}
                    sx={{ gap: 1.5, py: 1 }}
                  >
                    <Stack sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="subtitle2" noWrap>
                        {t(BILL_TYPE_KEYS[entry.billType] ?? 'money.billTypes.unknown')}
                        {' · '}
                        {t(entry.currency === 1 ? 'money.currency.1' : 'money.currency.2')}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" noWrap>
                        {dayjs(entry.createdAt).format('MM-DD HH:mm')}
                        {entry.memo ? ` · ${entry.memo}` : ''}
                      </Typography>
                    </Stack>
                    <Typography
                      sx={{
                        fontWeight: 600,
                        whiteSpace: 'nowrap',
                        color: String(entry.amount).startsWith('-') ? 'error.main' : 'success.main',
                      }}
                    >
                      {signedAmount(entry)}
                    </Typography>
                  </ListItemButton>
                </li>
              </Fragment>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}

/** /agent/Main: the agent's own figures from getUser, the way to every agent screen, and the latest movements. */
export function AgentMainPage() {
  const { t } = useTranslation();
  const query = useUser();
  const storedUser = sessionStore.use((s) => s.user);
  const user = query.data ?? storedUser ?? undefined;

  return (
    <Stack spacing={3} data-testid="page-agent-main">
      <Typography variant="h5" component="h1">
        {user ? t('main.greeting', { name: user.nickname }) : t('nav.agentMain')}
      </Typography>
      {query.isError && !user ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('main.loadFailed')}
        </Alert>
      ) : null}
      <section aria-label={t('main.figuresTitle')}>
        <AgentFigures user={user} testIdPrefix="main" />
      </section>
      <Stack spacing={1.5} component="section">
        <Typography variant="h6" component="h2">
          {t('main.linksTitle')}
        </Typography>
        <AgentLinks />
      </Stack>
      <RecentEntries />
    </Stack>
  );
}

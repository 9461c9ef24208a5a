import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { moneyToFen, type TAgentUser } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentUser } from '../api/get-user';
import { languageOf } from '../i18n/languages';
import { levelLabelKey } from '../lib/agent-level';
import { AGENT_FIGURES, type AgentFigureKey } from '../lib/agent-figures';
import { formatMoney } from '../lib/format';
import { CountUp } from './ui/count-up';
import { RetryAlert } from './ui/retry-alert';

const ICONS: Record<AgentFigureKey, ReactNode> = {
  balance: <AccountBalanceWalletOutlined />,
  diamonds: <DiamondOutlined />,
  todayProfit: <TrendingUpOutlined />,
  todayDiamonds: <SellOutlined />,
};

/**
 * The signed-in agent's own figures as cards: shared by the agent main page and every dashboard, so
 * they show real data from `getUser` and nothing else. Each counts up to its value (SPEC section 9, 5000 ms; at once
 * under reduced motion).
 */
export function AgentFigures({ user, testIdPrefix }: { user: TAgentUser | undefined; testIdPrefix: string }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {user ? (
            <Avatar src={user.avatar || undefined} alt={user.nickname} sx={{ width: 56, height: 56 }}>
              {user.nickname.slice(0, 1)}
            </Avatar>
          ) : (
            <Skeleton variant="circular" width={56} height={56} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" noWrap data-testid={`${testIdPrefix}-nickname`}>
              {user ? user.nickname : <Skeleton width={120} />}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary">
                {user ? t('figures.agentId', { id: user.agentId }) : <Skeleton width={80} />}
              </Typography>
              {user ? (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
                />
              ) : null}
            </Stack>
          </Box>
        </CardContent>
      </Card>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2 }}
      >
        {AGENT_FIGURES.map((figure) => (
          <Card key={figure.key}>
            <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main', mb: 1 }}>
                {ICONS[figure.key]}
                <Typography variant="body2" color="text.secondary" noWrap>
                  {t(`figures.${figure.key}`)}
                </Typography>
              </Stack>
              <Typography variant="h5" component="p" noWrap data-testid={`${testIdPrefix}-${figure.key}`}>
                {user ? (
                  <CountUp value={figure.value(user)} format={(value) => figure.format(value, locale)} />
                ) : (
                  <Skeleton width="70%" />
                )}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      {user && moneyToFen(user.owed) > 0 ? (
        <Alert severity="warning" data-testid={`${testIdPrefix}-owed`}>
          {t('figures.owed', { amount: formatMoney(user.owed) })}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** getUser failed and no stored copy stands in: say so, with a retry. Nothing otherwise. */
export function AgentLoadError() {
  const { t } = useTranslation();
  const { query, user } = useAgentUser();
  if (!query.isError || user) return null;
  return <RetryAlert onRetry={() => query.refetch()}>{t('main.loadFailed')}</RetryAlert>;
}

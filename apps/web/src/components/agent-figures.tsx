import { moneyToFen, type TAgentUser } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useAgentUser } from '../api/get-user';
import { languageOf } from '../i18n/languages';
import { levelLabelKey } from '../lib/agent-level';
import { AGENT_FIGURES, type AgentFigureKey } from '../lib/agent-figures';
import { formatMoney } from '../lib/format';
import { Alert } from '../ui/alert';
import { Avatar } from '../ui/avatar';
import { Card, CardContent } from '../ui/card';
import { Chip } from '../ui/chip';
import { AccountBalanceWalletOutlinedIcon } from '../ui/icons/AccountBalanceWalletOutlinedIcon';
import { DiamondOutlinedIcon } from '../ui/icons/DiamondOutlinedIcon';
import { SellOutlinedIcon } from '../ui/icons/SellOutlinedIcon';
import { TrendingUpOutlinedIcon } from '../ui/icons/TrendingUpOutlinedIcon';
import { Skeleton } from '../ui/skeleton';
import { Stack } from '../ui/stack';
import { Text } from '../ui/text';
import styles from './agent-figures.module.css';
import { CountUp } from './ui/count-up';
import { RetryAlert } from './ui/retry-alert';

const ICONS: Record<AgentFigureKey, ReactNode> = {
  balance: <AccountBalanceWalletOutlinedIcon />,
  diamonds: <DiamondOutlinedIcon />,
  todayProfit: <TrendingUpOutlinedIcon />,
  todayDiamonds: <SellOutlinedIcon />,
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
        <CardContent className={styles.identity}>
          {user ? (
            <Avatar src={user.avatar || undefined} alt={user.nickname} size={56}>
              {user.nickname.slice(0, 1)}
            </Avatar>
          ) : (
            <Skeleton variant="circular" width={56} height={56} />
          )}
          <div className={styles.identityText}>
            <Text variant="h6" noWrap data-testid={`${testIdPrefix}-nickname`}>
              {user ? user.nickname : <Skeleton width={120} />}
            </Text>
            <Stack direction="row" spacing={1} alignItems="center" wrap>
              <Text variant="body2" color="textSecondary">
                {user ? t('figures.agentId', { id: user.agentId }) : <Skeleton width={80} />}
              </Text>
              {user ? (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
                />
              ) : null}
            </Stack>
          </div>
        </CardContent>
      </Card>
      <div className={styles.figures}>
        {AGENT_FIGURES.map((figure) => (
          <Card key={figure.key} className={styles.figure}>
            <Stack direction="row" spacing={1} alignItems="center" className={styles.figureHead}>
              {ICONS[figure.key]}
              <Text variant="body2" color="textSecondary" noWrap>
                {t(`figures.${figure.key}`)}
              </Text>
            </Stack>
            <Text variant="h5" component="p" noWrap data-testid={`${testIdPrefix}-${figure.key}`}>
              {user ? (
                <CountUp value={figure.value(user)} format={(value) => figure.format(value, locale)} />
              ) : (
                <Skeleton width="70%" />
              )}
            </Text>
          </Card>
        ))}
      </div>
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

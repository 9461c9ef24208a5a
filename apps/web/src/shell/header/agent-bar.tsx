import type { TAgentUser } from '@promoter/contract';
import { useTranslation } from '../../i18n/use-translation';
import { languageOf } from '../../i18n/languages';
import { levelLabelKey } from '../../lib/agent-level';
import { absCount, formatCount, formatMoney } from '../../lib/format';
import { Chip } from '../../ui/chip';
import { LinearProgress } from '../../ui/progress';
import { Text } from '../../ui/text';
import { AgentAvatar } from './agent-avatar';
import styles from './agent-bar.module.css';

interface AgentBarProps {
  user: TAgentUser | undefined;
  /** True until the first getUser answer, success or not (SPEC section 4 'Header'). */
  loading: boolean;
}

/**
 * The header's agent strip: nickname, agent id, level with the word for promoter (the level-label
 * reading, see lib/agent-level.ts), balance, diamonds, today's profit and today's diamonds sold.
 * On a phone the identity takes one line and the four figures a 4-column row under it.
 */
export function AgentBar({ user, loading }: AgentBarProps) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const dash = '—';
  const figures = [
    { key: 'balance', testId: 'header-balance', value: user ? formatMoney(user.balance) : dash },
    { key: 'diamonds', testId: 'header-diamonds', value: user ? formatCount(user.diamonds, locale) : dash },
    { key: 'todayProfit', testId: 'header-today-profit', value: user ? formatMoney(user.todayProfit) : dash },
    {
      key: 'todayDiamonds',
      testId: 'header-today-diamonds',
      value: user ? formatCount(absCount(user.todayDiamonds), locale) : dash,
    },
  ] as const;

  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <div className={styles.identity}>
          <AgentAvatar user={user} />
          <Text variant="subtitle2" noWrap className={styles.nickname} data-testid="header-nickname">
            {user?.nickname ?? dash}
          </Text>
          <Text variant="caption" noWrap className={styles.agentId} data-testid="header-agent-id">
            {user ? t('figures.agentId', { id: user.agentId }) : dash}
          </Text>
          <Chip
            size="small"
            data-testid="header-level"
            label={user ? t('level.withPromoter', { level: t(levelLabelKey(user.level)) }) : dash}
            className={styles.level}
          />
        </div>
        <div className={styles.figures}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.figure}>
              <Text component="div" variant="caption" noWrap className={styles.figureLabel}>
                {t(`figures.${figure.key}Short`)}
              </Text>
              <Text
                component="div"
                variant="subtitle2"
                noWrap
                className={styles.figureValue}
                data-testid={figure.testId}
              >
                {figure.value}
              </Text>
            </div>
          ))}
        </div>
      </div>
      {loading ? (
        <LinearProgress
          aria-label={t('header.loadingUser')}
          data-testid="header-loading"
          className={styles.loading}
        />
      ) : null}
    </div>
  );
}

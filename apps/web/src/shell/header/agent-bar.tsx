import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TAgentUser } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../i18n/languages';
import { levelLabelKey } from '../../lib/agent-level';
import { absCount, formatCount, formatMoney } from '../../lib/format';
import { AgentAvatar } from './agent-avatar';

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
    <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'rgba(127,127,127,0.24)' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'center' },
          gap: { xs: 0.75, md: 3 },
          px: { xs: 1.5, sm: 2 },
          py: { xs: 0.75, md: 1 },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <AgentAvatar user={user} />
          <Typography
            variant="subtitle2"
            noWrap
            sx={{ minWidth: 0, maxWidth: { xs: 130, md: 200 } }}
            data-testid="header-nickname"
          >
            {user?.nickname ?? dash}
          </Typography>
          <Typography variant="caption" noWrap sx={{ opacity: 0.85 }} data-testid="header-agent-id">
            {user ? t('figures.agentId', { id: user.agentId }) : dash}
          </Typography>
          <Chip
            size="small"
            data-testid="header-level"
            label={user ? t('level.withPromoter', { level: t(levelLabelKey(user.level)) }) : dash}
            sx={{
              height: 20,
              fontSize: 12,
              bgcolor: 'rgba(127,127,127,0.22)',
              color: 'inherit',
              flexShrink: 0,
            }}
          />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            gap: { xs: 0.5, md: 3 },
            flex: { md: 1 },
            justifyItems: { md: 'end' },
          }}
        >
          {figures.map((figure) => (
            <Box key={figure.key} sx={{ minWidth: 0, textAlign: { xs: 'center', md: 'end' } }}>
              <Typography component="div" variant="caption" noWrap sx={{ opacity: 0.8, lineHeight: 1.3 }}>
                {t(`figures.${figure.key}Short`)}
              </Typography>
              <Typography
                component="div"
                variant="subtitle2"
                noWrap
                sx={{ lineHeight: 1.3 }}
                data-testid={figure.testId}
              >
                {figure.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      {loading ? (
        <LinearProgress
          aria-label={t('header.loadingUser')}
          data-testid="header-loading"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }}
          color="inherit"
        />
      ) : null}
    </Box>
  );
}

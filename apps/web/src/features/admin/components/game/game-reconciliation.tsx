import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TCountDiamonds, TGameReconciliationFigures } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { RetryAlert } from '../../../../components/ui/retry-alert';
import { languageOf } from '../../../../i18n/languages';
import { formatCount } from '../../../../lib/format';
import {
  type GameReconciliationPeriod,
  useAdminGameReconciliation,
} from '../../api/get-admin-game-reconciliation';
import { ExportButton } from '../export-button';
import { PeriodSwitch } from '../period-switch';

const COLUMNS = ['credited', 'debited', 'acknowledged', 'difference'] as const;

/** One row of the table: a day, or the period's total. */
function FiguresRow({
  label,
  figures,
  testId,
}: {
  label: string;
  figures: TGameReconciliationFigures;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const pair = (value: TCountDiamonds) =>
    t('adminGame.reconciliation.countDiamonds', {
      count: formatCount(value.count, locale),
      diamonds: formatCount(value.diamonds, locale),
    });
  const off = figures.difference.count !== 0 || figures.difference.diamonds !== 0;
  return (
    <TableRow data-testid={testId} data-off={off}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{label}</TableCell>
      {COLUMNS.map((column) => (
        <TableCell
          key={column}
          align="right"
          sx={{ whiteSpace: 'nowrap', color: column === 'difference' && off ? 'error.main' : undefined }}
        >
          {pair(figures[column])}
        </TableCell>
      ))}
      <TableCell align="right">{formatCount(figures.pending, locale)}</TableCell>
      <TableCell align="right">{formatCount(figures.failed, locale)}</TableCell>
    </TableRow>
  );
}

/**
 * The game's daily reconciliation (right `reports`): per day of the platform's time zone, what the ledger credited
 * and took back against what the game acknowledged, the difference in red; the period as the dashboard picks it, and
 * its CSV file.
 */
export function GameReconciliation() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<GameReconciliationPeriod>({ days: 30 });
  const report = useAdminGameReconciliation(period);
  const data = report.data;
  return (
    <Stack spacing={1.5} data-testid="game-reconciliation">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1 }}>
          <PeriodSwitch shown={data ? { from: data.from, to: data.to } : null} onChange={setPeriod} />
        </Box>
        <ExportButton kind="gameReconciliation" filters={period} />
      </Box>
      {data ? (
        <Typography variant="body2" color="text.secondary">
          {t('adminGame.reconciliation.help', { timeZone: data.timeZone })}
        </Typography>
      ) : null}
      {report.isError && !data ? (
        <RetryAlert onRetry={() => report.refetch()} testId="game-reconciliation-error">
          {t('adminGame.reconciliation.loadFailed')}
        </RetryAlert>
      ) : null}
      <Paper sx={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 860 }} data-testid="game-reconciliation-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminGame.reconciliation.columns.day')}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {t(`adminGame.reconciliation.columns.${column}`)}
                  </TableCell>
                ))}
                <TableCell align="right">{t('adminGame.reconciliation.columns.pending')}</TableCell>
                <TableCell align="right">{t('adminGame.reconciliation.columns.failed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(data?.days ?? []).map((day) => (
                <FiguresRow key={day.day} label={day.day} figures={day} testId={`game-day-${day.day}`} />
              ))}
              {data ? (
                <FiguresRow
                  label={t('adminGame.reconciliation.total')}
                  figures={data.totals}
                  testId="game-day-total"
                />
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

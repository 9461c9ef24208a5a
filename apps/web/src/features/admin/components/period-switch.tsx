import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ReportPeriodInput } from '../api/get-admin-report-summary';
import { periodInput } from '../lib/report-period';
import type { PeriodChoice } from '../lib/report-period';

interface PeriodSwitchProps {
  /** The days the dashboard shows now (the server's answer): the custom fields start from them. */
  shown: { from: string; to: string } | null;
  onChange: (period: ReportPeriodInput) => void;
}

const CHOICES: PeriodChoice[] = ['today', 'days7', 'days30', 'custom'];

/**
 * The dashboard's period: today, the last 7 or 30 days at a click, or two days chosen and applied (checked by the
 * contract's rule before anything is asked: a real range, at most 366 days).
 */
export function PeriodSwitch({ shown, onChange }: PeriodSwitchProps) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PeriodChoice>('days30');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [invalid, setInvalid] = useState(false);

  const choose = (next: PeriodChoice | null) => {
    if (next === null) return;
    setChoice(next);
    setInvalid(false);
    if (next === 'custom') {
      setFrom((current) => current || shown?.from || '');
      setTo((current) => current || shown?.to || '');
      return;
    }
    const period = periodInput(next, '', '');
    if (period) onChange(period);
  };

  const apply = () => {
    const period = periodInput('custom', from, to);
    setInvalid(period === null);
    if (period) onChange(period);
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={choice}
        onChange={(_, next: PeriodChoice | null) => choose(next)}
        aria-label={t('adminReports.dashboard.period.label')}
        data-testid="period-switch"
      >
        {CHOICES.map((item) => (
          <ToggleButton key={item} value={item} data-testid={`period-${item}`}>
            {t(`adminReports.dashboard.period.${item}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {choice === 'custom' ? (
        <Box
          component="form"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
          data-testid="period-custom"
        >
          <TextField
            size="small"
            type="date"
            label={t('adminReports.dashboard.period.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={invalid}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-from' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('adminReports.dashboard.period.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={invalid}
            helperText={invalid ? t('adminReports.dashboard.period.invalid') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-to' } }}
          />
          <Button type="submit" variant="contained" data-testid="period-apply">
            {t('adminReports.dashboard.period.apply')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  DASHBOARD_PERIOD_MAX_DAYS,
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  dayNumber,
  periodDays,
  type TDashboardPeriodInput,
  type TResolvedPeriod,
  ZDay,
} from '@promoter/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { contractResolver } from '../../../lib/contract-resolver';

type PeriodInput = TDashboardPeriodInput & { period: DashboardPeriod };

const LABEL_KEYS = {
  today: 'dashboards.period.today',
  '7d': 'dashboards.period.days7',
  '30d': 'dashboards.period.days30',
  custom: 'dashboards.period.custom',
} as const;

interface CustomValues {
  from: string;
  to: string;
}

/** Two days typed for a custom period: real days (the contract's ZDay), in order, at most a year apart. */
function CustomPeriodForm({
  initial,
  onApply,
}: {
  initial: CustomValues;
  onApply: (values: CustomValues) => void;
}) {
  const { t } = useTranslation();
  const dayRule = {
    schema: ZDay,
    required: t('dashboards.period.required'),
    invalid: t('dashboards.period.invalid'),
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CustomValues>({
    defaultValues: initial,
    resolver: contractResolver<CustomValues>({ from: dayRule, to: dayRule }, (values) => {
      if (dayNumber(values.from) === null || dayNumber(values.to) === null) return {};
      const days = periodDays(values.from, values.to);
      if (days < 1) return { to: t('dashboards.period.order') };
      if (days > DASHBOARD_PERIOD_MAX_DAYS)
        return { to: t('dashboards.period.tooLong', { days: DASHBOARD_PERIOD_MAX_DAYS }) };
      return {};
    }),
  });
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={handleSubmit(onApply)}
      noValidate
      data-testid="period-custom-form"
    >
      <TextField
        {...register('from')}
        type="date"
        size="small"
        label={t('dashboards.period.from')}
        error={errors.from !== undefined}
        helperText={errors.from?.message}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-from' } }}
        sx={{ minWidth: 170 }}
      />
      <TextField
        {...register('to')}
        type="date"
        size="small"
        label={t('dashboards.period.to')}
        error={errors.to !== undefined}
        helperText={errors.to?.message}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'period-to' } }}
        sx={{ minWidth: 170 }}
      />
      <Button type="submit" variant="contained" sx={{ minHeight: 44 }} data-testid="period-apply">
        {t('dashboards.period.apply')}
      </Button>
    </Stack>
  );
}

/**
 * The period switch of every data dashboard: today, 7 days, 30 days (today included), or two days chosen. `resolved`
 * is the period the server last answered for, whose days fill the custom form.
 */
export function PeriodSwitch({
  value,
  resolved,
  onChange,
}: {
  value: PeriodInput;
  resolved: TResolvedPeriod | undefined;
  onChange: (next: PeriodInput) => void;
}) {
  const { t } = useTranslation();
  const [customOpen, setCustomOpen] = useState(value.period === 'custom');
  const selected: DashboardPeriod = customOpen ? 'custom' : value.period;
  const initial: CustomValues = {
    from: value.from ?? resolved?.from ?? '',
    to: value.to ?? resolved?.to ?? '',
  };
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={selected}
        aria-label={t('dashboards.period.label')}
        onChange={(_, next: DashboardPeriod | null) => {
          if (next === null) return;
          if (next === 'custom') {
            setCustomOpen(true);
            return;
          }
          setCustomOpen(false);
          onChange({ period: next });
        }}
        sx={{
          flexWrap: 'wrap',
          '& .MuiToggleButton-root': { minHeight: 44, px: 2, flex: { xs: 1, sm: 'none' } },
        }}
        data-testid="period-switch"
      >
        {DASHBOARD_PERIODS.map((period) => (
          <ToggleButton key={period} value={period} data-testid={`period-${period}`}>
            {t(LABEL_KEYS[period])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {customOpen ? (
        <CustomPeriodForm
          key={`${initial.from}:${initial.to}`}
          initial={initial}
          onApply={(values) => onChange({ period: 'custom', from: values.from, to: values.to })}
        />
      ) : null}
    </Stack>
  );
}

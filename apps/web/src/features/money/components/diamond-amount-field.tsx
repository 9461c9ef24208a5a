import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIAMONDS_PER_MOVE_MAX, ZDiamondsPerMove } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../i18n/keys';
import { ChoiceChip } from './choice-chip';

export const QUICK_DIAMONDS = [10, 50, 100, 500, 1000] as const;

/** Why a typed number of diamonds cannot be sent, or null: whole diamonds from 1 to 100 000, within the stock. */
export function diamondAmountError(text: string, stock: number | undefined): TranslationKey | null {
  if (!/^\d+$/.test(text.trim())) return 'money.amount.wholeDiamonds';
  const value = Number(text.trim());
  if (!ZDiamondsPerMove.safeParse(value).success) return 'money.amount.wholeDiamonds';
  if (stock !== undefined && value > stock) return 'money.amount.notEnoughStock';
  return null;
}

interface DiamondAmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Shown once the person has typed or tried to send. */
  error: TranslationKey | null;
  stock: number | undefined;
  disabled?: boolean;
  testIdPrefix: string;
}

/** Quick picks (10, 50, 100, 500, 1000) and a free input of whole diamonds. */
export function DiamondAmountField({
  value,
  onChange,
  error,
  stock,
  disabled,
  testIdPrefix,
}: DiamondAmountFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle2" component="h2">
        {t('money.amount.diamondsTitle')}
      </Typography>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1 }}
        role="group"
        aria-label={t('money.amount.quickPicks')}
      >
        {QUICK_DIAMONDS.map((n) => {
          const selected = value.trim() === String(n);
          return (
            <ChoiceChip
              key={n}
              label={n}
              selected={selected}
              disabled={disabled}
              onClick={() => onChange(String(n))}
              aria-pressed={selected}
              data-testid={`${testIdPrefix}-quick-${n}`}
              sx={{ minWidth: 56, fontWeight: 600 }}
            />
          );
        })}
      </Stack>
      <TextField
        label={t('money.amount.diamondsLabel')}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
        disabled={disabled}
        error={error !== null}
        helperText={
          error === 'money.amount.notEnoughStock'
            ? t(error, { stock: stock ?? 0 })
            : error
              ? t(error, { max: DIAMONDS_PER_MOVE_MAX })
              : t('money.amount.diamondsHint', { max: DIAMONDS_PER_MOVE_MAX })
        }
        fullWidth
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            pattern: '[0-9]*',
            maxLength: 6,
            'data-testid': `${testIdPrefix}-amount-input`,
          },
        }}
      />
    </Stack>
  );
}

import { DIAMONDS_PER_MOVE_MAX, ZDiamondsPerMove } from '@promoter/contract';
import type { TFunction } from '../../../i18n';
import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import type { FieldRule } from '../../../lib/contract-resolver';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import { ChoiceChip } from './choice-chip';
import styles from './diamond-amount-field.module.css';

export const QUICK_DIAMONDS = [10, 50, 100, 500, 1000] as const;

/** Typed diamonds (the field keeps digits only) by the contract's rule of one move: whole, 1 to 100 000. */
export function diamondAmountRule(t: TFunction): FieldRule {
  const message = t('money.amount.wholeDiamonds', { max: DIAMONDS_PER_MOVE_MAX });
  return {
    schema: z.string().trim().regex(/^\d+$/).pipe(z.coerce.number()).pipe(ZDiamondsPerMove),
    required: message,
    invalid: message,
  };
}

interface DiamondAmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the amount (translated), shown once the person has typed. */
  error: string | null;
  disabled?: boolean;
  testIdPrefix: string;
  /** The typed amount's input, for a page that focuses it (the transfer page with its agent chosen by link). */
  inputRef?: Ref<HTMLInputElement>;
}

/** Quick picks (10, 50, 100, 500, 1000) and a free input of whole diamonds. */
export function DiamondAmountField({
  value,
  onChange,
  error,
  disabled,
  testIdPrefix,
  inputRef,
}: DiamondAmountFieldProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <Text variant="subtitle2" component="h2">
        {t('money.amount.diamondsTitle')}
      </Text>
      <Stack
        direction="row"
        wrap
        className={styles.picks}
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
              className={styles.quick}
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
        helperText={error ?? t('money.amount.diamondsHint', { max: DIAMONDS_PER_MOVE_MAX })}
        fullWidth
        // The field's element is an input (the type covers a text area and a select too).
        inputRef={inputRef as Ref<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>}
        inputMode="numeric"
        maxLength={6}
        inputProps={{ pattern: '[0-9]*', 'data-testid': `${testIdPrefix}-amount-input` }}
      />
    </Stack>
  );
}

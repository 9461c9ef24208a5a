import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { MONEY_INPUT_MAX_LENGTH } from '@promoter/contract';
import type { ControllerRenderProps } from 'react-hook-form';

interface MoneyAmountFieldProps {
  /** The field of react-hook-form's Controller that holds the amount as typed. */
  field: Pick<ControllerRenderProps, 'name' | 'onBlur' | 'ref'> & {
    value: string;
    onChange: (value: string) => void;
  };
  /** The translated refusal of the amount, if any. */
  error: string | undefined;
  label: string;
  /** Shown while the amount is not refused. */
  hint: string;
  required?: boolean;
  disabled?: boolean;
  testId: string;
}

/** A typed amount of yuan (¥, digits and a point only, as long as the contract's money input may be). */
export function MoneyAmountField({
  field,
  error,
  label,
  hint,
  required,
  disabled,
  testId,
}: MoneyAmountFieldProps) {
  return (
    <TextField
      {...field}
      onChange={(event) => field.onChange(event.target.value.replace(/[^\d.]/g, ''))}
      label={label}
      required={required}
      disabled={disabled}
      error={error !== undefined}
      helperText={error ?? hint}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">¥</InputAdornment> },
        htmlInput: { inputMode: 'decimal', maxLength: MONEY_INPUT_MAX_LENGTH, 'data-testid': testId },
      }}
    />
  );
}

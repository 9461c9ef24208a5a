import { MONEY_INPUT_MAX_LENGTH } from '@promoter/contract';
import { Controller } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { TextField } from '../../../ui/text-field';

interface MoneyAmountFieldProps<V extends FieldValues> {
  /** The react-hook-form form's control, and the name of its field that holds the amount as typed. */
  control: Control<V>;
  name: FieldPathByValue<V, string>;
  label: string;
  /** Shown while the amount is not refused (else the form's translated refusal). */
  hint: string;
  required?: boolean;
  disabled?: boolean;
  testId: string;
}

/** A typed amount of yuan (¥, digits and a point only, as long as the contract's money input may be). */
export function MoneyAmountField<V extends FieldValues>({
  control,
  name,
  label,
  hint,
  required,
  disabled,
  testId,
}: MoneyAmountFieldProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { ref, ...field }, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <TextField
            {...field}
            inputRef={ref}
            onChange={(event) => field.onChange(event.target.value.replace(/[^\d.]/g, ''))}
            label={label}
            required={required}
            disabled={disabled}
            error={error !== undefined}
            helperText={error ?? hint}
            startAdornment="¥"
            inputMode="decimal"
            maxLength={MONEY_INPUT_MAX_LENGTH}
            inputProps={{ 'data-testid': testId }}
          />
        );
      }}
    />
  );
}

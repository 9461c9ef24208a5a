import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form's `register` for an MUI TextField: its ref belongs on the input element (`inputRef`), and
 * the field's error becomes the helper text (else `help`, when given).
 */
export function muiField(registration: UseFormRegisterReturn, error?: FieldError, help?: string) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message ?? help };
}

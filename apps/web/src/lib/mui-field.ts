import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form's `register` for an MUI TextField: its ref belongs on the input element (`inputRef`), and
 * the field's error becomes the helper text.
 */
export function muiField(registration: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}

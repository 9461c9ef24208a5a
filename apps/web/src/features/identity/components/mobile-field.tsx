import TextField from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '../../../lib/mui-field';

/** The agent's mainland mobile number (11 digits), registered with react-hook-form and `mobileRules`. */
export function MobileField({
  registration,
  error,
  testId,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('identity.common.mobile')}
      type="tel"
      autoComplete="tel"
      fullWidth
      {...muiField(registration, error)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 11, 'data-testid': testId } }}
    />
  );
}

import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { muiField } from '../../../lib/mui-field';
import { TextField } from '../../../ui/text-field';

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
      inputMode="numeric"
      maxLength={11}
      inputProps={{ 'data-testid': testId }}
    />
  );
}

import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation';
import { IconButton } from '../ui/button';
import { VisibilityIcon } from '../ui/icons/VisibilityIcon';
import { VisibilityOffIcon } from '../ui/icons/VisibilityOffIcon';
import { TextField } from '../ui/text-field';
import { muiField } from '../lib/mui-field';

/** A password input with a show/hide toggle, registered with react-hook-form. */
export function PasswordField({
  label,
  registration,
  error,
  autoComplete,
  autoFocus,
  testId,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  autoComplete: 'new-password' | 'current-password';
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      {...muiField(registration, error)}
      inputProps={{ 'data-testid': testId }}
      endAdornment={
        <IconButton
          edge="end"
          aria-label={visible ? t('identity.common.hidePassword') : t('identity.common.showPassword')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </IconButton>
      }
    />
  );
}

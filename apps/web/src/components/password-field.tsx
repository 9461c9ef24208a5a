import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={visible ? t('identity.common.hidePassword') : t('identity.common.showPassword')}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

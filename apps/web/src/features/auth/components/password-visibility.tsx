import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password field with a show/hide toggle. */
export function usePasswordVisibility() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const adornment = (
    <InputAdornment position="end">
      <IconButton
        edge="end"
        aria-label={visible ? t('identity.common.hidePassword') : t('identity.common.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return { type: visible ? 'text' : 'password', adornment };
}

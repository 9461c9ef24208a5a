import Forum from '@mui/icons-material/Forum';
import Button from '@mui/material/Button';
import type { ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { startWechatSignIn } from '../lib/wechat-login';

/** Leaves for WeChat's authorize page; WeChat sends the person back to /session/loginWx with a code. */
export function WechatSignInButton({
  label,
  variant = 'outlined',
}: {
  label?: string;
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    const result = await startWechatSignIn();
    if (result === 'network') notify.error(t('errors.server'));
    // When leaving, the button stays disabled until the page goes.
    if (result !== 'leaving') setBusy(false);
  };
  return (
    <Button
      fullWidth
      size="large"
      variant={variant}
      color="success"
      startIcon={<Forum />}
      disabled={busy}
      onClick={() => void start()}
      data-testid="wechat-login"
    >
      {label ?? t('identity.wechat.start')}
    </Button>
  );
}

import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/button';
import type { ButtonVariant } from '../../../ui/button';
import { ForumIcon } from '../../../ui/icons/ForumIcon';
import { startWechatSignIn } from '../lib/wechat-login';

/** Leaves for WeChat's authorize page; WeChat sends the person back to /session/loginWx with a code. */
export function WechatSignInButton({
  label,
  variant = 'outlined',
}: {
  label?: string;
  variant?: ButtonVariant;
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
      startIcon={<ForumIcon />}
      disabled={busy}
      onClick={() => void start()}
      data-testid="wechat-login"
    >
      {label ?? t('identity.wechat.start')}
    </Button>
  );
}

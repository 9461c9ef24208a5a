import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '../lib/mui-field';
import { CAPTCHA_RESEND_SECONDS } from '../lib/rules';
import { useCountdown } from '../lib/use-countdown';

/**
 * The SMS code input with its send button. `onSend` checks the mobile and asks for a code; when it resolves
 * true the button waits 60 s (one code a minute per number) before it can send again.
 */
export function CaptchaField({
  registration,
  error,
  onSend,
  initialWaitSeconds = 0,
  testId,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
  onSend: () => Promise<boolean>;
  initialWaitSeconds?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown(initialWaitSeconds);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(initialWaitSeconds > 0);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) {
        countdown.start(CAPTCHA_RESEND_SECONDS);
        setSentOnce(true);
      }
    } finally {
      setSending(false);
    }
  };

  const waiting = countdown.remaining > 0;
  return (
    <TextField
      label={t('identity.common.captcha')}
      autoComplete="one-time-code"
      fullWidth
      {...muiField(registration, error)}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                variant="text"
                disabled={sending || waiting}
                onClick={() => void send()}
                sx={{ whiteSpace: 'nowrap', minWidth: 96 }}
                data-testid={`${testId}-send`}
              >
                {waiting
                  ? t('identity.common.resendIn', { seconds: countdown.remaining })
                  : sentOnce
                    ? t('identity.common.resend')
                    : t('identity.common.sendCode')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

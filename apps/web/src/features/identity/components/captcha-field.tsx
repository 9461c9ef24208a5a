import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { NetworkError } from '../../../api/errors';
import { CAPTCHA_RESEND_SECONDS } from '@promoter/contract';
import { muiField } from '../../../lib/mui-field';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useCountdown } from '../lib/use-countdown';
import styles from './captcha-field.module.css';

/**
 * The SMS code input with its send button. The button checks the mobile (`mobileValid`, e.g. the form's
 * `trigger('mobile')`) and asks for a code (`send`); once a code went out it waits 60 s (one code a minute per
 * number) before it can send again.
 */
export function CaptchaField({
  registration,
  error,
  mobileValid,
  send: sendCode,
  initialWaitSeconds = 0,
  testId,
}: {
  registration: UseFormRegisterReturn;
  error?: FieldError;
  mobileValid: () => Promise<boolean>;
  send: () => Promise<unknown>;
  initialWaitSeconds?: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const countdown = useCountdown(initialWaitSeconds);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(initialWaitSeconds > 0);

  /** True once a code went out; the client has toasted a refusal (code 0), no answer is toasted here. */
  const trySend = async () => {
    if (!(await mobileValid())) return false;
    try {
      await sendCode();
      notify.success(t('identity.common.codeSent'));
      return true;
    } catch (failure) {
      if (failure instanceof NetworkError) notify.error(t('errors.server'));
      return false;
    }
  };

  const send = async () => {
    setSending(true);
    try {
      if (await trySend()) {
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
      inputMode="numeric"
      maxLength={6}
      inputProps={{ 'data-testid': testId }}
      endAdornment={
        <Button
          size="small"
          variant="text"
          disabled={sending || waiting}
          onClick={() => void send()}
          className={styles.send}
          data-testid={`${testId}-send`}
        >
          {waiting
            ? t('identity.common.resendIn', { seconds: countdown.remaining })
            : sentOnce
              ? t('identity.common.resend')
              : t('identity.common.sendCode')}
        </Button>
      }
    />
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { NetworkError } from '../../../api/errors';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { sendCaptcha } from '../api/get-captcha';
import { resetPassword } from '../api/reset-password';
import { CaptchaField } from '../components/captcha-field';
import { PasswordField } from '../components/password-field';
import { muiField } from '../lib/mui-field';
import { readResetHandover } from '../lib/reset-handover';
import {
  CAPTCHA_RESEND_SECONDS,
  captchaRules,
  confirmPasswordRules,
  mobileRules,
  newPasswordRules,
} from '../lib/rules';

interface FormValues {
  mobile: string;
  captcha: string;
  newPassword: string;
  confirm: string;
}

/**
 * /session/reset-password: mobile, the SMS code, a new password and its confirmation. Every session of the
 * agent ends; the login page follows with the agent id filled in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [handover] = useState(() => readResetHandover(location.state));
  const [initialWait] = useState(() =>
    handover ? Math.max(0, CAPTCHA_RESEND_SECONDS - Math.floor((Date.now() - handover.sentAt) / 1000)) : 0,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: { mobile: handover?.mobile ?? '', captcha: '', newPassword: '', confirm: '' },
  });

  const sendCode = async () => {
    if (!(await trigger('mobile'))) return false;
    try {
      await sendCaptcha(getValues('mobile'), 'reset-password');
      notify.success(t('identity.common.codeSent'));
      return true;
    } catch (error) {
      if (error instanceof NetworkError) notify.error(t('errors.server'));
      return false;
    }
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    progress.start();
    try {
      const { agentId } = await resetPassword({
        mobile: values.mobile,
        captcha: values.captcha,
        newPassword: values.newPassword,
      });
      notify.success(t('identity.resetPassword.done', { id: agentId }));
      void navigate(paths.session.login.getHref(), { replace: true, state: { agentId } });
    } catch (error) {
      if (error instanceof NetworkError) notify.error(t('errors.server'));
      setFailure(error instanceof NetworkError ? t('errors.server') : (error as Error).message);
    } finally {
      progress.done();
    }
  });

  return (
    <Card data-testid="page-reset-password">
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
          <Typography variant="body2" color="text.secondary">
            {handover
              ? t('identity.resetPassword.introSent', { mobile: handover.mobile })
              : t('identity.resetPassword.intro')}
          </Typography>
          <TextField
            label={t('identity.common.mobile')}
            type="tel"
            autoComplete="tel"
            fullWidth
            {...muiField(register('mobile', mobileRules(t)), errors.mobile)}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 11, 'data-testid': 'reset-password-mobile' },
            }}
          />
          <CaptchaField
            registration={register('captcha', captchaRules(t))}
            error={errors.captcha}
            onSend={sendCode}
            initialWaitSeconds={initialWait}
            testId="reset-password-captcha"
          />
          <PasswordField
            label={t('identity.common.newPassword')}
            registration={register('newPassword', newPasswordRules(t))}
            error={errors.newPassword}
            autoComplete="new-password"
            testId="reset-password-new"
          />
          <PasswordField
            label={t('identity.common.confirmPassword')}
            registration={register(
              'confirm',
              confirmPasswordRules(t, () => getValues('newPassword')),
            )}
            error={errors.confirm}
            autoComplete="new-password"
            testId="reset-password-confirm"
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            data-testid="reset-password-submit"
          >
            {t('identity.resetPassword.submit')}
          </Button>
          <Button component={RouterLink} to={paths.session.login.getHref()} color="inherit">
            {t('identity.common.backToLogin')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

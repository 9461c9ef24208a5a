import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from '../../../router';
import { withProgress } from '../../../api/call-with-progress';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { CAPTCHA_RESEND_SECONDS } from '@promoter/contract';
import { contractResolver } from '../../../lib/contract-resolver';
import { captchaRule, confirmMismatch, mobileRule, newPasswordRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { sendCaptcha } from '../api/get-captcha';
import { resetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../components/new-password-fields';
import type { NewPasswordValues } from '../components/new-password-fields';
import { SmsCodeFields } from '../components/sms-code-fields';
import type { SmsCodeValues } from '../components/sms-code-fields';
import { readResetHandover } from '../lib/reset-handover';

type FormValues = SmsCodeValues & NewPasswordValues;

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
  const form = useForm<FormValues>({
    resolver: contractResolver<FormValues>(
      { mobile: mobileRule(t), captcha: captchaRule(t), ...newPasswordRules(t) },
      (values) => ({ confirm: confirmMismatch(t, values) }),
    ),
    defaultValues: { mobile: handover?.mobile ?? '', captcha: '', newPassword: '', confirm: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const failed = await withProgress(async () => {
      const { agentId } = await resetPassword({
        mobile: values.mobile,
        captcha: values.captcha,
        newPassword: values.newPassword,
      });
      notify.success(t('identity.resetPassword.done', { id: agentId }));
      void navigate(paths.session.login.getHref(), { replace: true, state: { agentId } });
    });
    if (failed !== null) setFailure(failed);
  });

  return (
    <Card data-testid="page-reset-password">
      <CardContent>
        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void submit(event)}>
            <Stack spacing={2}>
              <Text variant="body2" color="textSecondary">
                {handover
                  ? t('identity.resetPassword.introSent', { mobile: handover.mobile })
                  : t('identity.resetPassword.intro')}
              </Text>
              <SmsCodeFields
                send={(mobile) => sendCaptcha(mobile, 'reset-password')}
                initialWaitSeconds={initialWait}
                testIdPrefix="reset-password"
              />
              <NewPasswordFields
                label={t('identity.common.newPassword')}
                testIds={{ password: 'reset-password-new', confirm: 'reset-password-confirm' }}
              />
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <SubmitButton busy={isSubmitting} testId="reset-password-submit">
                {t('identity.resetPassword.submit')}
              </SubmitButton>
              <Button to={paths.session.login.getHref()} color="inherit">
                {t('identity.common.backToLogin')}
              </Button>
            </Stack>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}

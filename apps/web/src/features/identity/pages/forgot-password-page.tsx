import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { withProgress } from '../../../api/call-with-progress';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import { mobileRule, trimmed } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { sendCaptcha } from '../api/get-captcha';
import { MobileField } from '../components/mobile-field';
import type { ResetHandover } from '../lib/reset-handover';

/** /session/forgot-password: the agent's mobile gets a reset code, then the reset page takes over. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ mobile: string }>({
    resolver: contractResolver<{ mobile: string }>({ mobile: mobileRule(t) }),
    defaultValues: { mobile: '' },
  });

  const submit = handleSubmit(async ({ mobile }) => {
    await withProgress(async () => {
      await sendCaptcha(mobile, 'reset-password');
      notify.success(t('identity.common.codeSent'));
      const handover: ResetHandover = { mobile, sentAt: Date.now() };
      void navigate(paths.session.resetPassword.getHref(), { state: handover });
    });
  });

  return (
    <Card data-testid="page-forgot-password">
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <Text variant="body2" color="textSecondary">
              {t('identity.forgotPassword.intro')}
            </Text>
            <MobileField
              registration={register('mobile', trimmed)}
              error={errors.mobile}
              testId="forgot-password-mobile"
            />
            <SubmitButton busy={isSubmitting} testId="forgot-password-submit">
              {t('identity.common.sendCode')}
            </SubmitButton>
            <Button to={paths.session.resetPassword.getHref()}>
              {t('identity.forgotPassword.haveCode')}
            </Button>
            <Button to={paths.session.login.getHref()} color="inherit">
              {t('identity.common.backToLogin')}
            </Button>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}

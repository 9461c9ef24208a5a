import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NetworkError } from '../../../api/errors';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { sendCaptcha } from '../api/get-captcha';
import { muiField } from '../lib/mui-field';
import type { ResetHandover } from '../lib/reset-handover';
import { mobileRules } from '../lib/rules';

/** /session/forgot-password: the agent's mobile gets a reset code, then the reset page takes over. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ mobile: string }>({ defaultValues: { mobile: '' } });

  const submit = handleSubmit(async ({ mobile }) => {
    progress.start();
    try {
      await sendCaptcha(mobile, 'reset-password');
      notify.success(t('identity.common.codeSent'));
      const handover: ResetHandover = { mobile, sentAt: Date.now() };
      void navigate(paths.session.resetPassword.getHref(), { state: handover });
    } catch (error) {
      if (error instanceof NetworkError) notify.error(t('errors.server'));
    } finally {
      progress.done();
    }
  });

  return (
    <Card data-testid="page-forgot-password">
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
          <Typography variant="body2" color="text.secondary">
            {t('identity.forgotPassword.intro')}
          </Typography>
          <TextField
            label={t('identity.common.mobile')}
            type="tel"
            autoComplete="tel"
            fullWidth
            {...muiField(register('mobile', mobileRules(t)), errors.mobile)}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 11, 'data-testid': 'forgot-password-mobile' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            data-testid="forgot-password-submit"
          >
            {t('identity.common.sendCode')}
          </Button>
          <Button component={RouterLink} to={paths.session.resetPassword.getHref()}>
            {t('identity.forgotPassword.haveCode')}
          </Button>
          <Button component={RouterLink} to={paths.session.login.getHref()} color="inherit">
            {t('identity.common.backToLogin')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../../../api/errors';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { changePassword } from '../api/change-password';
import { PasswordField } from '../components/password-field';
import { confirmPasswordRules, newPasswordRules } from '../lib/rules';

interface FormValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** /session/update-password: old, new and confirmation; every other session of the agent is signed out. */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ revoked: number } | { failure: string } | null>(null);
  // The inputs are uncontrolled: after a success the form is mounted afresh, so labels drop back too.
  const [generation, setGeneration] = useState(0);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { oldPassword: '', newPassword: '', confirm: '' } });

  const submit = handleSubmit(async (values) => {
    setResult(null);
    progress.start();
    try {
      const { revokedSessions } = await changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      reset();
      setGeneration((n) => n + 1);
      setResult({ revoked: revokedSessions });
      notify.success(t('identity.updatePassword.done'));
    } catch (error) {
      if (error instanceof NetworkError) notify.error(t('errors.server'));
      setResult({ failure: error instanceof NetworkError ? t('errors.server') : (error as Error).message });
    } finally {
      progress.done();
    }
  });

  return (
    <Card data-testid="page-update-password">
      <CardContent>
        <Stack
          key={generation}
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => void submit(event)}
        >
          <Typography variant="body2" color="text.secondary">
            {t('identity.updatePassword.intro')}
          </Typography>
          <PasswordField
            label={t('identity.common.oldPassword')}
            registration={register('oldPassword', { required: t('identity.validation.passwordRequired') })}
            error={errors.oldPassword}
            autoComplete="current-password"
            testId="update-password-old"
          />
          <PasswordField
            label={t('identity.common.newPassword')}
            registration={register('newPassword', {
              ...newPasswordRules(t),
              validate: (value) =>
                value !== getValues('oldPassword') || t('identity.validation.samePassword'),
            })}
            error={errors.newPassword}
            autoComplete="new-password"
            testId="update-password-new"
          />
          <PasswordField
            label={t('identity.common.confirmPassword')}
            registration={register(
              'confirm',
              confirmPasswordRules(t, () => getValues('newPassword')),
            )}
            error={errors.confirm}
            autoComplete="new-password"
            testId="update-password-confirm"
          />
          {result && 'revoked' in result ? (
            <Alert severity="success" data-testid="update-password-done">
              {t('identity.updatePassword.done')}{' '}
              {t('identity.updatePassword.revoked', { sessions: result.revoked })}
            </Alert>
          ) : null}
          {result && 'failure' in result ? <Alert severity="error">{result.failure}</Alert> : null}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            data-testid="update-password-submit"
          >
            {t('identity.updatePassword.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

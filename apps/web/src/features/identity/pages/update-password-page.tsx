import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { withProgress } from '../../../api/call-with-progress';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { contractResolver } from '../../../lib/contract-resolver';
import { confirmMismatch, newPasswordRules, passwordRequiredRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { Alert } from '../../../ui/alert';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { changePassword } from '../api/change-password';
import { NewPasswordFields } from '../components/new-password-fields';
import type { NewPasswordValues } from '../components/new-password-fields';

interface FormValues extends NewPasswordValues {
  oldPassword: string;
}

/** /session/update-password: old, new and confirmation; every other session of the agent is signed out. */
export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ revoked: number } | { failure: string } | null>(null);
  // The inputs are uncontrolled: after a success the form is mounted afresh, so labels drop back too.
  const [generation, setGeneration] = useState(0);
  const form = useForm<FormValues>({
    resolver: contractResolver<FormValues>(
      { oldPassword: passwordRequiredRule(t), ...newPasswordRules(t) },
      (values) => ({
        newPassword: values.newPassword === values.oldPassword && t('identity.validation.samePassword'),
        confirm: confirmMismatch(t, values),
      }),
    ),
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setResult(null);
    const failure = await withProgress(async () => {
      const { revokedSessions } = await changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      reset();
      setGeneration((n) => n + 1);
      setResult({ revoked: revokedSessions });
      notify.success(t('identity.updatePassword.done'));
    });
    if (failure !== null) setResult({ failure });
  });

  return (
    <Card data-testid="page-update-password">
      <CardContent>
        <FormProvider {...form}>
          <form key={generation} noValidate onSubmit={(event) => void submit(event)}>
            <Stack spacing={2}>
              <Text variant="body2" color="textSecondary">
                {t('identity.updatePassword.intro')}
              </Text>
              <PasswordField
                label={t('identity.common.oldPassword')}
                registration={register('oldPassword')}
                error={errors.oldPassword}
                autoComplete="current-password"
                testId="update-password-old"
              />
              <NewPasswordFields
                label={t('identity.common.newPassword')}
                testIds={{ password: 'update-password-new', confirm: 'update-password-confirm' }}
              />
              {result && 'revoked' in result ? (
                <Alert severity="success" data-testid="update-password-done">
                  {t('identity.updatePassword.done')}{' '}
                  {t('identity.updatePassword.revoked', { sessions: result.revoked })}
                </Alert>
              ) : null}
              {result && 'failure' in result ? <Alert severity="error">{result.failure}</Alert> : null}
              <SubmitButton busy={isSubmitting} testId="update-password-submit">
                {t('identity.updatePassword.submit')}
              </SubmitButton>
            </Stack>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}

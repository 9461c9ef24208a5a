import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { contractResolver } from '../../../lib/contract-resolver';
import { agentIdRule, passwordRequiredRule } from '../../../lib/form-rules';
import { muiField } from '../../../lib/mui-field';
import { Alert } from '../../../ui/alert';
import { Stack } from '../../../ui/stack';
import { TextField } from '../../../ui/text-field';
import { signInWithPassword } from '../lib/sign-in-with-password';

interface FormValues {
  agentId: string;
  password: string;
}

/**
 * Agent id + password (`loginById`). The outcome goes to the page; a wrong password is toasted by the client
 * and repeated under the form, so it stays visible.
 */
export function PasswordLoginForm({
  defaultAgentId,
  onSignedIn,
  onAgentTip,
}: {
  defaultAgentId?: number;
  onSignedIn: () => void;
  onAgentTip: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: contractResolver<FormValues>({ agentId: agentIdRule(t), password: passwordRequiredRule(t) }),
    defaultValues: { agentId: defaultAgentId ? String(defaultAgentId) : '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await signInWithPassword(Number(values.agentId), values.password);
    switch (outcome.kind) {
      case 'agent':
        onSignedIn();
        break;
      case 'agent-tip':
        onAgentTip(outcome.message);
        break;
      case 'network':
        setFailure(t('errors.server'));
        break;
      case 'no-game-account':
      case 'failed':
        setFailure(outcome.message);
        break;
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={2}>
        <TextField
          label={t('identity.common.agentId')}
          autoComplete="username"
          fullWidth
          {...muiField(register('agentId'), errors.agentId)}
          inputMode="numeric"
          inputProps={{ 'data-testid': 'login-agent-id' }}
        />
        <PasswordField
          label={t('identity.common.password')}
          registration={register('password')}
          error={errors.password}
          autoComplete="current-password"
          testId="login-password"
        />
        {failure ? (
          <Alert severity="error" data-testid="login-password-error">
            {failure}
          </Alert>
        ) : null}
        <SubmitButton busy={isSubmitting} fullWidth testId="login-submit">
          {isSubmitting ? t('login.signingIn') : t('identity.login.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}

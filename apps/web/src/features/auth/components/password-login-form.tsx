import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { muiField } from '../lib/mui-field';
import { usePasswordVisibility } from './password-visibility';
import { signInWithPassword } from '../lib/sign-in-with-password';
import type { PasswordLoginOutcome } from '../lib/sign-in-with-password';

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
  const password = usePasswordVisibility();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    defaultValues: { agentId: defaultAgentId ? String(defaultAgentId) : '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const outcome: PasswordLoginOutcome = await signInWithPassword(Number(values.agentId), values.password);
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
      case 'failed':
        setFailure(outcome.message);
        break;
    }
  });

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('identity.common.agentId')}
        autoComplete="username"
        fullWidth
        {...muiField(
          register('agentId', {
            required: t('identity.validation.agentIdRequired'),
            pattern: { value: /^[1-9]\d{0,9}$/, message: t('identity.validation.agentId') },
          }),
          errors.agentId,
        )}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'login-agent-id' } }}
      />
      <TextField
        label={t('identity.common.password')}
        type={password.type}
        autoComplete="current-password"
        fullWidth
        {...muiField(
          register('password', { required: t('identity.validation.passwordRequired') }),
          errors.password,
        )}
        slotProps={{
          htmlInput: { 'data-testid': 'login-password' },
          input: { endAdornment: password.adornment },
        }}
      />
      {failure ? (
        <Alert severity="error" data-testid="login-password-error">
          {failure}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={isSubmitting}
        data-testid="login-submit"
      >
        {isSubmitting ? t('login.signingIn') : t('identity.login.submit')}
      </Button>
    </Stack>
  );
}

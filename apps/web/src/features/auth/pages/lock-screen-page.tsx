import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import { passwordRequiredRule } from '../../../lib/form-rules';
import { isInAppPath } from '../../../lib/in-app-path';
import { sessionStore } from '../../../lib/session';
import { signInWithPassword } from '../lib/sign-in-with-password';

/** Where to go back after unlocking: a route the opener passed as `state.from`, or the agent main page. */
function returnPathOf(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    const from = state.from;
    if (isInAppPath(from) && !from.startsWith(paths.session.lockScreen.path)) return from;
  }
  return paths.agent.main.getHref();
}

/**
 * /session/lock-screen: the stored agent's avatar and nickname and a password field. Unlocking signs in again
 * with the stored agent id (`loginById`) and goes back to where the agent was.
 */
export function LockScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = sessionStore.use((s) => s.user);
  const [failure, setFailure] = useState<{ title?: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({
    resolver: contractResolver<{ password: string }>({ password: passwordRequiredRule(t) }),
    defaultValues: { password: '' },
  });

  if (!user) {
    return (
      <Card data-testid="page-lock-screen">
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            <LockOutlined color="disabled" sx={{ fontSize: 48 }} />
            <Typography>{t('identity.lock.noUser')}</Typography>
            <Button variant="contained" component={RouterLink} to={paths.session.login.getHref()}>
              {t('identity.common.toLogin')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    );
  }

  const unlock = handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await signInWithPassword(user.agentId, values.password);
    if (outcome.kind === 'agent') void navigate(returnPathOf(location.state), { replace: true });
    else if (outcome.kind === 'agent-tip')
      setFailure({ title: t('login.agentTip'), message: outcome.message });
    else if (outcome.kind === 'network') setFailure({ message: t('errors.server') });
    else setFailure({ message: outcome.message });
  });

  return (
    <Card data-testid="page-lock-screen">
      <CardContent>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => void unlock(event)}
          sx={{ alignItems: 'stretch', py: 1 }}
        >
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Avatar src={user.avatar || undefined} alt={user.nickname} sx={{ width: 72, height: 72 }}>
              {user.nickname.slice(0, 1)}
            </Avatar>
            <Typography variant="h6" component="h2" data-testid="lock-nickname">
              {user.nickname}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('figures.agentId', { id: user.agentId })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('identity.lock.text')}
            </Typography>
          </Stack>
          <PasswordField
            label={t('identity.common.password')}
            registration={register('password')}
            error={errors.password}
            autoComplete="current-password"
            autoFocus
            testId="lock-password"
          />
          {failure ? (
            <Alert severity="error">
              {failure.title ? <AlertTitle>{failure.title}</AlertTitle> : null}
              {failure.message}
            </Alert>
          ) : null}
          <SubmitButton busy={isSubmitting} startIcon={<LockOutlined />} testId="lock-unlock">
            {t('identity.lock.unlock')}
          </SubmitButton>
          <Button component={RouterLink} to={paths.session.login.getHref()}>
            {t('identity.lock.otherAccount')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

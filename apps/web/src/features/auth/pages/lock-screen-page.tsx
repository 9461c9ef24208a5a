import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from '../../../router';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import { passwordRequiredRule } from '../../../lib/form-rules';
import { isInAppPath } from '../../../lib/in-app-path';
import { sessionStore } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { LockOutlinedIcon } from '../../../ui/icons/LockOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { signInWithPassword } from '../lib/sign-in-with-password';
import styles from './lock-screen-page.module.css';

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
          <Stack spacing={2} alignItems="center" className={styles.noUser}>
            <LockOutlinedIcon color="disabled" className={styles.noUserIcon} />
            <Text>{t('identity.lock.noUser')}</Text>
            <Button variant="contained" to={paths.session.login.getHref()}>
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
        <form noValidate onSubmit={(event) => void unlock(event)} className={styles.form}>
          <Stack spacing={1} alignItems="center" className={styles.who}>
            <Avatar src={user.avatar || undefined} alt={user.nickname} size={72}>
              {user.nickname.slice(0, 1)}
            </Avatar>
            <Text variant="h6" component="h2" data-testid="lock-nickname">
              {user.nickname}
            </Text>
            <Text variant="body2" color="textSecondary">
              {t('figures.agentId', { id: user.agentId })}
            </Text>
            <Text variant="body2" color="textSecondary">
              {t('identity.lock.text')}
            </Text>
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
            <Alert severity="error" title={failure.title}>
              {failure.message}
            </Alert>
          ) : null}
          <SubmitButton busy={isSubmitting} startIcon={<LockOutlinedIcon />} testId="lock-unlock">
            {t('identity.lock.unlock')}
          </SubmitButton>
          <Button to={paths.session.login.getHref()}>{t('identity.lock.otherAccount')}</Button>
        </form>
      </CardContent>
    </Card>
  );
}

import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGENT_LEVELS, type AgentLevel } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { NetworkError } from '../../../api/errors';
import { queryClient } from '../../../api/query-client';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { session, sessionStore, useIsAuthenticated } from '../../../lib/session';
import { usePublicFlag } from '../api/get-public-flag';
import { registerAgent } from '../api/register-agent';
import { sendRegisterCaptcha } from '../api/register-captcha';
import { CaptchaField } from '../components/captcha-field';
import { PasswordField } from '../components/password-field';
import { muiField } from '../lib/mui-field';
import { captchaRules, confirmPasswordRules, mobileRules, newPasswordRules } from '../lib/rules';

interface FormValues {
  mobile: string;
  captcha: string;
  password: string;
  confirm: string;
}

/** `from` and `level` of an invite link; a value that is present but unusable makes the link invalid. */
function readInvite(params: URLSearchParams): { from?: number; level?: AgentLevel; invalid: boolean } {
  const fromText = params.get('from');
  const levelText = params.get('level');
  const from = fromText && /^[1-9]\d{0,9}$/.test(fromText) ? Number(fromText) : undefined;
  const level = AGENT_LEVELS.find((l) => String(l) === levelText);
  const invalid = (fromText !== null && from === undefined) || (levelText !== null && level === undefined);
  return { from, level, invalid };
}

/**
 * /session/sign-up?from=&level=: a signed-in player becomes an agent, the inviter's child. Mobile with its SMS
 * code, password and confirmation; the answer is a new agent session, stored like an agent login.
 */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invite = readInvite(searchParams);
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  const user = sessionStore.use((s) => s.user);
  const registerOpen = usePublicFlag('register.open');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ defaultValues: { mobile: '', captcha: '', password: '', confirm: '' } });

  useEffect(() => {
    if (invite.from !== undefined) sessionStore.set({ parentId: invite.from });
  }, [invite.from]);

  const sendCode = async () => {
    if (!(await trigger('mobile'))) return false;
    try {
      await sendRegisterCaptcha(getValues('mobile'));
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
      const data = await registerAgent({
        mobile: values.mobile,
        captcha: values.captcha,
        password: values.password,
        from: invite.from,
        level: invite.level,
      });
      queryClient.clear();
      session.signInAgent(data.token, data.user);
      void navigate(paths.agent.main.getHref(), { replace: true });
      notify.success(t('login.welcome'));
    } catch (error) {
      setFailure(error instanceof NetworkError ? t('errors.server') : (error as Error).message);
      if (error instanceof NetworkError) notify.error(t('errors.server'));
    } finally {
      progress.done();
    }
  });

  const closed = invite.from === undefined && registerOpen === false;
  const signedInPlayer = signedIn && player !== null && user === null;

  return (
    <Stack spacing={2} data-testid="page-sign-up">
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <GroupAddOutlined color="primary" sx={{ fontSize: 40 }} />
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {t('identity.signUp.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="sign-up-inviter">
                {invite.from !== undefined
                  ? t('identity.signUp.inviter', { id: invite.from })
                  : t('identity.signUp.noInviter')}
              </Typography>
              {invite.level !== undefined ? (
                <Typography variant="body2" color="text.secondary" data-testid="sign-up-level">
                  {t('identity.signUp.level', {
                    level: t('level.withPromoter', { level: t(`level.${invite.level}`) }),
                  })}
                </Typography>
              ) : null}
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      {invite.invalid ? (
        <Alert severity="error" data-testid="sign-up-invalid">
          {t('identity.signUp.invalidLink')}
        </Alert>
      ) : closed ? (
        <Alert severity="info" data-testid="sign-up-closed">
          {t('identity.signUp.closed')}
        </Alert>
      ) : !signedIn ? (
        <Card data-testid="sign-up-need-player">
          <CardContent>
            <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
              <SportsEsportsOutlined color="primary" sx={{ fontSize: 40 }} />
              <Typography>{t('identity.signUp.openFromGame')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('identity.signUp.openFromGameHint')}
              </Typography>
              <Button variant="outlined" component={RouterLink} to={paths.session.login.getHref()}>
                {t('identity.common.toLogin')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      ) : !signedInPlayer || !player ? (
        <Alert
          severity="info"
          data-testid="sign-up-already-agent"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.agent.main.getHref()}>
              {t('agentIndex.enter')}
            </Button>
          }
        >
          {t('identity.signUp.alreadyAgent')}
        </Alert>
      ) : (
        <Card>
          <CardContent>
            <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Avatar src={player.avatar || undefined} alt={player.nickname}>
                  {player.nickname.slice(0, 1)}
                </Avatar>
                <Stack sx={{ minWidth: 0 }}>
                  <Typography noWrap data-testid="sign-up-player">
                    {player.nickname}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('bindAgent.playerId', { id: player.playerId })}
                  </Typography>
                </Stack>
              </Stack>
              <TextField
                label={t('identity.common.mobile')}
                type="tel"
                autoComplete="tel"
                fullWidth
                {...muiField(register('mobile', mobileRules(t)), errors.mobile)}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', maxLength: 11, 'data-testid': 'sign-up-mobile' },
                }}
              />
              <CaptchaField
                registration={register('captcha', captchaRules(t))}
                error={errors.captcha}
                onSend={sendCode}
                testId="sign-up-captcha"
              />
              <PasswordField
                label={t('identity.common.password')}
                registration={register('password', newPasswordRules(t))}
                error={errors.password}
                autoComplete="new-password"
                testId="sign-up-password"
              />
              <PasswordField
                label={t('identity.common.confirmPassword')}
                registration={register(
                  'confirm',
                  confirmPasswordRules(t, () => getValues('password')),
                )}
                error={errors.confirm}
                autoComplete="new-password"
                testId="sign-up-confirm"
              />
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={isSubmitting}
                data-testid="sign-up-submit"
              >
                {t('identity.signUp.submit')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

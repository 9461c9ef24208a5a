import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AGENT_LEVELS, type AgentLevel, ZAgentId } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { withProgress } from '../../../api/call-with-progress';
import { useOptionFlag } from '../../../api/get-option';
import { useRecordInviteOpen } from '../../../api/record-invite-open';
import { queryClient } from '../../../api/query-client';
import { LinkAlert } from '../../../components/ui/link-alert';
import { SubmitButton } from '../../../components/ui/submit-button';
import { OptionKey } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { session, sessionStore, useIsAuthenticated } from '../../../lib/session';
import { registerAgent } from '../api/register-agent';
import { sendRegisterCaptcha } from '../api/register-captcha';
import { contractResolver } from '../../../lib/contract-resolver';
import { captchaRule, confirmMismatch, mobileRule, newPasswordRules } from '../../../lib/form-rules';
import { NewPasswordFields } from '../components/new-password-fields';
import type { NewPasswordValues } from '../components/new-password-fields';
import { SmsCodeFields } from '../components/sms-code-fields';
import type { SmsCodeValues } from '../components/sms-code-fields';

type FormValues = SmsCodeValues & NewPasswordValues;

/** `from` and `level` of an invite link; a value that is present but unusable makes the link invalid. */
function readInvite(params: URLSearchParams): { from?: number; level?: AgentLevel; invalid: boolean } {
  const fromText = params.get('from');
  const levelText = params.get('level');
  // The inviter's id by the contract's rule for agent ids, as the server reads it.
  const invited = fromText ? ZAgentId.safeParse(fromText) : undefined;
  const from = invited?.success ? invited.data : undefined;
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
  // Each view of an invite link counts on the inviter's web-analytics dashboard.
  useRecordInviteOpen(invite.invalid ? undefined : invite.from);
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  const user = sessionStore.use((s) => s.user);
  const registerOpen = useOptionFlag(OptionKey.registerOpen);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: contractResolver<FormValues>(
      { mobile: mobileRule(t), captcha: captchaRule(t), ...newPasswordRules(t) },
      (values) => ({ confirm: confirmMismatch(t, values) }),
    ),
    defaultValues: { mobile: '', captcha: '', newPassword: '', confirm: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;

  useEffect(() => {
    if (invite.from !== undefined) sessionStore.set({ parentId: invite.from });
  }, [invite.from]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const failed = await withProgress(async () => {
      const data = await registerAgent({
        mobile: values.mobile,
        captcha: values.captcha,
        password: values.newPassword,
        from: invite.from,
        level: invite.level,
      });
      queryClient.clear();
      session.signInAgent(data.token, data.user);
      void navigate(paths.agent.main.getHref(), { replace: true });
      notify.success(t('login.welcome'));
    });
    if (failed !== null) setFailure(failed);
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
        <LinkAlert
          to={paths.agent.main.getHref()}
          linkLabel={t('agentIndex.enter')}
          testId="sign-up-already-agent"
        >
          {t('identity.signUp.alreadyAgent')}
        </LinkAlert>
      ) : (
        <Card>
          <CardContent>
            <FormProvider {...form}>
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
                <SmsCodeFields send={sendRegisterCaptcha} testIdPrefix="sign-up" />
                <NewPasswordFields
                  label={t('identity.common.password')}
                  testIds={{ password: 'sign-up-password', confirm: 'sign-up-confirm' }}
                />
                {failure ? <Alert severity="error">{failure}</Alert> : null}
                <SubmitButton busy={isSubmitting} testId="sign-up-submit">
                  {t('identity.signUp.submit')}
                </SubmitButton>
              </Stack>
            </FormProvider>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

import { AGENT_LEVELS, type AgentLevel, ZAgentId } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate, useSearchParams } from '../../../router';
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
import { Alert } from '../../../ui/alert';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { GroupAddOutlinedIcon } from '../../../ui/icons/GroupAddOutlinedIcon';
import { SportsEsportsOutlinedIcon } from '../../../ui/icons/SportsEsportsOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { registerAgent } from '../api/register-agent';
import { sendRegisterCaptcha } from '../api/register-captcha';
import { contractResolver } from '../../../lib/contract-resolver';
import { captchaRule, confirmMismatch, mobileRule, newPasswordRules } from '../../../lib/form-rules';
import { NewPasswordFields } from '../components/new-password-fields';
import type { NewPasswordValues } from '../components/new-password-fields';
import { SmsCodeFields } from '../components/sms-code-fields';
import type { SmsCodeValues } from '../components/sms-code-fields';
import styles from './sign-up-page.module.css';

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
          <Stack direction="row" spacing={2} alignItems="center">
            <GroupAddOutlinedIcon color="primary" className={styles.bigIcon} />
            <Stack>
              <Text variant="h6" component="h2">
                {t('identity.signUp.title')}
              </Text>
              <Text variant="body2" color="textSecondary" data-testid="sign-up-inviter">
                {invite.from !== undefined
                  ? t('identity.signUp.inviter', { id: invite.from })
                  : t('identity.signUp.noInviter')}
              </Text>
              {invite.level !== undefined ? (
                <Text variant="body2" color="textSecondary" data-testid="sign-up-level">
                  {t('identity.signUp.level', {
                    level: t('level.withPromoter', { level: t(`level.${invite.level}`) }),
                  })}
                </Text>
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
            <Stack spacing={1.5} alignItems="center" className={styles.needPlayer}>
              <SportsEsportsOutlinedIcon color="primary" className={styles.bigIcon} />
              <Text>{t('identity.signUp.openFromGame')}</Text>
              <Text variant="body2" color="textSecondary">
                {t('identity.signUp.openFromGameHint')}
              </Text>
              <Button variant="outlined" to={paths.session.login.getHref()}>
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
              <form noValidate onSubmit={(event) => void submit(event)}>
                <Stack spacing={2}>
                  <Stack direction="row" spacing={1.5} alignItems="center">
                    <Avatar src={player.avatar || undefined} alt={player.nickname}>
                      {player.nickname.slice(0, 1)}
                    </Avatar>
                    <Stack>
                      <Text noWrap data-testid="sign-up-player">
                        {player.nickname}
                      </Text>
                      <Text variant="caption" color="textSecondary">
                        {t('bindAgent.playerId', { id: player.playerId })}
                      </Text>
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
              </form>
            </FormProvider>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

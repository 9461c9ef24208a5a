import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { BusyStatus } from '../../../components/ui/busy-status';
import { LOGIN_NOTICE_DELAY_MS } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { stripCallbackParamsFromSearch } from '../../../lib/oauth-callback';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Stack } from '../../../ui/stack';
import { signInWithWechatCode } from '../lib/wechat-login';
import { WechatSignInButton } from './wechat-sign-in-button';

type View = { kind: 'signing-in' } | { kind: 'agent-tip' | 'failed' | 'network'; message: string };

/**
 * Finishes a WeChat sign-in with the code WeChat sent back (SPEC section 4 'Login by union identifier'): on
 * success the destination the login chose and, one second later, the welcome notice; 1001 the download guide;
 * a failure says why and offers to start again (a code is single-use).
 */
export function WechatCodeSignIn({ code, state }: { code: string; state: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'signing-in' });

  useEffect(() => {
    let active = true;
    stripCallbackParamsFromSearch();
    void signInWithWechatCode(code, state).then((outcome) => {
      if (!active) return;
      switch (outcome.kind) {
        case 'signed-in':
          void navigate(outcome.destination, { replace: true });
          setTimeout(() => notify.success(t('login.welcome')), LOGIN_NOTICE_DELAY_MS);
          break;
        case 'no-game-account':
          void navigate(paths.agent.guideSetup.getHref(), { replace: true });
          break;
        case 'agent-tip':
          setView({ kind: 'agent-tip', message: outcome.message });
          break;
        case 'network':
          notify.error(t('errors.server'));
          setView({ kind: 'network', message: t('errors.server') });
          break;
        case 'failed':
          setView({ kind: 'failed', message: outcome.message });
          break;
      }
    });
    return () => {
      active = false;
    };
  }, [code, state, navigate, t]);

  if (view.kind === 'signing-in') {
    return <BusyStatus text={t('identity.wechat.signingIn')} py={4} testId="wechat-signing-in" />;
  }
  return (
    <Stack spacing={2} data-testid="wechat-failed">
      <Alert
        severity={view.kind === 'agent-tip' ? 'warning' : 'error'}
        title={view.kind === 'agent-tip' ? t('login.agentTip') : t('identity.wechat.failed')}
      >
        {view.message}
      </Alert>
      <WechatSignInButton label={t('identity.wechat.retry')} variant="contained" />
      <Button to={paths.session.login.getHref()} fullWidth>
        {t('identity.wechat.otherWays')}
      </Button>
    </Stack>
  );
}

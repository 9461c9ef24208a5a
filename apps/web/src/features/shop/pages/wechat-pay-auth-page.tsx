import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link as RouterLink, useLocation, useNavigate } from '../../../router';
import { BusyStatus } from '../../../components/ui/busy-status';
import { paths } from '../../../config/paths';
import { isInAppPath } from '../../../lib/in-app-path';
import { notify } from '../../../lib/notify';
import { forgetPendingPurchase } from '../../../lib/pending-purchase';
import { readCallbackParams, stripCallbackParamsFromSearch } from '../../../lib/oauth-callback';
import { recordWechatPayer } from '../api/record-wechat-payer';
import { Alert } from '../../../ui/alert';
import { buttonClass } from '../../../ui/button';
import { Stack } from '../../../ui/stack';

/**
 * /agent/wechat-pay-auth: WeChat sends the buyer back here from the silent authorization (snsapi_base) with
 * `code` and `state`; the server records the openid that pays inside WeChat, and the buyer returns to the page
 * it was buying on (`back`), where the purchase goes on. A refusal says so and offers the way back.
 */
export function WechatPayAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useState(() =>
    readCallbackParams({ search: window.location.search, hash: location.search }),
  );
  const requested = new URLSearchParams(location.search).get('back');
  const back = isInAppPath(requested) ? requested : paths.agent.mineRecharge.getHref();
  const [failed, setFailed] = useState(!params.code || !params.state);

  useEffect(() => {
    stripCallbackParamsFromSearch();
    if (!params.code || !params.state) {
      forgetPendingPurchase();
      return;
    }
    let active = true;
    void recordWechatPayer(params.code, params.state).then((outcome) => {
      if (!active) return;
      if (outcome === 'recorded') {
        notify.success(t('shop.pay.authorized'));
        void navigate(back, { replace: true });
        return;
      }
      if (outcome === 'network') notify.error(t('errors.server'));
      forgetPendingPurchase();
      setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [params, back, navigate, t]);

  if (!failed) return <BusyStatus text={t('shop.pay.authorizing')} py={4} testId="wechat-pay-authorizing" />;
  return (
    <Stack spacing={2} data-testid="wechat-pay-auth-failed">
      <Alert severity="error" title={t('shop.pay.authFailedTitle')}>
        {t('shop.pay.authFailedText')}
      </Alert>
      {/* A link drawn as a button: the way back replaces this page in the history. */}
      <RouterLink to={back} replace className={buttonClass({ variant: 'contained', fullWidth: true })}>
        {t('shop.pay.back')}
      </RouterLink>
    </Stack>
  );
}

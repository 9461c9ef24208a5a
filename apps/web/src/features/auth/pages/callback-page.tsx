import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation, useNavigate } from '../../../router';
import { BusyStatus } from '../../../components/ui/busy-status';
import { paths } from '../../../config/paths';
import { WechatCodeSignIn } from '../components/wechat-code-sign-in';
import { readLoginToken } from '../lib/read-login-token';
import { readCallbackParams, stripCallbackParamsFromSearch } from '../../../lib/oauth-callback';
import { Card, CardContent } from '../../../ui/card';

/**
 * /callback, where a third-party sign-in returns. SPEC section 8: an `error` gives the alert
 * 'Error: {error}. Check the console for further details.' and goes to '/'. Otherwise the login handling: a
 * WeChat `code` signs in here, a game `token` goes to the login page, anything else to the login page.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useState(() =>
    readCallbackParams({ search: window.location.search, hash: location.search }),
  );
  const [token] = useState(() => readLoginToken({ search: window.location.search, hash: location.search }));
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    if (params.error) {
      handled.current = true;
      stripCallbackParamsFromSearch();
      console.error('Third-party sign-in failed:', params.error, params.errorDescription ?? '');
      window.alert(t('identity.callback.error', { error: params.error }));
      void navigate(paths.root.getHref(), { replace: true });
      return;
    }
    if (params.code) return;
    handled.current = true;
    void navigate(paths.session.login.getHref(token ? { token } : undefined), { replace: true });
  }, [params, token, navigate, t]);

  return (
    <Card data-testid="page-callback">
      <CardContent>
        {params.code && !params.error ? (
          <WechatCodeSignIn code={params.code} state={params.state} />
        ) : (
          <BusyStatus text={t('login.signingIn')} py={4} />
        )}
      </CardContent>
    </Card>
  );
}

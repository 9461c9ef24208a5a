import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocation } from '../../../router';
import { paths } from '../../../config/paths';
import { WechatCodeSignIn } from '../components/wechat-code-sign-in';
import { WechatSignInButton } from '../components/wechat-sign-in-button';
import { readCallbackParams } from '../../../lib/oauth-callback';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { ForumIcon } from '../../../ui/icons/ForumIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './login-wx-page.module.css';

/**
 * /session/loginWx: WeChat sends the person back here with `code` (and `state`) in the query string; the page
 * signs in with it. Without a code it offers to start WeChat sign-in.
 */
export function LoginWxPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // Read once: the code leaves the address as soon as it is used.
  const [params] = useState(() =>
    readCallbackParams({ search: window.location.search, hash: location.search }),
  );

  return (
    <Card data-testid="page-login-wx">
      <CardContent>
        <Stack spacing={2} alignItems="center" className={styles.head}>
          <ForumIcon color="success" className={styles.icon} />
          <Text variant="h6" component="h2">
            {t('identity.wechat.title')}
          </Text>
        </Stack>
        {params.code ? (
          <WechatCodeSignIn code={params.code} state={params.state} />
        ) : (
          <Stack spacing={2}>
            <Text color="textSecondary" align="center">
              {t('identity.wechat.intro')}
            </Text>
            <WechatSignInButton variant="contained" />
            <Button to={paths.session.login.getHref()} fullWidth>
              {t('identity.wechat.otherWays')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

import Forum from '@mui/icons-material/Forum';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { WechatCodeSignIn } from '../components/wechat-code-sign-in';
import { WechatSignInButton } from '../components/wechat-sign-in-button';
import { readCallbackParams } from '../../../lib/oauth-callback';

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
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', pt: 2, pb: 1 }}>
          <Forum color="success" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h2">
            {t('identity.wechat.title')}
          </Typography>
        </Stack>
        {params.code ? (
          <WechatCodeSignIn code={params.code} state={params.state} />
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('identity.wechat.intro')}
            </Typography>
            <WechatSignInButton variant="contained" />
            <Button component={RouterLink} to={paths.session.login.getHref()} fullWidth>
              {t('identity.wechat.otherWays')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

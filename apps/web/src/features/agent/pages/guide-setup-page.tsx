import Android from '@mui/icons-material/Android';
import Apple from '@mui/icons-material/Apple';
import SportsEsportsOutlined from '@mui/icons-material/SportsEsportsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useOption } from '../../../api/get-option';
import { OptionKey } from '../../../config/constants';
import { sessionStore } from '../../../lib/session';

function isIos(): boolean {
  return /iPhone|iPad|iPod/i.test(navigator.userAgent);
}

/**
 * /agent/guide-setup: after login code 1001 the player is asked to install the game first, with the download
 * links of the options download.android and download.ios (the phone's own system first). After a WeChat
 * sign-in it also says which WeChat account has no game account yet.
 */
export function GuideSetupPage() {
  const { t } = useTranslation();
  const mobileLogin = sessionStore.use((s) => s.mobileLogin);
  const wxUserInfo = sessionStore.use((s) => s.wxUserInfo);
  const android = useOption(OptionKey.downloadAndroid);
  const ios = useOption(OptionKey.downloadIos);
  const preferIos = isIos();
  const downloads = [
    {
      id: 'android',
      label: t('guideSetup.android'),
      icon: <Android />,
      query: android,
      preferred: !preferIos,
    },
    { id: 'ios', label: t('guideSetup.ios'), icon: <Apple />, query: ios, preferred: preferIos },
  ].sort((a, b) => Number(b.preferred) - Number(a.preferred));

  return (
    <Card data-testid="page-guide-setup">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
          <SportsEsportsOutlined color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h2">
            {t('guideSetup.title')}
          </Typography>
          <Typography color="text.secondary">{t('guideSetup.text')}</Typography>
          {mobileLogin && wxUserInfo ? (
            <Alert
              severity="info"
              sx={{ textAlign: 'start', width: '100%' }}
              data-testid="guide-setup-wechat"
            >
              {t('identity.guide.wechatNotLinked', { nickname: wxUserInfo.nickname })}
            </Alert>
          ) : null}
          <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 320 }}>
            {downloads.map((d) => (
              <Button
                key={d.id}
                component="a"
                variant={d.preferred ? 'contained' : 'outlined'}
                size="large"
                startIcon={d.icon}
                href={d.query.data ?? undefined}
                target="_blank"
                rel="noopener"
                disabled={!d.query.data}
                data-testid={`download-${d.id}`}
              >
                {d.label}
              </Button>
            ))}
          </Stack>
          {android.isError && ios.isError ? (
            <Typography variant="body2" color="text.secondary">
              {t('guideSetup.unavailable')}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

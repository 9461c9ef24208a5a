import { useTranslation } from '../../../i18n/use-translation';
import { useOption } from '../../../api/get-option';
import { OptionKey } from '../../../config/constants';
import { sessionStore } from '../../../lib/session';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { AndroidIcon } from '../../../ui/icons/AndroidIcon';
import { AppleIcon } from '../../../ui/icons/AppleIcon';
import { SportsEsportsOutlinedIcon } from '../../../ui/icons/SportsEsportsOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './guide-setup-page.module.css';

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
      icon: <AndroidIcon />,
      query: android,
      preferred: !preferIos,
    },
    { id: 'ios', label: t('guideSetup.ios'), icon: <AppleIcon />, query: ios, preferred: preferIos },
  ].sort((a, b) => Number(b.preferred) - Number(a.preferred));

  return (
    <Card data-testid="page-guide-setup">
      <CardContent>
        <Stack spacing={2} alignItems="center" className={styles.body}>
          <span className={styles.icon}>
            <SportsEsportsOutlinedIcon color="primary" fontSize="inherit" />
          </span>
          <Text variant="h6" component="h2">
            {t('guideSetup.title')}
          </Text>
          <Text color="textSecondary">{t('guideSetup.text')}</Text>
          {mobileLogin && wxUserInfo ? (
            <Alert severity="info" className={styles.notice} data-testid="guide-setup-wechat">
              {t('identity.guide.wechatNotLinked', { nickname: wxUserInfo.nickname })}
            </Alert>
          ) : null}
          <Stack spacing={1.5} className={styles.downloads}>
            {downloads.map((d) => (
              <Button
                key={d.id}
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
            <Text variant="body2" color="textSecondary">
              {t('guideSetup.unavailable')}
            </Text>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}

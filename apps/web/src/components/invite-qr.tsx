import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from '../i18n/use-translation';
import { copyText } from '../lib/clipboard';
import { notify } from '../lib/notify';
import { Button } from '../ui/button';
import { ContentCopyIcon } from '../ui/icons/ContentCopyIcon';
import { TextField } from '../ui/text-field';
import styles from './invite-qr.module.css';

/**
 * An agent's invite link as a friend takes it: its QR code (dark on white whatever the theme, with a quiet zone,
 * so any phone camera reads it), the link itself and a copy button. The header's share prompt and the profile show
 * it. Test ids: `<testIdPrefix>-qr`, `-invite-url`, `-copy`.
 */
export function InviteQr({
  inviteUrl,
  size = 160,
  testIdPrefix,
}: {
  inviteUrl: string;
  size?: number;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(inviteUrl)) notify.success(t('common.copied'));
    else notify.error(t('errors.copyFailed'));
  };
  return (
    <div className={styles.invite}>
      <div className={styles.qr} data-testid={`${testIdPrefix}-qr`}>
        <QRCodeSVG
          value={inviteUrl}
          size={size}
          level="M"
          marginSize={2}
          bgColor="#ffffff"
          fgColor="#000000"
          title={t('share.qrCode')}
          aria-label={t('share.qrCode')}
          role="img"
        />
      </div>
      <TextField
        fullWidth
        size="small"
        label={t('share.inviteUrl')}
        value={inviteUrl}
        readOnly
        inputProps={{ 'data-testid': `${testIdPrefix}-invite-url` }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        fullWidth
        variant="contained"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        className={styles.copy}
        data-testid={`${testIdPrefix}-copy`}
      >
        {t('common.copy')}
      </Button>
    </div>
  );
}

import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard';
import { notify } from '../lib/notify';

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
    <>
      <Box
        sx={{ display: 'grid', placeItems: 'center', mb: 2, p: 1, bgcolor: '#fff', borderRadius: 1 }}
        data-testid={`${testIdPrefix}-qr`}
      >
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
      </Box>
      <TextField
        fullWidth
        size="small"
        label={t('share.inviteUrl')}
        value={inviteUrl}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': `${testIdPrefix}-invite-url` } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        fullWidth
        sx={{ mt: 1.5, minHeight: 44 }}
        variant="contained"
        startIcon={<ContentCopy />}
        onClick={() => void copy()}
        data-testid={`${testIdPrefix}-copy`}
      >
        {t('common.copy')}
      </Button>
    </>
  );
}

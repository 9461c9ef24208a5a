import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';

/** The share prompt: the agent's invite link, a copy button and its QR code for a friend's phone. */
export function ShareMenu({
  anchorEl,
  onClose,
  inviteUrl,
}: AnchoredMenuProps & { inviteUrl: string | undefined }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!inviteUrl) return;
    if (await copyText(inviteUrl)) notify.success(t('common.copied'));
    else notify.error(t('errors.copyFailed'));
  };
  return (
    <HeaderPopover anchorEl={anchorEl} onClose={onClose} padded>
      <Typography variant="subtitle1" gutterBottom>
        {t('share.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('share.text')}
      </Typography>
      {inviteUrl ? (
        <>
          <Box
            sx={{ display: 'grid', placeItems: 'center', mb: 2, p: 1, bgcolor: '#fff', borderRadius: 1 }}
            data-testid="share-qr"
          >
            {/* Dark on white whatever the theme, with a quiet zone, so any phone camera reads it. */}
            <QRCodeSVG
              value={inviteUrl}
              size={160}
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
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-invite-url' } }}
            onFocus={(event) => event.target.select()}
          />
          <Button
            fullWidth
            sx={{ mt: 1.5 }}
            variant="contained"
            startIcon={<ContentCopy />}
            onClick={() => void copy()}
            data-testid="share-copy"
          >
            {t('common.copy')}
          </Button>
        </>
      ) : (
        <Typography variant="body2">{t('share.unavailable')}</Typography>
      )}
    </HeaderPopover>
  );
}

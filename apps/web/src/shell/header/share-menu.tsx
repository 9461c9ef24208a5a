import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { InviteQr } from '../../components/invite-qr';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';

/** The share prompt: the agent's invite link, a copy button and its QR code for a friend's phone. */
export function ShareMenu({
  anchorEl,
  onClose,
  inviteUrl,
}: AnchoredMenuProps & { inviteUrl: string | undefined }) {
  const { t } = useTranslation();
  return (
    <HeaderPopover anchorEl={anchorEl} onClose={onClose} padded>
      <Typography variant="subtitle1" gutterBottom>
        {t('share.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('share.text')}
      </Typography>
      {inviteUrl ? (
        <InviteQr inviteUrl={inviteUrl} testIdPrefix="share" />
      ) : (
        <Typography variant="body2">{t('share.unavailable')}</Typography>
      )}
    </HeaderPopover>
  );
}

import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';

// The QR code's library loads when the prompt first opens, never with the header (decision 022).
const InviteQr = lazy(() => import('../../components/invite-qr').then((m) => ({ default: m.InviteQr })));

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
        <Suspense fallback={<CircularProgress size={24} />}>
          <InviteQr inviteUrl={inviteUrl} testIdPrefix="share" />
        </Suspense>
      ) : (
        <Typography variant="body2">{t('share.unavailable')}</Typography>
      )}
    </HeaderPopover>
  );
}

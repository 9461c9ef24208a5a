import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Spinner } from '../../ui/progress';
import { Text } from '../../ui/text';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';
import styles from './share-menu.module.css';

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
      <Text variant="subtitle1" gutterBottom>
        {t('share.title')}
      </Text>
      <Text variant="body2" color="textSecondary" className={styles.text}>
        {t('share.text')}
      </Text>
      {inviteUrl ? (
        <Suspense fallback={<Spinner size={24} color="primary" />}>
          <InviteQr inviteUrl={inviteUrl} testIdPrefix="share" />
        </Suspense>
      ) : (
        <Text variant="body2">{t('share.unavailable')}</Text>
      )}
    </HeaderPopover>
  );
}

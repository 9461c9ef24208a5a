import { useTranslation } from '../../i18n/use-translation';
import { useOption } from '../../api/get-option';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LOGOUT_DIALOG_MAX_WIDTH, OptionKey } from '../../config/constants';
import { notify } from '../../lib/notify';
import { useSignOut } from './use-sign-out';

import type { ExitDialog } from './menu-types';

/** The confirmations of the exit menu's two ways out: log out, or close the system (the `close.scheme` option). */
export function ExitDialogs({ open, onClose }: { open: ExitDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  const closeScheme = useOption(OptionKey.closeScheme);
  const { signOut, signingOut } = useSignOut();

  const closeSystem = () => {
    onClose();
    if (closeScheme.data) window.location.href = closeScheme.data;
    else notify.error(t('header.closeUnavailable'));
  };
  const confirmLogout = async () => {
    await signOut();
    onClose();
  };

  return (
    <>
      <ConfirmDialog
        open={open === 'logout'}
        message={t('header.logoutConfirm')}
        maxWidth={LOGOUT_DIALOG_MAX_WIDTH}
        busy={signingOut}
        onCancel={onClose}
        onConfirm={() => void confirmLogout()}
      />
      <ConfirmDialog
        open={open === 'close'}
        message={t('header.closeConfirm')}
        maxWidth={LOGOUT_DIALOG_MAX_WIDTH}
        onCancel={onClose}
        onConfirm={closeSystem}
      />
    </>
  );
}

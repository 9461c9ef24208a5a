import type { TAgentUser } from '@promoter/contract';
import { CartMenu } from './cart-menu';
import { ContactsMenu } from './contacts-menu';
import { ExitDialogs } from './exit-dialogs';
import { ExitMenu } from './exit-menu';
import { LanguageMenu } from './language-menu';
import type { ExitDialog, HeaderMenuId } from './menu-types';
import { MoreMenu } from './more-menu';
import { NotificationsMenu } from './notifications-menu';
import { QuickLinksMenu } from './quick-links-menu';
import { ShareMenu } from './share-menu';
import { UserMenu } from './user-menu';
import type { Fullscreen } from './use-fullscreen';

export interface HeaderMenusProps {
  menu: { id: HeaderMenuId; anchor: HTMLElement } | null;
  dialog: ExitDialog | null;
  closeMenu: () => void;
  switchTo: (id: HeaderMenuId) => () => void;
  setDialog: (dialog: ExitDialog | null) => void;
  user: TAgentUser | undefined;
  fullscreen: Fullscreen;
  onOpenCustomizer: () => void;
}

/** The header's dropdowns, one open at a time at its anchor, and the exit confirmations (header.tsx holds which). */
export function HeaderMenus({
  menu,
  dialog,
  closeMenu,
  switchTo,
  setDialog,
  user,
  fullscreen,
  onOpenCustomizer,
}: HeaderMenusProps) {
  const anchorOf = (id: HeaderMenuId) => (menu?.id === id ? menu.anchor : null);
  return (
    <>
      <MoreMenu
        anchorEl={anchorOf('more')}
        onClose={closeMenu}
        onSwitch={switchTo}
        fullscreen={fullscreen}
        onOpenCustomizer={onOpenCustomizer}
      />
      <QuickLinksMenu anchorEl={anchorOf('quickLinks')} onClose={closeMenu} />
      <ContactsMenu anchorEl={anchorOf('contacts')} onClose={closeMenu} />
      <LanguageMenu anchorEl={anchorOf('language')} onClose={closeMenu} />
      <NotificationsMenu anchorEl={anchorOf('notifications')} onClose={closeMenu} />
      <CartMenu anchorEl={anchorOf('cart')} onClose={closeMenu} />
      <UserMenu
        anchorEl={anchorOf('user')}
        onClose={closeMenu}
        user={user}
        onLogout={() => setDialog('logout')}
      />
      <ShareMenu anchorEl={anchorOf('share')} onClose={closeMenu} inviteUrl={user?.inviteUrl} />
      <ExitMenu
        anchorEl={anchorOf('exit')}
        onClose={closeMenu}
        onLogout={() => setDialog('logout')}
        onCloseSystem={() => setDialog('close')}
      />

      <ExitDialogs open={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

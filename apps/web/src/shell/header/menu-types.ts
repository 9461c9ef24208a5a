/** Each header dropdown is anchored by its caller, so the mobile overflow menu can open the same one. */
export interface AnchoredMenuProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

export type HeaderMenuId =
  'language' | 'notifications' | 'cart' | 'quickLinks' | 'contacts' | 'user' | 'share' | 'exit' | 'more';

/** The confirmations of the exit menu: sign out, or close the game's web view. */
export type ExitDialog = 'logout' | 'close';

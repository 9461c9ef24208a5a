import { useTranslation } from '../../i18n/use-translation';
import { paths } from '../../config/paths';
import { Menu, MenuItem, MenuItemText } from '../../ui/menu';
import type { AnchoredMenuProps } from './menu-types';

/** Shortcuts to the agent's everyday screens. */
export const QUICK_LINKS = [
  { href: paths.agent.main.getHref(), label: 'nav.agentMain' },
  { href: paths.agent.userRecharge.getHref(), label: 'nav.userRecharge' },
  { href: paths.agent.mineRecharge.getHref(), label: 'nav.mineRecharge' },
  { href: paths.agent.withdraw.getHref(), label: 'nav.withdraw' },
  { href: paths.agent.childTree.getHref(), label: 'nav.childTree' },
  { href: paths.agent.currencyList.getHref(), label: 'nav.currencyList' },
  { href: paths.agent.help.getHref(), label: 'nav.help' },
] as const;

/** The quick links dropdown: the shortcuts, each a link. */
export function QuickLinksMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} placement="bottom-end">
      {QUICK_LINKS.map((link) => (
        <MenuItem key={link.href} to={link.href} onClick={onClose}>
          <MenuItemText>{t(link.label)}</MenuItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

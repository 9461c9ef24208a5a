import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
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

export function QuickLinksMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose}>
      {QUICK_LINKS.map((link) => (
        <MenuItem key={link.href} component={Link} to={link.href} onClick={onClose}>
          <ListItemText>{t(link.label)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLocation } from '../router';
import type { LayoutName } from '../config/paths';
import { Button } from '../ui/button';
import { ExpandMoreIcon } from '../ui/icons/ExpandMoreIcon';
import { Menu, MenuItem, MenuItemIcon, MenuItemText } from '../ui/menu';
import styles from './horizontal-menu.module.css';
import type { NavGroup } from './sidebar/menu';
import { NAV_GROUPS } from './sidebar/menu';

/** The horizontal layout's menu bar: one dropdown per menu group (desktop only). */
export function HorizontalMenu({ layout }: { layout: LayoutName }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ group: NavGroup['id']; anchor: HTMLElement } | null>(null);
  return (
    <nav aria-label={t('sidebar.label')} className={styles.bar}>
      {NAV_GROUPS.map((group) => {
        const active = group.items.some((i) => i.href(layout) === pathname);
        return (
          <div key={group.id}>
            <Button
              color={active ? 'primary' : 'inherit'}
              endIcon={<ExpandMoreIcon />}
              onClick={(event) => setOpen({ group: group.id, anchor: event.currentTarget })}
              className={active ? styles.activeGroup : styles.group}
            >
              {t(`sidebar.groups.${group.id}`)}
            </Button>
            <Menu
              anchorEl={open?.group === group.id ? open.anchor : null}
              open={open?.group === group.id}
              onClose={() => setOpen(null)}
            >
              {group.items.map((item) => (
                <MenuItem
                  key={item.id}
                  to={item.href(layout)}
                  selected={item.href(layout) === pathname}
                  onClick={() => setOpen(null)}
                >
                  <MenuItemIcon>{item.icon}</MenuItemIcon>
                  <MenuItemText>{t(item.label)}</MenuItemText>
                </MenuItem>
              ))}
            </Menu>
          </div>
        );
      })}
    </nav>
  );
}

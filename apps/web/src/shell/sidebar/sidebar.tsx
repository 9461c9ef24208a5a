import type { CSSProperties } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Hint } from '../../components/ui/hint';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_TEXT_MAX } from '../../config/constants';
import type { LayoutName } from '../../config/paths';
import { SIDEBAR_FILTERS, SIDEBAR_IMAGES } from '../../config/themes';
import { levelLabelKey } from '../../lib/agent-level';
import { hexToRgba } from '../../lib/color';
import { truncate } from '../../lib/format';
import { sessionStore } from '../../lib/session';
import { themeOptions } from '../../stores/theme-options';
import { Avatar } from '../../ui/avatar';
import { cx } from '../../ui/cx';
import { Drawer } from '../../ui/drawer';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '../../ui/list';
import { Text } from '../../ui/text';
import { up, useMediaQuery } from '../../ui/use-media-query';
import { NAV_GROUPS } from './menu';
import styles from './sidebar.module.css';

export interface SidebarProps {
  layout: LayoutName;
  /** Full width (250, or the horizontal layout's drawer 250). */
  width: number;
  /** Collapsed to icons (70 px) on desktop. */
  collapsed: boolean;
  /** Whether the sidebar is a permanent column on desktop; otherwise only the slide-in drawer exists. */
  permanent: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** Whether a link's path is the page's, as react-router's NavLink with `end` reads it (letter case aside). */
const samePath = (href: string, pathname: string) => href.toLowerCase() === pathname.toLowerCase();

function SidebarContent({
  layout,
  collapsed,
  onNavigate,
}: {
  layout: LayoutName;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const user = sessionStore.use((s) => s.user);
  const { pathname } = useLocation();
  const activeGroup = NAV_GROUPS.find((g) => g.items.some((i) => i.href(layout) === pathname))?.id;

  return (
    <div className={styles.content}>
      <div className={styles.who}>
        <Avatar src={user?.avatar || undefined} alt={user?.nickname ?? ''} size={36}>
          {user?.nickname.slice(0, 1)}
        </Avatar>
        {collapsed ? null : (
          <div className={styles.whoText}>
            <Text variant="subtitle2" noWrap>
              {user?.nickname ?? t('app.brand')}
            </Text>
            {/* The same title as the header's level chip: one agent, one title on a screen (lib/agent-level.ts). */}
            {user ? (
              <Text variant="caption" noWrap component="div" className={styles.level}>
                {t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
              </Text>
            ) : null}
          </div>
        )}
      </div>
      <nav aria-label={t('sidebar.label')} className={styles.nav}>
        {NAV_GROUPS.map((group) => (
          <List
            key={group.id}
            dense
            subheader={
              collapsed ? undefined : (
                <ListSubheader
                  disableSticky
                  className={cx(styles.group, activeGroup === group.id && styles.activeGroup)}
                >
                  {t(`sidebar.groups.${group.id}`)}
                </ListSubheader>
              )
            }
          >
            {group.items.map((item) => {
              const label = t(item.label);
              const href = item.href(layout);
              const active = samePath(href, pathname);
              const button = (
                <ListItemButton
                  to={href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cx(styles.item, collapsed && styles.collapsedItem, active && styles.activeItem)}
                >
                  <ListItemIcon className={styles.icon}>{item.icon}</ListItemIcon>
                  {collapsed ? null : <ListItemText primary={truncate(label, SIDEBAR_TEXT_MAX)} />}
                </ListItemButton>
              );
              return (
                <ListItem key={item.id} disablePadding>
                  {collapsed ? (
                    <Hint title={label} placement="right">
                      {button}
                    </Hint>
                  ) : (
                    button
                  )}
                </ListItem>
              );
            })}
          </List>
        ))}
      </nav>
    </div>
  );
}

/** The sidebar: permanent on desktop (250, or 70 collapsed), a slide-in drawer on phones. */
export function Sidebar({ layout, width, collapsed, permanent, mobileOpen, onMobileClose }: SidebarProps) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(up('md'));
  const filterId = themeOptions.use((s) => s.sidebarFilterId);
  const filter = SIDEBAR_FILTERS.find((f) => f.id === filterId) ?? SIDEBAR_FILTERS[0];
  const showImage = themeOptions.use((s) => s.backgroundImage);
  const imageId = themeOptions.use((s) => s.sidebarImageId);
  const image = SIDEBAR_IMAGES.find((i) => i.id === imageId) ?? SIDEBAR_IMAGES[0];
  // The image lies beneath the filter colour, which stays mostly opaque so the menu text keeps its contrast.
  const veil = filter.background ? hexToRgba(filter.background, 0.82) : 'rgba(var(--c-primary-rgb), 0.82)';
  const paper: CSSProperties = {
    backgroundColor: filter.background ?? 'var(--c-primary)',
    backgroundImage: showImage ? `linear-gradient(${veil}, ${veil}), url("${image.url}")` : undefined,
    backgroundSize: showImage ? (image.tile ? 'auto, auto' : 'auto, cover') : undefined,
    color: filter.text,
  };
  const desktopWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : width;
  // A phone's drawer is built when first opened, then kept for quick reopening: at start it would be a third of the
  // page's elements, rendered on every load for a menu that is mostly not opened (decision 028).
  const [opened, setOpened] = useState(false);
  if (mobileOpen && !opened) setOpened(true);

  if (permanent && desktop) {
    return (
      <div className={styles.docked} style={{ width: desktopWidth }}>
        <div className={cx(styles.paper, styles.permanent)} style={{ ...paper, width: desktopWidth }}>
          <SidebarContent layout={layout} collapsed={collapsed} onNavigate={() => undefined} />
        </div>
      </div>
    );
  }
  if (!opened) return null;
  return (
    <Drawer open={mobileOpen} onClose={onMobileClose} keepMounted aria-label={t('sidebar.label')}>
      <div className={cx(styles.paper, styles.temporary)} style={{ ...paper, width }}>
        <SidebarContent layout={layout} collapsed={false} onNavigate={onMobileClose} />
      </div>
    </Drawer>
  );
}

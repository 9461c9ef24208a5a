import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../router';
import { Hint } from '../../components/ui/hint';
import { SIDEBAR_TEXT_MAX } from '../../config/constants';
import type { LayoutName } from '../../config/paths';
import { levelLabelKey } from '../../lib/agent-level';
import { truncate } from '../../lib/format';
import { sessionStore } from '../../lib/session';
import { Avatar } from '../../ui/avatar';
import { cx } from '../../ui/cx';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '../../ui/list';
import { Text } from '../../ui/text';
import { NAV_GROUPS } from './menu';
import styles from './sidebar.module.css';

/** Whether a link's path is the page's, as a navigation link marks the current page (letter case aside). */
const samePath = (href: string, pathname: string) => href.toLowerCase() === pathname.toLowerCase();

/** The sidebar's inside: who is signed in and the menu, its groups and the current page marked. */
export function SidebarContent({
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

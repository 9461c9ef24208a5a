import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Hint } from '../../components/ui/hint';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_TEXT_MAX } from '../../config/constants';
import type { LayoutName } from '../../config/paths';
import { SIDEBAR_FILTERS, SIDEBAR_IMAGES } from '../../config/themes';
import { levelLabelKey } from '../../lib/agent-level';
import { truncate } from '../../lib/format';
import { sessionStore } from '../../lib/session';
import { themeOptions } from '../../stores/theme-options';
import { NAV_GROUPS } from './menu';

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
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, minHeight: 64 }}>
        <Avatar src={user?.avatar || undefined} alt={user?.nickname ?? ''} sx={{ width: 36, height: 36 }}>
          {user?.nickname.slice(0, 1)}
        </Avatar>
        {collapsed ? null : (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {user?.nickname ?? t('app.brand')}
            </Typography>
            {/* The same title as the header's level chip: one agent, one title on a screen (lib/agent-level.ts). */}
            {user ? (
              <Typography variant="caption" sx={{ opacity: 0.75 }} noWrap component="div">
                {t('level.withPromoter', { level: t(levelLabelKey(user.level)) })}
              </Typography>
            ) : null}
          </Box>
        )}
      </Box>
      <Box component="nav" aria-label={t('sidebar.label')} sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        {NAV_GROUPS.map((group) => (
          <List
            key={group.id}
            dense
            subheader={
              collapsed ? undefined : (
                <ListSubheader
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    color: 'inherit',
                    opacity: activeGroup === group.id ? 1 : 0.6,
                    lineHeight: '32px',
                    fontWeight: activeGroup === group.id ? 700 : 500,
                  }}
                >
                  {t(`sidebar.groups.${group.id}`)}
                </ListSubheader>
              )
            }
          >
            {group.items.map((item) => {
              const label = t(item.label);
              const button = (
                <ListItemButton
                  component={NavLink}
                  to={item.href(layout)}
                  end
                  onClick={onNavigate}
                  sx={{
                    mx: 1,
                    borderRadius: 1,
                    minHeight: 40,
                    justifyContent: collapsed ? 'center' : 'flex-start',
                    '&.active': { bgcolor: 'rgba(127,127,127,0.22)', fontWeight: 700 },
                  }}
                >
                  <ListItemIcon sx={{ color: 'inherit', minWidth: collapsed ? 0 : 36 }}>
                    {item.icon}
                  </ListItemIcon>
                  {collapsed ? null : <ListItemText primary={truncate(label, SIDEBAR_TEXT_MAX)} />}
                </ListItemButton>
              );
              return collapsed ? (
                <Hint key={item.id} title={label} placement="right">
                  {button}
                </Hint>
              ) : (
                <Box key={item.id}>{button}</Box>
              );
            })}
          </List>
        ))}
      </Box>
    </Box>
  );
}

/** The sidebar: permanent on desktop (250, or 70 collapsed), a slide-in drawer on phones. */
export function Sidebar({ layout, width, collapsed, permanent, mobileOpen, onMobileClose }: SidebarProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const filterId = themeOptions.use((s) => s.sidebarFilterId);
  const filter = SIDEBAR_FILTERS.find((f) => f.id === filterId) ?? SIDEBAR_FILTERS[0];
  const showImage = themeOptions.use((s) => s.backgroundImage);
  const imageId = themeOptions.use((s) => s.sidebarImageId);
  const image = SIDEBAR_IMAGES.find((i) => i.id === imageId) ?? SIDEBAR_IMAGES[0];
  const filterColor = filter.background ?? theme.palette.primary.main;
  const paper = {
    bgcolor: filterColor,
    // The image lies beneath the filter colour, which stays mostly opaque so the menu text keeps its contrast.
    backgroundImage: showImage
      ? `linear-gradient(${alpha(filterColor, 0.82)}, ${alpha(filterColor, 0.82)}), url("${image.url}")`
      : undefined,
    backgroundSize: showImage ? (image.tile ? 'auto, auto' : 'auto, cover') : undefined,
    color: filter.text,
    borderRight: 0,
  };
  const desktopWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : width;
  // A phone's drawer is built when first opened, then kept for quick reopening: at start it would be a third of the
  // page's elements, rendered on every load for a menu that is mostly not opened (decision 028).
  const [opened, setOpened] = useState(false);
  if (mobileOpen && !opened) setOpened(true);

  if (permanent && desktop) {
    return (
      <Drawer
        variant="permanent"
        sx={{
          width: desktopWidth,
          flexShrink: 0,
          transition: theme.transitions.create('width'),
          '& .MuiDrawer-paper': {
            ...paper,
            width: desktopWidth,
            boxSizing: 'border-box',
            // Sticky in its column (not fixed to the viewport), so the boxed layout and RTL place it right.
            position: 'sticky',
            top: 0,
            height: '100vh',
            transition: theme.transitions.create('width'),
          },
        }}
      >
        <SidebarContent layout={layout} collapsed={collapsed} onNavigate={() => undefined} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={mobileOpen}
      onClose={onMobileClose}
      ModalProps={{ keepMounted: opened }}
      sx={{ '& .MuiDrawer-paper': { ...paper, width, boxSizing: 'border-box' } }}
    >
      <SidebarContent layout={layout} collapsed={false} onNavigate={onMobileClose} />
    </Drawer>
  );
}

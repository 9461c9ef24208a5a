import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { LayoutName } from '../config/paths';
import type { NavGroup } from './sidebar/menu';
import { NAV_GROUPS } from './sidebar/menu';

/** The horizontal layout's menu bar: one dropdown per menu group (desktop only). */
export function HorizontalMenu({ layout }: { layout: LayoutName }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ group: NavGroup['id']; anchor: HTMLElement } | null>(null);
  return (
    <Box
      component="nav"
      aria-label={t('sidebar.label')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        gap: 0.5,
        px: 2,
        py: 0.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        overflowX: 'auto',
      }}
    >
      {NAV_GROUPS.map((group) => {
        const active = group.items.some((i) => i.href(layout) === pathname);
        return (
          <Box key={group.id}>
            <Button
              color={active ? 'primary' : 'inherit'}
              endIcon={<ExpandMore />}
              onClick={(event) => setOpen({ group: group.id, anchor: event.currentTarget })}
              sx={{ fontWeight: active ? 700 : 500 }}
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
                  component={NavLink}
                  to={item.href(layout)}
                  selected={item.href(layout) === pathname}
                  onClick={() => setOpen(null)}
                >
                  <ListItemIcon>{item.icon}</ListItemIcon>
                  <ListItemText>{t(item.label)}</ListItemText>
                </MenuItem>
              ))}
            </Menu>
          </Box>
        );
      })}
    </Box>
  );
}

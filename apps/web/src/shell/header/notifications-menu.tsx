import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from './header-popover';
import type { AnchoredMenuProps } from './menu-types';

/** Static notices of the header (SPEC section 2): how the system is used, no invented events. */
const ITEMS = [
  { id: 'welcome', icon: <CampaignOutlined color="primary" /> },
  { id: 'share', icon: <ShareOutlined color="primary" /> },
  { id: 'shop', icon: <StorefrontOutlined color="primary" /> },
] as const;

export const NOTIFICATION_COUNT = ITEMS.length;

export function NotificationsMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  return (
    <HeaderPopover anchorEl={anchorEl} onClose={onClose}>
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1">{t('notifications.title')}</Typography>
      </Box>
      <List dense>
        {ITEMS.map((item) => (
          <ListItem key={item.id} alignItems="flex-start">
            <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>{item.icon}</ListItemIcon>
            <ListItemText
              primary={t(`notifications.${item.id}.title`)}
              secondary={t(`notifications.${item.id}.text`)}
            />
          </ListItem>
        ))}
      </List>
    </HeaderPopover>
  );
}

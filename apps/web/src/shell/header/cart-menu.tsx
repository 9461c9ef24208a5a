import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CART_DROPDOWN_HEIGHT, CART_NEW_BADGE_COUNT } from '../../config/constants';
import { layoutOfPathname, paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';
import { cartStore, cartTotal } from '../../stores/cart';
import type { AnchoredMenuProps } from './menu-types';

/**
 * The cart dropdown (SPEC section 2): items, 'View cart' to `/{layout}/ecommerce/cart`, total with two decimals,
 * and the hard-coded '3 NEW' badge. The shop (/agent/mine-recharge) fills the cart.
 */
export function CartMenu({ anchorEl, onClose }: AnchoredMenuProps) {
  const { t } = useTranslation();
  const items = cartStore.use((s) => s.items);
  const { pathname } = useLocation();
  const cartHref = paths.layouts[layoutOfPathname(pathname)].cart.getHref();
  return (
    <Popover
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 24px)' } } }}
    >
      <Stack
        direction="row"
        sx={{ px: 2, pt: 1.5, pb: 1, alignItems: 'center', justifyContent: 'space-between' }}
        data-testid="cart-menu"
      >
        <Typography variant="subtitle1">{t('cart.title')}</Typography>
        {/* SPEC section 2: the badge is hard-coded. */}
        <Chip
          size="small"
          color="error"
          label={t('cart.newBadge', { count: CART_NEW_BADGE_COUNT })}
          data-testid="cart-menu-badge"
        />
      </Stack>
      <Divider />
      <Box sx={{ maxHeight: CART_DROPDOWN_HEIGHT, overflowY: 'auto' }}>
        {items.length === 0 ? (
          <Stack sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }} spacing={1}>
            <ShoppingCartOutlined />
            <Typography variant="body2">{t('cart.empty')}</Typography>
            <Button size="small" component={Link} to={paths.agent.mineRecharge.getHref()} onClick={onClose}>
              {t('shop.cart.goShop')}
            </Button>
          </Stack>
        ) : (
          <List dense>
            {items.map((item) => (
              <ListItem
                key={item.id}
                data-testid={`cart-menu-item-${item.id}`}
                secondaryAction={<Typography variant="body2">{formatMoney(item.total)}</Typography>}
              >
                <ListItemAvatar>
                  <Avatar
                    variant="rounded"
                    src={item.productImg || undefined}
                    alt={item.name}
                    sx={{ bgcolor: 'action.hover', color: 'primary.main' }}
                  >
                    <DiamondOutlined aria-hidden />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={item.name}
                  secondary={`${formatMoney(item.price)} × ${item.quantity}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Stack direction="row" sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Button variant="contained" component={Link} to={cartHref} onClick={onClose} data-testid="cart-view">
          {t('cart.viewCart')}
        </Button>
        <Typography variant="subtitle2" data-testid="cart-menu-total">
          {t('cart.total')}: {formatMoney(cartTotal(items))}
        </Typography>
      </Stack>
    </Popover>
  );
}

import { useTranslation } from '../../i18n/use-translation';
import { useLocation } from '../../router';
import { CART_DROPDOWN_HEIGHT, CART_NEW_BADGE_COUNT } from '../../config/constants';
import { layoutOfPathname, paths } from '../../config/paths';
import { formatMoney } from '../../lib/format';
import { cartStore, cartTotal } from '../../stores/cart';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Chip } from '../../ui/chip';
import { Divider } from '../../ui/divider';
import { DiamondOutlinedIcon } from '../../ui/icons/DiamondOutlinedIcon';
import { ShoppingCartOutlinedIcon } from '../../ui/icons/ShoppingCartOutlinedIcon';
import { List, ListItem, ListItemAvatar, ListItemText } from '../../ui/list';
import { Popover } from '../../ui/popover';
import { Stack } from '../../ui/stack';
import { Text } from '../../ui/text';
import styles from './cart-menu.module.css';
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
      placement="bottom-end"
      className={styles.paper}
    >
      <Stack
        direction="row"
        alignItems="center"
        justifyContent="space-between"
        className={styles.head}
        data-testid="cart-menu"
      >
        <Text variant="subtitle1">{t('cart.title')}</Text>
        {/* SPEC section 2: the badge is hard-coded. */}
        <Chip
          size="small"
          color="error"
          label={t('cart.newBadge', { count: CART_NEW_BADGE_COUNT })}
          data-testid="cart-menu-badge"
        />
      </Stack>
      <Divider />
      <div className={styles.items} style={{ maxHeight: CART_DROPDOWN_HEIGHT }}>
        {items.length === 0 ? (
          <Stack alignItems="center" spacing={1} className={styles.empty}>
            <ShoppingCartOutlinedIcon />
            <Text variant="body2">{t('cart.empty')}</Text>
            <Button size="small" to={paths.agent.mineRecharge.getHref()} onClick={onClose}>
              {t('shop.cart.goShop')}
            </Button>
          </Stack>
        ) : (
          <List dense>
            {items.map((item) => (
              <ListItem
                key={item.id}
                data-testid={`cart-menu-item-${item.id}`}
                secondaryAction={<Text variant="body2">{formatMoney(item.total)}</Text>}
              >
                <ListItemAvatar>
                  <Avatar
                    variant="rounded"
                    src={item.productImg || undefined}
                    alt={item.name}
                    className={styles.productAvatar}
                  >
                    <DiamondOutlinedIcon />
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
      </div>
      <Divider />
      <Stack direction="row" alignItems="center" justifyContent="space-between" className={styles.foot}>
        <Button variant="contained" to={cartHref} onClick={onClose} data-testid="cart-view">
          {t('cart.viewCart')}
        </Button>
        <Text variant="subtitle2" data-testid="cart-menu-total">
          {t('cart.total')}: {formatMoney(cartTotal(items))}
        </Text>
      </Stack>
    </Popover>
  );
}

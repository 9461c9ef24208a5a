import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import Remove from '@mui/icons-material/Remove';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PURCHASE_QUANTITY_MAX, type TGoods } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from '../../../router';
import { usePurchase } from '../../../api/purchase';
import { PurchaseSummary } from '../../../components/purchase-summary';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LostAnswerAlert } from '../../../components/ui/lost-answer-alert';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import type { CartItem } from '../../../stores/cart';
import { cart, cartStore, cartTotal, lineTotal } from '../../../stores/cart';
import { useShopGoods } from '../../../api/get-shop-categories';

/** Items keep the price of the day they were put in; the shop's current price (for this account) wins. */
function useRepricedCart(goods: TGoods[] | undefined) {
  useEffect(() => {
    if (!goods) return;
    const priceOf = new Map(goods.map((g) => [String(g.id), g]));
    const { items } = cartStore.get();
    const stale = items.some((item) => {
      const current = priceOf.get(item.id);
      return current !== undefined && current.price !== item.price;
    });
    if (!stale) return;
    cartStore.set({
      items: items.map((item) => {
        const current = priceOf.get(item.id);
        if (!current || current.price === item.price) return item;
        return { ...item, price: current.price, total: lineTotal(current.price, item.quantity) };
      }),
    });
  }, [goods]);
}

function CartLine({
  item,
  available,
  busy,
  onRemove,
  onCheckout,
}: {
  item: CartItem;
  available: boolean;
  busy: boolean;
  onRemove: () => void;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ py: 1.5 }} data-testid={`cart-line-${item.id}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={item.productImg || undefined}
          alt={item.name}
          sx={{ bgcolor: 'action.hover', color: 'primary.main' }}
        >
          <DiamondOutlined aria-hidden />
        </Avatar>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography noWrap>{item.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cart.price')}: {formatMoney(item.price)}
          </Typography>
        </Stack>
        {available ? null : <Chip size="small" label={t('shop.cart.unavailable')} />}
        <IconButton
          aria-label={t('cart.remove')}
          onClick={onRemove}
          disabled={busy}
          data-testid={`cart-remove-${item.id}`}
        >
          <DeleteOutline />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <IconButton
            size="small"
            aria-label={t('cart.decrease')}
            disabled={busy || item.quantity <= 1}
            onClick={() => cart.setQuantity(item.id, item.quantity - 1)}
            data-testid={`cart-decrease-${item.id}`}
          >
            <Remove fontSize="small" />
          </IconButton>
          <Typography
            sx={{ minWidth: 28, textAlign: 'center' }}
            aria-label={t('cart.quantity')}
            data-testid={`cart-quantity-${item.id}`}
          >
            {item.quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('cart.increase')}
            disabled={busy || item.quantity >= PURCHASE_QUANTITY_MAX}
            onClick={() => cart.setQuantity(item.id, item.quantity + 1)}
            data-testid={`cart-increase-${item.id}`}
          >
            <Add fontSize="small" />
          </IconButton>
        </Stack>
        <Typography
          sx={{ flex: 1, textAlign: 'end', fontWeight: 600 }}
          data-testid={`cart-line-total-${item.id}`}
        >
          {formatMoney(item.total)}
        </Typography>
        <Button
          variant="contained"
          size="small"
          disabled={busy || !available}
          onClick={onCheckout}
          data-testid={`cart-checkout-${item.id}`}
        >
          {t('shop.cart.checkout')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * /{layout}/ecommerce/cart: the cart's items, quantities and total (two decimals); deleting asks first. An
 * order holds one goods line, so each line is checked out on its own: confirm its total, buyGoods, pay.
 */
export function CartPage() {
  const { t } = useTranslation();
  const items = cartStore.use((s) => s.items);
  const goods = useShopGoods();
  const { purchase, busy, lost, dismissLost } = usePurchase({
    onOrdered: (goodsId) => cart.remove(String(goodsId)),
  });
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [buyingId, setBuyingId] = useState<string | null>(null);
  useRepricedCart(goods.data);

  const offered = new Set(goods.data?.map((g) => String(g.id)));
  const isAvailable = (item: CartItem) => /^\d+$/.test(item.id) && (!goods.data || offered.has(item.id));
  const buying = items.find((item) => item.id === buyingId) ?? null;

  const checkout = async () => {
    if (!buying) return;
    const line = buying;
    // The line is an order once the order exists; paying it or not happens at the provider and on query-order.
    if ((await purchase(Number(line.id), line.quantity)) === 'stayed') setBuyingId(null);
  };

  return (
    <Stack spacing={2} data-testid="page-cart" sx={{ maxWidth: 720, width: '100%', mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {t('cart.title')}
      </Typography>
      {goods.isError ? <Alert severity="warning">{t('shop.cart.pricesUnknown')}</Alert> : null}
      <Card>
        <CardContent>
          {items.length === 0 ? (
            <Stack
              spacing={1}
              sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }}
              data-testid="cart-empty"
            >
              <ShoppingCartOutlined sx={{ fontSize: 40 }} />
              <Typography>{t('cart.empty')}</Typography>
              <Typography variant="body2">{t('cart.emptyHint')}</Typography>
              <Button variant="contained" component={Link} to={paths.agent.mineRecharge.getHref()}>
                {t('shop.cart.goShop')}
              </Button>
            </Stack>
          ) : (
            <Stack divider={<Divider flexItem />}>
              {items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  available={isAvailable(item)}
                  busy={busy}
                  onRemove={() => setRemoving(item)}
                  onCheckout={() => {
                    dismissLost();
                    setBuyingId(item.id);
                  }}
                />
              ))}
            </Stack>
          )}
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle1">{t('cart.total')}</Typography>
            <Typography variant="h6" component="p" data-testid="cart-total">
              {formatMoney(cartTotal(items))}
            </Typography>
          </Stack>
          {items.length > 1 ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t('shop.cart.oneLineHint')}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
      {items.length > 0 ? (
        <Box sx={{ textAlign: 'center' }}>
          <Button component={Link} to={paths.agent.mineRecharge.getHref()}>
            {t('shop.cart.continueShopping')}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        message={t('cart.removeConfirm', { name: removing?.name ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) cart.remove(removing.id);
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={buying !== null}
        busy={busy}
        title={t('shop.recharge.confirmTitle')}
        message={
          buying ? (
            <PurchaseSummary
              name={buying.name}
              quantity={buying.quantity}
              total={buying.total}
              totalTestId="cart-confirm-total"
            />
          ) : (
            ''
          )
        }
        alert={lost ? <LostAnswerAlert error={lost} /> : undefined}
        confirmLabel={lost ? t('common.retry') : undefined}
        onCancel={() => setBuyingId(null)}
        onConfirm={() => void checkout()}
      />
    </Stack>
  );
}

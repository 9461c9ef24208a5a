import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Remove from '@mui/icons-material/Remove';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatMoney } from '../../../lib/format';
import type { CartItem } from '../../../stores/cart';
import { cart, cartStore, cartTotal } from '../../../stores/cart';

/** /{layout}/ecommerce/cart: the cart's items, quantities and total; deleting asks first. */
export function CartPage() {
  const { t } = useTranslation();
  const items = cartStore.use((s) => s.items);
  const [removing, setRemoving] = useState<CartItem | null>(null);

  return (
    <Stack spacing={2} data-testid="page-cart">
      <Typography variant="h5" component="h1">
        {t('cart.title')}
      </Typography>
      <Card>
        <CardContent>
          {items.length === 0 ? (
            <Stack spacing={1} sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }}>
              <ShoppingCartOutlined sx={{ fontSize: 40 }} />
              <Typography>{t('cart.empty')}</Typography>
              <Typography variant="body2">{t('cart.emptyHint')}</Typography>
            </Stack>
          ) : (
            <Stack divider={<Divider flexItem />} spacing={1.5}>
              {items.map((item) => (
                <Stack key={item.id} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar variant="rounded" src={item.productImg || undefined} alt={item.name} />
                  <Stack sx={{ flex: 1, minWidth: 0 }}>
                    <Typography noWrap>{item.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('cart.price')}: {formatMoney(item.price)}
                    </Typography>
                  </Stack>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <IconButton
                      size="small"
                      aria-label={t('cart.decrease')}
                      disabled={item.quantity <= 1}
                      onClick={() => cart.setQuantity(item.id, item.quantity - 1)}
                    >
                      <Remove fontSize="small" />
                    </IconButton>
                    <Typography sx={{ minWidth: 24, textAlign: 'center' }} aria-label={t('cart.quantity')}>
                      {item.quantity}
                    </Typography>
                    <IconButton
                      size="small"
                      aria-label={t('cart.increase')}
                      onClick={() => cart.setQuantity(item.id, item.quantity + 1)}
                    >
                      <Add fontSize="small" />
                    </IconButton>
                  </Stack>
                  <Typography sx={{ minWidth: 72, textAlign: 'end' }}>{formatMoney(item.total)}</Typography>
                  <IconButton aria-label={t('cart.remove')} onClick={() => setRemoving(item)}>
                    <DeleteOutline />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
          )}
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="subtitle1">{t('cart.total')}</Typography>
            <Typography variant="subtitle1" data-testid="cart-total">
              {formatMoney(cartTotal(items))}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={removing !== null}
        message={t('cart.removeConfirm', { name: removing?.name ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) cart.remove(removing.id);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

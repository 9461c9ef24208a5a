import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TGoods } from '@promoter/contract';
import { useState } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePurchase } from '../../../api/purchase';
import { PurchaseSummary } from '../../../components/purchase-summary';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LostAnswerAlert } from '../../../components/ui/lost-answer-alert';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { cart, cartStore } from '../../../stores/cart';
import { useShopCategories } from '../../../api/get-shop-categories';
import { GoodsCard } from '../components/goods-card';
import { QuantityStepper } from '../components/quantity-stepper';
import { useShopAccount } from '../lib/account';
import { totalOf, unitPriceOf } from '../lib/goods';

/** Agents keep their cart beside their main page, in the boxed-v2 layout. */
const CART_HREF = paths.layouts['boxed-v2'].cart.getHref();

function AccountCard({ firstGoods }: { firstGoods: TGoods | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const { isAgent, user } = useShopAccount();
  const unit = firstGoods ? unitPriceOf(firstGoods) : null;
  return (
    <Card>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <DiamondOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {isAgent ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('shop.recharge.myStock')}
              </Typography>
              <Typography variant="h6" component="p" data-testid="recharge-stock">
                {user ? formatCount(user.diamonds, locale) : <Skeleton width={80} />}
              </Typography>
            </>
          ) : (
            <Typography variant="body2">{t('shop.recharge.playerIntro')}</Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {isAgent ? t('shop.recharge.myPrice') : t('shop.recharge.retailPrice')}
          </Typography>
          <Typography variant="subtitle1" component="p" data-testid="recharge-unit-price">
            {unit ? t('shop.downline.unitPrice', { price: formatMoney(unit) }) : '—'}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /agent/mine-recharge: the shop's packages at my price (retail for a player). Choose one and a quantity, buy
 * (confirming the total), pay at the provider's checkout; or collect packages in the cart. `from=reg` greets
 * a newly registered or non-agent login.
 */
export function MineRechargePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fromReg = params.get('from') === 'reg';
  const categories = useShopCategories();
  const cartItems = cartStore.use((s) => s.items);
  const { purchase, busy, lost, dismissLost } = usePurchase();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [confirming, setConfirming] = useState(false);

  const allGoods = categories.data?.flatMap((c) => c.goods) ?? [];
  const selected = allGoods.find((g) => g.id === selectedId) ?? null;
  const total = selected ? totalOf(selected.price, quantity) : null;

  const addToCart = (goods: TGoods) => {
    const id = String(goods.id);
    if (cartStore.get().items.some((item) => item.id === id)) {
      notify.info(t('shop.cart.already', { name: goods.name }));
      return;
    }
    cart.add({ objectID: id, productImg: goods.image, name: goods.name, price: goods.price });
    notify.success(t('shop.cart.added', { name: goods.name }));
  };

  const confirm = async () => {
    if (!selected) return;
    if ((await purchase(selected.id, quantity)) === 'stayed') setConfirming(false);
  };

  return (
    <Stack spacing={2} data-testid="page-mine-recharge" sx={{ pb: selected ? 0 : 2 }}>
      {fromReg ? (
        <Alert severity="success" data-testid="recharge-welcome">
          {t('shop.recharge.welcome')}
        </Alert>
      ) : null}
      <AccountCard firstGoods={allGoods[0]} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2">
          {t('shop.recharge.choose')}
        </Typography>
        <Button
          size="small"
          component={Link}
          to={CART_HREF}
          startIcon={
            <Badge badgeContent={cartItems.length} color="error">
              <ShoppingCartOutlined />
            </Badge>
          }
          data-testid="recharge-cart-link"
        >
          {t('cart.title')}
        </Button>
      </Stack>
      {categories.isPending ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Box>
      ) : categories.isError ? (
        <RetryAlert onRetry={() => categories.refetch()}>{t('shop.recharge.loadFailed')}</RetryAlert>
      ) : allGoods.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('shop.recharge.noGoods')}
        </Typography>
      ) : (
        categories.data.map((category) => (
          <Stack key={category.id} spacing={1} component="section" aria-label={category.name}>
            {categories.data.length > 1 ? (
              <Typography variant="body2" color="text.secondary">
                {category.name}
              </Typography>
            ) : null}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
                gap: 1.5,
              }}
            >
              {category.goods.map((goods) => (
                <GoodsCard
                  key={goods.id}
                  goods={goods}
                  selected={goods.id === selectedId}
                  onSelect={() => {
                    if (goods.id !== selectedId) setQuantity(1);
                    setSelectedId(goods.id);
                  }}
                  onAddToCart={() => addToCart(goods)}
                />
              ))}
            </Box>
          </Stack>
        ))
      )}
      {selected && total ? (
        <Paper
          elevation={8}
          sx={{ position: 'sticky', bottom: 8, p: 1.5, borderRadius: 2 }}
          data-testid="buy-bar"
        >
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1, minWidth: 0 }} noWrap data-testid="buy-goods-name">
                {selected.name}
              </Typography>
              <QuantityStepper value={quantity} onChange={setQuantity} disabled={busy} testIdPrefix="buy" />
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('cart.total')}
                </Typography>
                <Typography
                  variant="h6"
                  color="primary"
                  component="p"
                  sx={{ lineHeight: 1.2 }}
                  data-testid="buy-total"
                >
                  {formatMoney(total)}
                </Typography>
              </Box>
              <Button
                variant="contained"
                size="large"
                disabled={busy}
                onClick={() => {
                  dismissLost();
                  setConfirming(true);
                }}
                data-testid="buy-submit"
              >
                {t('shop.recharge.buy')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('shop.recharge.chooseHint')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        busy={busy}
        title={t('shop.recharge.confirmTitle')}
        message={
          selected && total ? (
            <PurchaseSummary
              name={selected.name}
              quantity={quantity}
              total={total}
              totalTestId="buy-confirm-total"
            />
          ) : (
            ''
          )
        }
        alert={lost ? <LostAnswerAlert error={lost} /> : undefined}
        confirmLabel={lost ? t('common.retry') : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}

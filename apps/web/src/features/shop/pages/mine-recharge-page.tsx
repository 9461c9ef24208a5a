import type { TGoods } from '@promoter/contract';
import { useState } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
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
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card, CardContent, Paper } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { DiamondOutlinedIcon } from '../../../ui/icons/DiamondOutlinedIcon';
import { ShoppingCartOutlinedIcon } from '../../../ui/icons/ShoppingCartOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './mine-recharge-page.module.css';

/** Agents keep their cart beside their main page, in the boxed-v2 layout. */
const CART_HREF = paths.layouts['boxed-v2'].cart.getHref();

function AccountCard({ firstGoods }: { firstGoods: TGoods | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const { isAgent, user } = useShopAccount();
  const unit = firstGoods ? unitPriceOf(firstGoods) : null;
  return (
    <Card>
      <CardContent className={styles.account}>
        <span className={styles.accountIcon}>
          <DiamondOutlinedIcon color="primary" fontSize="inherit" />
        </span>
        <div className={styles.grow}>
          {isAgent ? (
            <>
              <Text variant="body2" color="textSecondary">
                {t('shop.recharge.myStock')}
              </Text>
              <Text variant="h6" component="p" data-testid="recharge-stock">
                {user ? formatCount(user.diamonds, locale) : <Skeleton width={80} />}
              </Text>
            </>
          ) : (
            <Text variant="body2">{t('shop.recharge.playerIntro')}</Text>
          )}
        </div>
        <div className={styles.price}>
          <Text variant="body2" color="textSecondary">
            {isAgent ? t('shop.recharge.myPrice') : t('shop.recharge.retailPrice')}
          </Text>
          <Text variant="subtitle1" component="p" data-testid="recharge-unit-price">
            {unit ? t('shop.downline.unitPrice', { price: formatMoney(unit) }) : '—'}
          </Text>
        </div>
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
    <Stack
      spacing={2}
      data-testid="page-mine-recharge"
      className={cx(styles.page, !selected && styles.roomBelow)}
    >
      {fromReg ? (
        <Alert severity="success" data-testid="recharge-welcome">
          {t('shop.recharge.welcome')}
        </Alert>
      ) : null}
      <AccountCard firstGoods={allGoods[0]} />
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Text variant="subtitle1" component="h2">
          {t('shop.recharge.choose')}
        </Text>
        <Button
          size="small"
          to={CART_HREF}
          startIcon={
            <Badge badgeContent={cartItems.length} color="error">
              <ShoppingCartOutlinedIcon />
            </Badge>
          }
          data-testid="recharge-cart-link"
        >
          {t('cart.title')}
        </Button>
      </Stack>
      {categories.isPending ? (
        <div className={styles.loadingGrid}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </div>
      ) : categories.isError ? (
        <RetryAlert onRetry={() => categories.refetch()}>{t('shop.recharge.loadFailed')}</RetryAlert>
      ) : allGoods.length === 0 ? (
        <Text color="textSecondary" align="center" className={styles.noGoods}>
          {t('shop.recharge.noGoods')}
        </Text>
      ) : (
        categories.data.map((category) => (
          <Stack key={category.id} spacing={1} component="section" aria-label={category.name}>
            {categories.data.length > 1 ? (
              <Text variant="body2" color="textSecondary">
                {category.name}
              </Text>
            ) : null}
            <div className={styles.goodsGrid}>
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
            </div>
          </Stack>
        ))
      )}
      {selected && total ? (
        <Paper variant="flat" className={styles.buyBar} data-testid="buy-bar">
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Text noWrap className={styles.grow} data-testid="buy-goods-name">
                {selected.name}
              </Text>
              <QuantityStepper value={quantity} onChange={setQuantity} disabled={busy} testIdPrefix="buy" />
            </Stack>
            <Stack direction="row" spacing={1} alignItems="center">
              <div className={cx(styles.grow, styles.totalBox)}>
                <Text variant="caption" color="textSecondary">
                  {t('cart.total')}
                </Text>
                <Text
                  variant="h6"
                  color="primary"
                  component="p"
                  className={styles.total}
                  data-testid="buy-total"
                >
                  {formatMoney(total)}
                </Text>
              </div>
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
        <Text variant="body2" color="textSecondary" align="center">
          {t('shop.recharge.chooseHint')}
        </Text>
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

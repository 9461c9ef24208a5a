import type { TGoods } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { IconButton } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { AddShoppingCartOutlinedIcon } from '../../../ui/icons/AddShoppingCartOutlinedIcon';
import { CheckCircleIcon } from '../../../ui/icons/CheckCircleIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { Tooltip } from '../../../ui/tooltip';
import { unitPriceOf } from '../lib/goods';
import styles from './goods-card.module.css';
import { GoodsImage } from './goods-image';

/** One package: picture, diamonds, price at my price; tap to choose it, or put it in the cart. */
export function GoodsCard({
  goods,
  selected,
  onSelect,
  onAddToCart,
}: {
  goods: TGoods;
  selected: boolean;
  onSelect: () => void;
  onAddToCart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const unit = unitPriceOf(goods);
  // A name like "1000 钻石" already says how many diamonds; an operator's "新手礼包" does not.
  const namesItsDiamonds = goods.name.includes(String(goods.diamonds));
  return (
    <Card
      variant="flat"
      className={cx(styles.goods, selected && styles.selected)}
      data-testid={`goods-${goods.id}`}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={styles.choose}
        data-testid={`goods-select-${goods.id}`}
      >
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center">
            <GoodsImage image={goods.image} name={goods.name} size={40} />
            <div className={styles.nameBox}>
              <Text variant="subtitle2" className={styles.name}>
                {goods.name}
              </Text>
              {namesItsDiamonds ? null : (
                <Text variant="caption" color="textSecondary" noWrap component="div">
                  {t('shop.recharge.diamonds', { amount: formatCount(goods.diamonds, locale) })}
                </Text>
              )}
            </div>
          </Stack>
          <Text variant="h6" color="primary" component="p" data-testid={`goods-price-${goods.id}`}>
            {formatMoney(goods.price)}
          </Text>
          {unit ? (
            <Text variant="caption" color="textSecondary">
              {t('shop.downline.unitPrice', { price: formatMoney(unit) })}
            </Text>
          ) : null}
        </Stack>
      </button>
      {selected ? <CheckCircleIcon color="primary" className={styles.check} /> : null}
      <span className={styles.addToCart}>
        <Tooltip title={t('shop.cart.add')}>
          <IconButton
            size="small"
            color="primary"
            onClick={onAddToCart}
            aria-label={t('shop.cart.addNamed', { name: goods.name })}
            data-testid={`goods-add-cart-${goods.id}`}
          >
            <AddShoppingCartOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </span>
    </Card>
  );
}

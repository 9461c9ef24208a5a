import { useTranslation } from '../i18n/use-translation';
import { checkoutHintKey } from '../api/purchase';
import { formatMoney } from '../lib/format';
import { Stack } from '../ui/stack';
import { Text } from '../ui/text';
import styles from './purchase-summary.module.css';

/**
 * What a purchase confirmation says, in the shop and in the cart: the package and quantity, the total, and what
 * confirming leads to (WeChat Pay's sheet inside WeChat, the provider's checkout elsewhere).
 */
export function PurchaseSummary({
  name,
  quantity,
  total,
  totalTestId,
}: {
  name: string;
  quantity: number;
  total: string;
  totalTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <span>{t('shop.recharge.confirmLine', { name, quantity })}</span>
      <span>
        {t('cart.total')}:{' '}
        <strong className={styles.total} data-testid={totalTestId}>
          {formatMoney(total)}
        </strong>
      </span>
      <Text variant="caption" color="textSecondary">
        {t(checkoutHintKey())}
      </Text>
    </Stack>
  );
}

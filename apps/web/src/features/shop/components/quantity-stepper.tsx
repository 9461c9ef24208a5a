import { useTranslation } from '../../../i18n/use-translation';
import { PURCHASE_QUANTITY_MAX, PURCHASE_QUANTITY_MIN } from '@promoter/contract';
import { IconButton } from '../../../ui/button';
import { AddIcon } from '../../../ui/icons/AddIcon';
import { RemoveIcon } from '../../../ui/icons/RemoveIcon';
import { clampQuantity } from '../lib/goods';
import styles from './quantity-stepper.module.css';

/** − quantity + within what buyGoods takes (1 to 99); typing a number works too. */
export function QuantityStepper({
  value,
  onChange,
  disabled,
  testIdPrefix,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.stepper}>
      <IconButton
        size="small"
        aria-label={t('cart.decrease')}
        disabled={disabled || value <= PURCHASE_QUANTITY_MIN}
        onClick={() => onChange(clampQuantity(value - 1))}
        data-testid={`${testIdPrefix}-decrease`}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <input
        type="text"
        value={value}
        disabled={disabled}
        inputMode="numeric"
        aria-label={t('cart.quantity')}
        className={styles.quantity}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          if (digits !== '') onChange(clampQuantity(Number(digits)));
        }}
        data-testid={`${testIdPrefix}-quantity`}
      />
      <IconButton
        size="small"
        aria-label={t('cart.increase')}
        disabled={disabled || value >= PURCHASE_QUANTITY_MAX}
        onClick={() => onChange(clampQuantity(value + 1))}
        data-testid={`${testIdPrefix}-increase`}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </div>
  );
}

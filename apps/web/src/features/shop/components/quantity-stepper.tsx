import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PURCHASE_QUANTITY_MAX, PURCHASE_QUANTITY_MIN } from '@promoter/contract';
import { clampQuantity } from '../lib/goods';

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
    <Stack
      direction="row"
      sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 1, flexShrink: 0 }}
    >
      <IconButton
        size="small"
        aria-label={t('cart.decrease')}
        disabled={disabled || value <= PURCHASE_QUANTITY_MIN}
        onClick={() => onChange(clampQuantity(value - 1))}
        data-testid={`${testIdPrefix}-decrease`}
      >
        <Remove fontSize="small" />
      </IconButton>
      <InputBase
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          if (digits !== '') onChange(clampQuantity(Number(digits)));
        }}
        inputProps={{
          inputMode: 'numeric',
          'aria-label': t('cart.quantity'),
          'data-testid': `${testIdPrefix}-quantity`,
          style: { textAlign: 'center', width: 32, padding: 0 },
        }}
      />
      <IconButton
        size="small"
        aria-label={t('cart.increase')}
        disabled={disabled || value >= PURCHASE_QUANTITY_MAX}
        onClick={() => onChange(clampQuantity(value + 1))}
        data-testid={`${testIdPrefix}-increase`}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { checkoutHintKey } from '../api/purchase';
import { formatMoney } from '../lib/format';

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
        <Box component="strong" sx={{ color: 'primary.main' }} data-testid={totalTestId}>
          {formatMoney(total)}
        </Box>
      </span>
      <Typography variant="caption" color="text.secondary">
        {t(checkoutHintKey())}
      </Typography>
    </Stack>
  );
}

import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { isNegative, signed } from '../lib/money-math';

/** An entry's amount with its sign, green when it comes in and red when it goes out. */
export function SignedAmount({
  amount,
  currency,
  ...props
}: { amount: string | number; currency: 1 | 2 } & Omit<TypographyProps, 'children'>) {
  const { i18n } = useTranslation();
  const negative = isNegative(amount);
  const text = signed(amount);
  // Money is shown as the server wrote it; diamonds get the reader's digit grouping.
  const shown =
    currency === 1
      ? text.replace(/^([+-]?)/, '$1¥')
      : `${negative ? '-' : '+'}${formatCount(Math.abs(Number(amount)), languageOf(i18n.language).htmlLang)}`;
  return (
    <Typography
      component="span"
      {...props}
      sx={{
        color: negative ? 'error.main' : 'success.main',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        ...props.sx,
      }}
    >
      {shown}
    </Typography>
  );
}

import { useTranslation } from '../../../i18n/use-translation';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { cx } from '../../../ui/cx';
import { Text } from '../../../ui/text';
import type { TextProps } from '../../../ui/text';
import { isNegative, signed } from '../lib/money-math';
import styles from './signed-amount.module.css';

/** An entry's amount with its sign, green when it comes in and red when it goes out. */
export function SignedAmount({
  amount,
  currency,
  className,
  ...props
}: { amount: string | number; currency: 1 | 2 } & Omit<TextProps, 'children' | 'color' | 'weight'>) {
  const { i18n } = useTranslation();
  const negative = isNegative(amount);
  const text = signed(amount);
  // Money is shown as the server wrote it; diamonds get the reader's digit grouping.
  const shown =
    currency === 1
      ? text.replace(/^([+-]?)/, '$1¥')
      : `${negative ? '-' : '+'}${formatCount(Math.abs(Number(amount)), languageOf(i18n.language).htmlLang)}`;
  return (
    <Text
      component="span"
      {...props}
      color={negative ? 'error' : 'success'}
      weight={600}
      className={cx(styles.amount, className)}
    >
      {shown}
    </Text>
  );
}

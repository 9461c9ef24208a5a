import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { Card } from '../../../ui/card';
import { AccountBalanceWalletOutlinedIcon } from '../../../ui/icons/AccountBalanceWalletOutlinedIcon';
import { DiamondOutlinedIcon } from '../../../ui/icons/DiamondOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './account-summary.module.css';

type Figure = 'diamonds' | 'balance';

/** The figures a money screen works with, at its top: the diamond stock and/or the balance. */
export function AccountSummary({ show }: { show: readonly Figure[] }) {
  const { t, i18n } = useTranslation();
  const { user } = useAgentUser();
  const locale = languageOf(i18n.language).htmlLang;
  const items = show.map((figure) =>
    figure === 'diamonds'
      ? {
          figure,
          icon: <DiamondOutlinedIcon />,
          label: t('money.common.stock'),
          value: user ? formatCount(user.diamonds, locale) : null,
        }
      : {
          figure,
          icon: <AccountBalanceWalletOutlinedIcon />,
          label: t('money.common.balance'),
          value: user ? formatMoney(user.balance) : null,
        },
  );
  return (
    <Card className={styles.summary}>
      <div
        className={styles.figures}
        style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}
      >
        {items.map((item) => (
          <Stack key={item.figure} spacing={0.5}>
            <Stack direction="row" spacing={0.75} alignItems="center" className={styles.label}>
              {item.icon}
              <Text variant="body2" noWrap>
                {item.label}
              </Text>
            </Stack>
            <Text variant="h5" component="p" noWrap data-testid={`summary-${item.figure}`}>
              {item.value ?? <Skeleton width="60%" className={styles.skeleton} />}
            </Text>
          </Stack>
        ))}
      </div>
    </Card>
  );
}

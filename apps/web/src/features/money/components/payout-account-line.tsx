import type { TPayoutAccount, WithdrawalAccountType } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { AccountBalanceOutlinedIcon } from '../../../ui/icons/AccountBalanceOutlinedIcon';
import { AccountBalanceWalletOutlinedIcon } from '../../../ui/icons/AccountBalanceWalletOutlinedIcon';
import { ChatOutlinedIcon } from '../../../ui/icons/ChatOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { accountTypeKey } from '../lib/labels';
import styles from './payout-account-line.module.css';

const ICONS: Record<WithdrawalAccountType, ReactNode> = {
  bank: <AccountBalanceOutlinedIcon />,
  alipay: <AccountBalanceWalletOutlinedIcon />,
  wechat: <ChatOutlinedIcon />,
};

/** The one-line text of an account: its kind and bank, the holder, the number as the server masked it. */
export function usePayoutAccountText() {
  const { t } = useTranslation();
  return (account: Pick<TPayoutAccount, 'type' | 'bankName' | 'holderName' | 'accountMasked'>) =>
    [t(accountTypeKey(account.type)), account.bankName, account.holderName, account.accountMasked]
      .filter(Boolean)
      .join(' · ');
}

/** A payout account: its kind's icon, kind and bank, the holder's name, the masked number. */
export function PayoutAccountLine({ account, trailing }: { account: TPayoutAccount; trailing?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" className={styles.line}>
      <div className={styles.icon} aria-hidden>
        {ICONS[account.type]}
      </div>
      <div className={styles.text}>
        <Text variant="body2" component="div" noWrap weight={600}>
          {t(accountTypeKey(account.type))}
          {account.bankName ? ` · ${account.bankName}` : ''}
          {trailing}
        </Text>
        <Text
          variant="body2"
          component="div"
          className={styles.number}
          data-testid={`payout-masked-${account.id}`}
        >
          {account.accountMasked}
        </Text>
        <Text variant="caption" color="textSecondary" noWrap component="div">
          {account.holderName}
        </Text>
      </div>
    </Stack>
  );
}

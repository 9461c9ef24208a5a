import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TPayoutAccount, WithdrawalAccountType } from '@promoter/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { accountTypeKey } from '../lib/labels';

const ICONS: Record<WithdrawalAccountType, ReactNode> = {
  bank: <AccountBalanceOutlined />,
  alipay: <AccountBalanceWalletOutlined />,
  wechat: <ChatOutlined />,
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
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
        {ICONS[account.type]}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" component="div" noWrap sx={{ fontWeight: 600 }}>
          {t(accountTypeKey(account.type))}
          {account.bankName ? ` · ${account.bankName}` : ''}
          {trailing}
        </Typography>
        <Typography
          variant="body2"
          component="div"
          sx={{ fontFamily: 'monospace', letterSpacing: 0.5, wordBreak: 'break-all' }}
          data-testid={`payout-masked-${account.id}`}
        >
          {account.accountMasked}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {account.holderName}
        </Typography>
      </Box>
    </Stack>
  );
}

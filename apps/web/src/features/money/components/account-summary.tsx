import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAgentUser } from '../../../api/get-user';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';

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
          icon: <DiamondOutlined />,
          label: t('money.common.stock'),
          value: user ? formatCount(user.diamonds, locale) : null,
        }
      : {
          figure,
          icon: <AccountBalanceWalletOutlined />,
          label: t('money.common.balance'),
          value: user ? formatMoney(user.balance) : null,
        },
  );
  return (
    <Card sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))`, p: 2, gap: 2 }}
      >
        {items.map((item) => (
          <Stack key={item.figure} spacing={0.5} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', opacity: 0.85 }}>
              {item.icon}
              <Typography variant="body2" noWrap>
                {item.label}
              </Typography>
            </Stack>
            <Typography variant="h5" component="p" noWrap data-testid={`summary-${item.figure}`}>
              {item.value ?? <Skeleton width="60%" sx={{ bgcolor: 'rgba(255,255,255,0.3)' }} />}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Card>
  );
}

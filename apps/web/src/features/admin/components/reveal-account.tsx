import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminWithdrawal } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useCan } from '../lib/can';
import { useRevealWithdrawalAccount } from '../api/reveal-account';

/**
 * A withdrawal's account number: masked as the server answers it; an operator allowed to pay (withdrawals.pay) may
 * show the whole number, each showing audited on the server, and hide it again. Others see the mask only.
 */
export function RevealAccount({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation();
  const canPay = useCan('adminWithdrawalRevealAccount');
  const reveal = useRevealWithdrawalAccount();
  const [whole, setWhole] = useState<{ id: string; accountNo: string } | null>(null);
  const shown = whole?.id === withdrawal.id ? whole.accountNo : null;

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography
        variant="body2"
        component="span"
        sx={{ fontFamily: 'monospace', letterSpacing: 0.5 }}
        data-testid="detail-account-no"
      >
        {shown ?? withdrawal.accountNo}
      </Typography>
      {canPay ? (
        shown === null ? (
          <Button
            size="small"
            startIcon={<VisibilityOutlined />}
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(withdrawal.id, { onSuccess: (data) => setWhole(data) })}
            title={t('payout.admin.revealNote')}
            data-testid="detail-reveal-account"
          >
            {t('payout.admin.reveal')}
          </Button>
        ) : (
          <Button
            size="small"
            startIcon={<VisibilityOffOutlined />}
            onClick={() => setWhole(null)}
            data-testid="detail-hide-account"
          >
            {t('payout.admin.hide')}
          </Button>
        )
      ) : null}
      {canPay && shown === null ? (
        <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
          {t('payout.admin.revealNote')}
        </Typography>
      ) : null}
    </Stack>
  );
}

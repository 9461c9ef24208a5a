import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { TAdminWithdrawal, WithdrawalStatus } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';

const COLORS: Record<WithdrawalStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'default',
  failed: 'error',
};

export function WithdrawalStatusChip({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      label={t(`admin.status.${status}`)}
      data-testid="admin-withdrawal-status"
      data-status={status}
    />
  );
}

/** A withdrawal held because its agent is frozen (decision 037): approve and pay wait until it is unfrozen. */
export function HeldChip({ withdrawal }: { withdrawal: Pick<TAdminWithdrawal, 'status' | 'agentStatus'> }) {
  const { t } = useTranslation();
  if (
    withdrawal.agentStatus !== 'frozen' ||
    (withdrawal.status !== 'pending' && withdrawal.status !== 'approved')
  )
    return null;
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      label={t('admin.held.chip')}
      data-testid="withdrawal-held-chip"
      sx={{ ml: 0.5 }}
    />
  );
}

/** The two-person rule's state: approvals given of those needed. */
export function approvalState(w: Pick<TAdminWithdrawal, 'status' | 'approvals' | 'approvalsNeeded'>) {
  const given = w.approvals.length;
  return {
    given,
    needed: w.approvalsNeeded,
    needsSecond: w.status === 'pending' && w.approvalsNeeded > 1 && given > 0 && given < w.approvalsNeeded,
  };
}

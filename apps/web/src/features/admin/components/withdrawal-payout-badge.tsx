import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminWithdrawal, WithdrawalTransferStatus } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';

const COLORS: Record<WithdrawalTransferStatus, ChipProps['color']> = {
  sending: 'info',
  accepted: 'info',
  processing: 'info',
  waitUserConfirm: 'warning',
  transferring: 'info',
  succeeded: 'success',
  failed: 'error',
  canceling: 'warning',
  cancelled: 'error',
};

/** The errors the console words itself; any other is the provider's own text. */
const KNOWN_ERRORS = ['NO_OPENID', 'NOT_ENOUGH', 'AGENT_FROZEN', 'AMOUNT_MISMATCH'] as const;
type KnownError = (typeof KNOWN_ERRORS)[number];
const errorCode = (error: string) => error.split(':', 1)[0] as KnownError;

/** Whether the withdrawal's payment is decided yet (a pending or rejected one is paid by nobody). */
const decided = (w: Pick<TAdminWithdrawal, 'status' | 'payout'>) =>
  w.status === 'approved' || w.status === 'paid' || w.status === 'failed' || w.payout.transferError !== null;

/**
 * How a withdrawal is paid (decision 046), as a small chip: by hand, a WeChat transfer and its state, or a payout
 * file. Outlined while the transfer waits on something a person should know of (its last refusal).
 */
export function PayoutBadge({ withdrawal }: { withdrawal: Pick<TAdminWithdrawal, 'status' | 'payout'> }) {
  const { t } = useTranslation();
  const { payout } = withdrawal;
  if (!decided(withdrawal)) return null;
  const label =
    payout.method === 'file'
      ? t('admin.payout.file', { batch: payout.batchId ?? '' })
      : payout.method === 'transfer'
        ? payout.transferStatus
          ? `${t('admin.payout.transfer')} · ${t(`admin.payout.status.${payout.transferStatus}`)}`
          : t('admin.payout.transfer')
        : t('admin.payout.hand');
  const color =
    payout.method === 'transfer' && payout.transferStatus ? COLORS[payout.transferStatus] : 'default';
  const troubled =
    payout.method === 'transfer' && payout.transferError !== null && withdrawal.status === 'approved';
  return (
    <Chip
      size="small"
      color={troubled ? 'warning' : color}
      variant={troubled || payout.method === 'hand' ? 'outlined' : 'filled'}
      label={label}
      data-testid="withdrawal-payout"
      data-method={payout.method}
      data-transfer-status={payout.transferStatus ?? ''}
    />
  );
}

/**
 * The detail panel's account of the payment: the chip, then what an operator should know of it: the job queue pays it
 * (no settling by hand meanwhile), it stopped and waits for a person, or why it is paid by hand; the provider's last
 * word, in the console's words when it is one of ours.
 */
export function PayoutDetail({ withdrawal }: { withdrawal: Pick<TAdminWithdrawal, 'status' | 'payout'> }) {
  const { t } = useTranslation();
  const { payout } = withdrawal;
  if (!decided(withdrawal)) return null;
  const error = payout.transferError;
  const known = error !== null && (KNOWN_ERRORS as readonly string[]).includes(errorCode(error));
  const stopped = payout.method === 'transfer' && withdrawal.status === 'approved' && !payout.transferOpen;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="withdrawal-payout-detail">
      <PayoutBadge withdrawal={withdrawal} />
      {/* A paid one shows it as its reference already. */}
      {payout.transferRef && withdrawal.status !== 'paid' ? (
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="withdrawal-transfer-ref">
          {payout.transferRef}
        </Typography>
      ) : null}
      {payout.transferOpen ? (
        <Typography variant="body2" color="text.secondary">
          {t('admin.payout.open')}
        </Typography>
      ) : null}
      {stopped ? (
        <Typography variant="body2" color="error" data-testid="withdrawal-transfer-stopped">
          {t('admin.payout.stopped')}
        </Typography>
      ) : null}
      {error ? (
        <Typography
          variant="body2"
          color={withdrawal.status === 'approved' ? 'warning.main' : 'text.secondary'}
          sx={{ wordBreak: 'break-word' }}
          data-testid="withdrawal-transfer-error"
        >
          {known ? t(`admin.payout.error.${errorCode(error)}`) : t('admin.payout.providerSays', { error })}
        </Typography>
      ) : null}
    </Stack>
  );
}

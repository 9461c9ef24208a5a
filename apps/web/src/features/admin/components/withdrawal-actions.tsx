import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminWithdrawal } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperator, useOperatorRight } from '../../../lib/operator-session';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import type { ReviewAction } from '../api/review-withdrawal';
import { ReviewDialog } from './review-dialog';
import type { ReviewTextKind } from './review-dialog';

const TEXT_OF: Record<ReviewAction, ReviewTextKind> = {
  approve: 'none',
  reject: 'reason',
  pay: 'reference',
  fail: 'reason',
};

/**
 * The actions a withdrawal's state allows and the operator's role holds: approve or reject a pending one, pay or fail
 * an approved one; each through its confirmation. The server's rules are shown before they refuse (decision 037): an
 * operator who approved cannot approve again nor settle it (maker/checker), and a frozen agent's withdrawal cannot be
 * approved or paid.
 */
export function WithdrawalActions({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const canReview = useOperatorRight('withdrawals.review');
  const canPay = useOperatorRight('withdrawals.pay');
  const review = useReviewWithdrawal();
  const [action, setAction] = useState<ReviewAction | null>(null);

  const approvedByMe = withdrawal.approvals.some((a) => a.operatorId === operator?.id);
  const held = withdrawal.agentStatus === 'frozen';
  const available: { action: ReviewAction; color: 'primary' | 'error' | 'success'; disabled?: boolean }[] =
    [];
  if (withdrawal.status === 'pending' && canReview) {
    available.push({ action: 'approve', color: 'primary', disabled: approvedByMe || held });
    available.push({ action: 'reject', color: 'error' });
  }
  const checkerRefused = withdrawal.status === 'approved' && approvedByMe;
  if (withdrawal.status === 'approved' && canPay) {
    available.push({ action: 'pay', color: 'success', disabled: approvedByMe || held });
    available.push({ action: 'fail', color: 'error', disabled: approvedByMe });
  }
  if (available.length === 0) return null;

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap', rowGap: 1 }}
        data-testid="withdrawal-actions"
      >
        {available.map((item) => (
          <Button
            key={item.action}
            variant={item.color === 'error' ? 'outlined' : 'contained'}
            color={item.color}
            disabled={item.disabled || review.isPending}
            onClick={() => setAction(item.action)}
            data-testid={`withdrawal-${item.action}`}
          >
            {t(`admin.actions.${item.action}`)}
          </Button>
        ))}
      </Stack>
      {checkerRefused && canPay ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="checker-hint">
          {t('admin.checker.hint')}
        </Typography>
      ) : null}
      <ReviewDialog
        open={action !== null}
        title={action ? t(`admin.actions.${action}`) : ''}
        message={
          action
            ? t(`admin.confirm.${action}`, {
                id: withdrawal.id,
                amount: withdrawal.amount,
                agent: withdrawal.agentNickname,
              })
            : ''
        }
        textKind={action ? TEXT_OF[action] : 'none'}
        busy={review.isPending}
        onCancel={() => setAction(null)}
        onConfirm={(text) => {
          if (!action) return;
          review.mutate({ action, id: withdrawal.id, text }, { onSettled: () => setAction(null) });
        }}
      />
    </>
  );
}

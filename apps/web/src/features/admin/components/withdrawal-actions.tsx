import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasRight, WITHDRAWAL_REVIEW } from '@promoter/contract';
import type { TAdminWithdrawal } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useOperator } from '../../../lib/operator-session';
import { useReviewWithdrawal } from '../api/review-withdrawal';
import type { ReviewAction } from '../api/review-withdrawal';
import { ReviewDialog } from './review-dialog';

const COLORS: Record<ReviewAction, 'primary' | 'error' | 'success'> = {
  approve: 'primary',
  reject: 'error',
  pay: 'success',
  fail: 'error',
};

/**
 * The actions the contract's WITHDRAWAL_REVIEW table allows from the withdrawal's state and the operator's role holds,
 * each through its confirmation. The server's guards are shown before they refuse (decision 037): an operator who
 * approved cannot approve again nor settle it (maker/checker), and a frozen agent's withdrawal cannot be approved or
 * paid.
 */
export function WithdrawalActions({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation();
  const operator = useOperator();
  const review = useReviewWithdrawal();
  const [action, setAction] = useState<ReviewAction | null>(null);

  const approvedByMe = withdrawal.approvals.some((a) => a.operatorId === operator?.id);
  const held = withdrawal.agentStatus === 'frozen';
  const available = (Object.keys(WITHDRAWAL_REVIEW) as ReviewAction[])
    .filter((name) => {
      const rule = WITHDRAWAL_REVIEW[name];
      return withdrawal.status === rule.from && operator !== null && hasRight(operator.role, rule.right);
    })
    .map((name) => {
      const rule = WITHDRAWAL_REVIEW[name];
      return {
        action: name,
        color: COLORS[name],
        // The job queue settles a withdrawal whose WeChat transfer is open (decision 046): not by hand meanwhile.
        disabled:
          (!rule.approverMay && approvedByMe) ||
          (rule.heldWhenFrozen && held) ||
          (rule.from === 'approved' && withdrawal.payout.transferOpen),
      };
    });
  if (available.length === 0) return null;
  // The approver of an approved withdrawal sees why it cannot settle it.
  const checkerRefused =
    withdrawal.status === 'approved' && approvedByMe && available.some((item) => item.disabled);

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
      {checkerRefused ? (
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
        textKind={action ? WITHDRAWAL_REVIEW[action].text : 'none'}
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

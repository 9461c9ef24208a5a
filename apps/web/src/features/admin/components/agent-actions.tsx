import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TAdminAgent } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { notify } from '../../../lib/notify';
import { useCan } from '../lib/can';
import { useResetAgentPassword } from '../api/reset-agent-password';
import { useReviewRegistration } from '../api/review-registration';
import { useRevokeAgentSessions } from '../api/revoke-agent-sessions';
import { useSetAgentFrozen } from '../api/set-agent-frozen';
import { AdjustDialog } from './adjust-dialog';
import { ChangeLevelDialog } from './change-level-dialog';
import { MoveAgentDialog } from './move-agent-dialog';
import { ReasonDialog } from './reason-dialog';

type Action =
  | 'freeze'
  | 'unfreeze'
  | 'approve'
  | 'refuse'
  | 'resetPassword'
  | 'changeLevel'
  | 'move'
  | 'adjust'
  | 'revokeSessions';

/** The status action an agent's status offers: a registration under review is approved or refused, never frozen. */
function statusButtons(status: TAdminAgent['status']): { action: Action; color?: 'error' | 'warning' }[] {
  switch (status) {
    case 'active':
      return [{ action: 'freeze', color: 'error' }];
    case 'frozen':
      return [{ action: 'unfreeze' }];
    case 'pending':
      return [{ action: 'approve' }, { action: 'refuse', color: 'error' }];
    case 'refused':
      return [];
  }
}

/**
 * What an operator may do to an agent, as its role allows (the rest is not shown): freeze or unfreeze with a reason
 * (approve or refuse a registration under review), its password removed, its level, its parent, its sessions
 * (agents.manage); a manual adjustment (adjustments). What the agent is told goes with the change (decision 037).
 */
export function AgentActions({ agent, parentLevel }: { agent: TAdminAgent; parentLevel: number | null }) {
  const { t } = useTranslation();
  const canManage = useCan('adminAgentFreeze');
  const canAdjust = useCan('adminAdjustmentCreate');
  const [open, setOpen] = useState<Action | null>(null);
  const setFrozen = useSetAgentFrozen();
  const review = useReviewRegistration();
  const resetPassword = useResetAgentPassword();
  const revokeSessions = useRevokeAgentSessions();
  const close = () => setOpen(null);
  const who = { nickname: agent.nickname, agentId: agent.agentId };

  const buttons: { action: Action; color?: 'error' | 'warning' }[] = [];
  if (canManage) {
    buttons.push(
      ...statusButtons(agent.status),
      { action: 'changeLevel' },
      { action: 'move' },
      { action: 'resetPassword', color: 'warning' },
      { action: 'revokeSessions', color: 'warning' },
    );
  }
  if (canAdjust) buttons.push({ action: 'adjust' });
  if (buttons.length === 0) return null;

  const statusAction = open === 'freeze' || open === 'unfreeze' ? open : null;
  const reviewAction = open === 'approve' || open === 'refuse' ? open : null;
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="agent-actions">
        {buttons.map((button) => (
          <Button
            key={button.action}
            size="small"
            variant={button.color === 'error' ? 'contained' : 'outlined'}
            color={button.color ?? 'primary'}
            onClick={() => setOpen(button.action)}
            data-testid={`agent-${button.action}`}
          >
            {t(`adminAgents.actions.${button.action}`)}
          </Button>
        ))}
      </Stack>
      <ReasonDialog
        open={statusAction !== null}
        title={statusAction ? t(`adminAgents.actions.${statusAction}`) : ''}
        message={statusAction ? t(`adminAgents.confirm.${statusAction}`, who) : ''}
        confirmLabel={statusAction ? t(`adminAgents.actions.${statusAction}`) : ''}
        busy={setFrozen.isPending}
        withNotice
        onCancel={close}
        onConfirm={(reason, { notice }) =>
          setFrozen.mutate(
            { agentId: agent.agentId, reason, notice, frozen: statusAction === 'freeze' },
            {
              onSuccess: (changed) =>
                notify.success(t(`adminAgents.done.${changed.status === 'frozen' ? 'frozen' : 'unfrozen'}`)),
              onSettled: close,
            },
          )
        }
      />
      <ReasonDialog
        open={reviewAction !== null}
        title={reviewAction ? t(`adminAgents.actions.${reviewAction}`) : ''}
        message={reviewAction ? t(`adminAgents.confirm.${reviewAction}`, who) : ''}
        confirmLabel={reviewAction ? t(`adminAgents.actions.${reviewAction}`) : ''}
        busy={review.isPending}
        onCancel={close}
        onConfirm={(reason) =>
          review.mutate(
            { agentId: agent.agentId, reason, approve: reviewAction === 'approve' },
            {
              onSuccess: (changed) =>
                notify.success(t(`adminAgents.done.${changed.status === 'active' ? 'approved' : 'refused'}`)),
              onSettled: close,
            },
          )
        }
      />
      <ReasonDialog
        open={open === 'revokeSessions'}
        title={t('adminAgents.actions.revokeSessions')}
        message={t('adminAgents.confirm.revokeSessions', who)}
        confirmLabel={t('adminAgents.actions.revokeSessions')}
        busy={revokeSessions.isPending}
        onCancel={close}
        onConfirm={(reason) =>
          revokeSessions.mutate(
            { agentId: agent.agentId, reason },
            {
              onSuccess: (answer) =>
                notify.success(t('adminAgents.done.revoked', { count: answer.revokedSessions })),
              onSettled: close,
            },
          )
        }
      />
      <ReasonDialog
        open={open === 'resetPassword'}
        title={t('adminAgents.actions.resetPassword')}
        message={t('adminAgents.confirm.resetPassword', who)}
        confirmLabel={t('adminAgents.actions.resetPassword')}
        testId="reset-password-dialog"
        withNotice
        busy={resetPassword.isPending}
        onCancel={close}
        onConfirm={(reason, { notice }) =>
          resetPassword.mutate(
            { agentId: agent.agentId, reason, notice },
            {
              onSuccess: (answer) =>
                notify.success(t('adminAgents.done.passwordRemoved', { count: answer.revokedSessions })),
              onSettled: close,
            },
          )
        }
      />
      <ChangeLevelDialog
        open={open === 'changeLevel'}
        agent={agent}
        parentLevel={parentLevel}
        onClose={close}
      />
      <MoveAgentDialog open={open === 'move'} agent={agent} onClose={close} />
      <AdjustDialog
        open={open === 'adjust'}
        owner={{
          ownerType: 'agent',
          ownerId: agent.agentId,
          label: `${agent.nickname} (#${agent.agentId})`,
          current: { balance: agent.balance, diamonds: agent.diamonds },
        }}
        onClose={close}
      />
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CallInput, TAdminAgent } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminMovePreview } from '../api/get-admin-move-preview';
import { notify } from '../../../lib/notify';
import { useMoveAgent } from '../api/move-agent';
import { AgentStatusChip, idOf, LevelText } from './agent-labels';
import { REASON_MAX, reasonRule } from './reason-field';

export interface MoveAgentDialogProps {
  open: boolean;
  agent: TAdminAgent;
  onClose: () => void;
}

/**
 * Moves an agent, with its downline, under another parent (or to the top). The operator names the new parent and
 * asks for the preview first: who moves with it, how deep it would stand, whose set prices go, whether it is allowed
 * and why not. Only an allowed preview of what the fields say now can be confirmed, with a reason; the server checks
 * it all again under its locks (the parent seen is the compare-and-set).
 */
export function MoveAgentDialog({ open, agent, onClose }: MoveAgentDialogProps) {
  const { t } = useTranslation();
  const moveAgent = useMoveAgent();
  const [parentText, setParentText] = useState('');
  const [toTop, setToTop] = useState(false);
  const [reason, setReason] = useState('');
  const [asked, setAsked] = useState<CallInput<'adminAgentMovePreview'> | null>(null);
  const [error, setError] = useState<'parent' | 'reason' | null>(null);
  const preview = useAdminMovePreview(asked);

  const newParentId = toTop ? undefined : idOf(parentText);
  const fieldsMatchPreview =
    asked !== null && asked.agentId === agent.agentId && asked.newParentId === newParentId;
  const answer = fieldsMatchPreview ? preview.data : undefined;

  const close = () => {
    setParentText('');
    setToTop(false);
    setReason('');
    setAsked(null);
    setError(null);
    onClose();
  };
  const ask = () => {
    if (!toTop && newParentId === undefined) {
      setError('parent');
      return;
    }
    setError(null);
    setAsked({ agentId: agent.agentId, newParentId });
  };
  const reasonError = (() => {
    if (error !== 'reason') return undefined;
    const rule = reasonRule(t);
    return reason.trim() === '' ? rule.required : rule.invalid;
  })();
  const confirm = () => {
    if (!answer?.allowed) return;
    if (!reasonRule(t).schema.safeParse(reason).success) {
      setError('reason');
      return;
    }
    moveAgent.mutate(
      {
        agentId: agent.agentId,
        newParentId: newParentId ?? null,
        expectedParentId: agent.parentId,
        reason: reason.trim(),
      },
      {
        onSuccess: (done) => {
          notify.success(t('adminAgents.move.done', { count: done.moved }));
          close();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={moveAgent.isPending ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('adminAgents.actions.move')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="move-agent-form">
          <Typography variant="body2">
            {t('adminAgents.move.current')}:{' '}
            {agent.parentId === null ? t('adminAgents.move.top') : `#${agent.parentId}`}
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label={t('adminAgents.move.newParent')}
              value={toTop ? '' : parentText}
              disabled={toTop}
              onChange={(event) => setParentText(event.target.value)}
              error={error === 'parent'}
              helperText={error === 'parent' ? t('adminAgents.move.parentRequired') : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': 'move-parent' } }}
              sx={{ flexGrow: 1 }}
            />
            <Button variant="outlined" onClick={ask} sx={{ mt: { sm: 1 } }} data-testid="move-preview">
              {t('adminAgents.move.preview')}
            </Button>
          </Stack>
          <FormControlLabel
            control={
              <Checkbox
                checked={toTop}
                onChange={(event) => setToTop(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'move-to-top' } as object }}
              />
            }
            label={t('adminAgents.move.toTop')}
          />
          {fieldsMatchPreview && preview.isFetching ? <CircularProgress size={24} /> : null}
          {answer ? (
            <Box data-testid="move-preview-answer" data-allowed={String(answer.allowed)}>
              {answer.allowed ? (
                <Alert severity="success">
                  {answer.newParent
                    ? t('adminAgents.move.allowedUnder', {
                        nickname: answer.newParent.nickname,
                        agentId: answer.newParent.agentId,
                      })
                    : t('adminAgents.move.allowedTop')}
                </Alert>
              ) : (
                <Alert severity="error" data-testid="move-refusal">
                  {answer.message}
                </Alert>
              )}
              <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="move-subtree-total">
                {t('adminAgents.move.subtree', { count: answer.subtree.total })}
              </Typography>
              {answer.allowed ? (
                <>
                  <Typography variant="body2">
                    {t('adminAgents.move.depth', {
                      agent: answer.depthAfter.agent,
                      deepest: answer.depthAfter.deepest,
                    })}
                  </Typography>
                  {answer.pricesCleared.length > 0 ? (
                    <Typography variant="body2" color="warning.main">
                      {t('adminAgents.move.prices', { ids: answer.pricesCleared.join(', ') })}
                    </Typography>
                  ) : null}
                </>
              ) : null}
              <Typography variant="body2" color="text.secondary">
                {t('adminAgents.move.ordersNote')}
              </Typography>
              <Box sx={{ overflowX: 'auto', mt: 1, maxHeight: 240 }}>
                <Table size="small" data-testid="move-subtree">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('adminAgents.columns.agent')}</TableCell>
                      <TableCell>{t('adminAgents.columns.level')}</TableCell>
                      <TableCell>{t('adminAgents.columns.status')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {answer.subtree.list.map((member) => (
                      <TableRow key={member.agentId}>
                        <TableCell sx={{ pl: 2 + member.depth * 2 }}>
                          {member.nickname} (#{member.agentId})
                        </TableCell>
                        <TableCell>
                          <LevelText level={member.level} />
                        </TableCell>
                        <TableCell>
                          <AgentStatusChip status={member.status} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
              {answer.subtree.total > answer.subtree.list.length ? (
                <Typography variant="caption" color="text.secondary">
                  {t('adminAgents.move.firstOnly', { count: answer.subtree.list.length })}
                </Typography>
              ) : null}
            </Box>
          ) : null}
          {answer?.allowed ? (
            <TextField
              label={t('adminAgents.form.reason')}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error === 'reason') setError(null);
              }}
              required
              error={reasonError !== undefined}
              helperText={reasonError}
              slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'move-reason' } }}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={moveAgent.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={!answer?.allowed || moveAgent.isPending}
          data-testid="move-confirm"
        >
          {t('adminAgents.move.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

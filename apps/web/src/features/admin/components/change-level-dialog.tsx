import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AGENT_LEVELS, ZAgentLevel } from '@promoter/contract';
import type { AgentLevel, TAdminAgent } from '@promoter/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { notify } from '../../../lib/notify';
import { useChangeAgentLevel } from '../api/change-agent-level';
import { LevelText } from './agent-labels';
import { NOTICE_MAX, noticeOf, noticeRule, REASON_MAX, reasonRule } from './reason-field';

interface LevelForm {
  level: string;
  reason: string;
  notice: string;
}

export interface ChangeLevelDialogProps {
  open: boolean;
  agent: TAdminAgent;
  /** The parent's level, when it has one: the new level must stay greater. */
  parentLevel: number | null;
  onClose: () => void;
}

/**
 * Changes an agent's level with a reason. The form refuses what it can see (the same level, one not greater than the
 * parent's); the server checks the children too and answers the current level if the page was stale.
 */
export function ChangeLevelDialog({ open, agent, parentLevel, onClose }: ChangeLevelDialogProps) {
  const { t } = useTranslation();
  const change = useChangeAgentLevel();
  const { register, handleSubmit, formState, reset } = useForm<LevelForm>({
    defaultValues: { level: '', reason: '', notice: '' },
    resolver: contractResolver<LevelForm>(
      {
        level: {
          schema: z.coerce.number().pipe(ZAgentLevel),
          required: t('adminAgents.level.choose'),
          invalid: t('adminAgents.level.choose'),
        },
        reason: reasonRule(t),
        notice: noticeRule(t),
      },
      (values) => ({
        level:
          Number(values.level) === agent.level
            ? t('adminAgents.level.unchanged')
            : parentLevel !== null && Number(values.level) <= parentLevel
              ? t('adminAgents.level.belowParent', { level: parentLevel })
              : false,
      }),
    ),
  });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={change.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{t('adminAgents.actions.changeLevel')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="change-level-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          data-testid="change-level-form"
          onSubmit={handleSubmit((values) =>
            change.mutate(
              {
                agentId: agent.agentId,
                level: Number(values.level) as AgentLevel,
                expectedLevel: agent.level as AgentLevel,
                reason: values.reason.trim(),
                notice: noticeOf(values.notice),
              },
              {
                onSuccess: (answer) => {
                  notify.success(
                    answer.pricesCleared.length > 0
                      ? t('adminAgents.level.doneWithPrices', {
                          level: answer.agent.level,
                          ids: answer.pricesCleared.join(', '),
                        })
                      : t('adminAgents.level.done', { level: answer.agent.level }),
                  );
                  close();
                },
              },
            ),
          )}
        >
          <Typography variant="body2">
            {t('adminAgents.level.current')}: <LevelText level={agent.level} />
            {parentLevel !== null ? ` · ${t('adminAgents.level.parentIs', { level: parentLevel })}` : ''}
          </Typography>
          <TextField
            select
            label={t('adminAgents.level.new')}
            defaultValue=""
            {...muiField(register('level'), formState.errors.level)}
            slotProps={{ htmlInput: { 'data-testid': 'change-level-select' } }}
          >
            {AGENT_LEVELS.map((level) => (
              <MenuItem key={level} value={String(level)} data-testid={`change-level-${level}`}>
                <LevelText level={level} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('adminAgents.form.reason')}
            {...muiField(register('reason'), formState.errors.reason)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'change-level-reason' } }}
          />
          <TextField
            label={t('adminAgents.form.notice')}
            {...muiField(register('notice'), formState.errors.notice, t('adminAgents.form.noticeHelp'))}
            slotProps={{ htmlInput: { maxLength: NOTICE_MAX, 'data-testid': 'change-level-notice' } }}
          />
          <Alert severity="info">{t('adminAgents.level.priceNote')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={change.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="change-level-form"
          variant="contained"
          disabled={change.isPending}
          data-testid="change-level-submit"
        >
          {t('adminAgents.actions.changeLevel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

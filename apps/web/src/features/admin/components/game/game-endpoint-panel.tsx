import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GAME_RETRY_ALL_MAX, type TGameOverview, type TGameTestResult } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { copyText } from '../../../../lib/clipboard';
import { notify } from '../../../../lib/notify';
import { useFinishGameRotation } from '../../api/finish-game-rotation';
import { useRetryAllGameEvents } from '../../api/retry-all-game-events';
import { useRotateGameSecret } from '../../api/rotate-game-secret';
import { useSendGameTest } from '../../api/send-game-test';
import { useSetGamePaused } from '../../api/set-game-paused';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { DetailField } from '../detail-parts';
import { ReasonDialog } from '../reason-dialog';
import { formatMs } from './game-parts';

type Confirm = 'pause' | 'resume' | 'retryAll' | 'rotate' | 'finish';

/** The secret a rotation answered, shown once: copied or written down, then gone from the screen. */
function NewSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={secret !== null} fullWidth maxWidth="sm" data-testid="game-secret-dialog">
      <DialogTitle>{t('adminGame.secret.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('adminGame.secret.help')}</DialogContentText>
        <Typography
          component="code"
          sx={{
            display: 'block',
            fontFamily: 'monospace',
            wordBreak: 'break-all',
            p: 1,
            bgcolor: 'action.hover',
          }}
          data-testid="game-secret-value"
        >
          {secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            void copyText(secret ?? '').then(
              (copied) => copied && notify.success(t('adminGame.secret.copied')),
            )
          }
        >
          {t('adminGame.secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="game-secret-done">
          {t('adminGame.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the test message found: the endpoint's answer, its time, the first of its body. */
function TestResult({ result }: { result: TGameTestResult }) {
  const { t } = useTranslation();
  return (
    <Alert severity={result.ok ? 'success' : 'error'} data-testid="game-test-result">
      <Typography variant="subtitle2">{t('adminGame.test.title')}</Typography>
      <DetailField label={t('adminGame.test.status')}>
        {result.httpStatus === null ? t('adminGame.test.noAnswer') : result.httpStatus}
      </DetailField>
      <DetailField label={t('adminGame.test.latency')}>{formatMs(t, result.latencyMs)}</DetailField>
      {result.error ? <DetailField label={t('adminGame.test.error')}>{result.error}</DetailField> : null}
      {result.response ? (
        <DetailField label={t('adminGame.test.response')}>
          <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
            {result.response}
          </Box>
        </DetailField>
      ) : null}
    </Alert>
  );
}

/**
 * The endpoint as operators steer it (decision 040): its host and state (paused by whom and why), the secrets that
 * sign, and the actions the role may take, each confirmed with a reason where the server keeps one: pause, resume,
 * retry every failed event, a test message (`game.manage`); the secret's rotation (the owner, with a fresh code).
 */
export function GameEndpointPanel({ overview }: { overview: TGameOverview }) {
  const { t, i18n } = useTranslation();
  const canAct = useCan('adminGamePause');
  const canRotate = useCan('adminGameRotateSecret');
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const setPaused = useSetGamePaused();
  const retryAll = useRetryAllGameEvents();
  const test = useSendGameTest();
  const rotate = useRotateGameSecret();
  const finish = useFinishGameRotation();
  const { endpoint, secret: signing } = overview;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const close = () => setConfirm(null);
  const busy = setPaused.isPending || retryAll.isPending || rotate.isPending || finish.isPending;

  return (
    <Paper sx={{ p: 2 }} data-testid="game-endpoint">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('adminGame.endpoint.title')}
      </Typography>
      {overview.configured ? null : (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="game-not-configured">
          {t('adminGame.notConfigured')}
        </Alert>
      )}
      <DetailField label={t('adminGame.endpoint.host')} testId="game-endpoint-host">
        {overview.host ?? '—'}
      </DetailField>
      <DetailField label={t('adminGame.endpoint.state')}>
        <Stack spacing={0.5}>
          <Box>
            <Chip
              size="small"
              color={endpoint.paused ? 'warning' : 'success'}
              label={endpoint.paused ? t('adminGame.endpoint.paused') : t('adminGame.endpoint.running')}
              data-testid="game-endpoint-state"
              data-paused={endpoint.paused}
            />
          </Box>
          {endpoint.paused ? (
            <Typography variant="body2" data-testid="game-endpoint-paused">
              {t('adminGame.endpoint.pausedSince', { at: when(endpoint.pausedAt) })} ·{' '}
              {endpoint.pausedBy === null
                ? t('adminGame.endpoint.pausedByGame')
                : t('adminGame.endpoint.pausedBy', {
                    name: endpoint.pausedBy,
                    reason: endpoint.pausedReason ?? '',
                  })}
            </Typography>
          ) : null}
        </Stack>
      </DetailField>
      <DetailField label={t('adminGame.endpoint.secret')} testId="game-endpoint-secret">
        {t(`adminGame.endpoint.secretMode.${signing.mode}`)} ·{' '}
        {t('adminGame.endpoint.signatures', { count: signing.signatures })}
        {signing.rotatedAt ? ` · ${t('adminGame.endpoint.rotatedAt', { at: when(signing.rotatedAt) })}` : ''}
      </DetailField>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {canAct ? (
          <>
            {endpoint.paused ? (
              <Button variant="contained" onClick={() => setConfirm('resume')} data-testid="game-resume">
                {t('adminGame.actions.resume')}
              </Button>
            ) : (
              <Button
                variant="outlined"
                color="warning"
                onClick={() => setConfirm('pause')}
                data-testid="game-pause"
              >
                {t('adminGame.actions.pause')}
              </Button>
            )}
            <Button
              variant="outlined"
              disabled={overview.failed === 0}
              onClick={() => setConfirm('retryAll')}
              data-testid="game-retry-all"
            >
              {t('adminGame.actions.retryAll')}
            </Button>
            <Button
              variant="outlined"
              disabled={!overview.configured || test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: (result) =>
                    result.ok
                      ? notify.success(
                          t('adminGame.actions.testOk', {
                            status: result.httpStatus ?? '',
                            latency: result.latencyMs,
                          }),
                        )
                      : notify.error(
                          t('adminGame.actions.testFailed', {
                            reason:
                              result.httpStatus === null
                                ? (result.error ?? t('adminGame.test.noAnswer'))
                                : `HTTP ${result.httpStatus}`,
                          }),
                        ),
                })
              }
              data-testid="game-test"
            >
              {t('adminGame.actions.test')}
            </Button>
          </>
        ) : null}
        {canRotate ? (
          <>
            <Button
              variant="outlined"
              disabled={!overview.configured}
              onClick={() => setConfirm('rotate')}
              data-testid="game-rotate"
            >
              {t('adminGame.actions.rotate')}
            </Button>
            {signing.mode === 'rotating' ? (
              <Button
                variant="outlined"
                onClick={() => setConfirm('finish')}
                data-testid="game-finish-rotation"
              >
                {t('adminGame.actions.finish')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      {test.data ? (
        <Box sx={{ mt: 1.5 }}>
          <TestResult result={test.data} />
        </Box>
      ) : null}

      <ReasonDialog
        open={confirm === 'pause' || confirm === 'resume'}
        title={confirm === 'resume' ? t('adminGame.actions.resume') : t('adminGame.actions.pause')}
        message={
          confirm === 'resume' ? t('adminGame.actions.resumeConfirm') : t('adminGame.actions.pauseConfirm')
        }
        confirmLabel={confirm === 'resume' ? t('adminGame.actions.resume') : t('adminGame.actions.pause')}
        busy={busy}
        onCancel={close}
        onConfirm={(reason) =>
          setPaused.mutate(
            { paused: confirm === 'pause', reason },
            {
              onSuccess: ({ scheduled }) =>
                notify.success(
                  scheduled === null
                    ? t('adminGame.actions.paused')
                    : t('adminGame.actions.resumed', { count: scheduled }),
                ),
              onSettled: close,
            },
          )
        }
        testId="game-pause-dialog"
      />
      <ReasonDialog
        open={confirm === 'retryAll'}
        title={t('adminGame.actions.retryAll')}
        message={t('adminGame.actions.retryAllConfirm', { count: overview.failed, max: GAME_RETRY_ALL_MAX })}
        confirmLabel={t('adminGame.actions.retryAll')}
        busy={busy}
        onCancel={close}
        onConfirm={(reason) =>
          retryAll.mutate(reason, {
            onSuccess: (answer) => notify.success(t('adminGame.actions.retriedAll', answer)),
            onSettled: close,
          })
        }
        testId="game-retry-all-dialog"
      />
      <ReasonDialog
        open={confirm === 'rotate'}
        title={t('adminGame.actions.rotate')}
        message={t('adminGame.actions.rotateConfirm')}
        confirmLabel={t('adminGame.actions.rotate')}
        busy={busy}
        withCode
        onCancel={close}
        onConfirm={(reason, answer) =>
          rotate.mutate(
            { reason, code: answer.code ?? '' },
            { onSuccess: (rotated) => setSecret(rotated.secret), onSettled: close },
          )
        }
        testId="game-rotate-dialog"
      />
      <ReasonDialog
        open={confirm === 'finish'}
        title={t('adminGame.actions.finish')}
        message={t('adminGame.actions.finishConfirm')}
        confirmLabel={t('adminGame.actions.finish')}
        busy={busy}
        onCancel={close}
        onConfirm={(reason) =>
          finish.mutate(reason, {
            onSuccess: () => notify.success(t('adminGame.actions.finished')),
            onSettled: close,
          })
        }
        testId="game-finish-dialog"
      />
      <NewSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Paper>
  );
}

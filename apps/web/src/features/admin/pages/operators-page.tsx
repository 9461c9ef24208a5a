import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZOperatorName, ZOperatorRole } from '@promoter/contract';
import type { CallData, OperatorRole, TOperator } from '@promoter/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from '../../../i18n';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminOperators } from '../api/get-admin-operators';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { useOperator } from '../../../lib/operator-session';
import { notify } from '../../../lib/notify';
import { useCreateOperator } from '../api/create-operator';
import { useResetOperator } from '../api/reset-operator';
import { useRevokeOperatorSessions } from '../api/revoke-operator-sessions';
import { useUpdateOperator } from '../api/update-operator';
import { RequireCall } from '../components/admin-layout';
import { AuditHistory } from '../components/audit-parts';
import { ReasonDialog } from '../components/reason-dialog';
import { formatDateTime } from '../lib/format';

type Created = CallData<'adminOperatorCreate'>;

/** An operator's one-time sign-in, shown once: its password and its authenticator enrolment, when given. */
function Credentials(props: { name: string; password: string | null; otpauthUri: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('admin.operators.shownOnce')}
      </Alert>
      <Typography>
        {t('admin.login.name')}: <b>{props.name}</b>
      </Typography>
      {props.password !== null ? (
        <Typography>
          {t('admin.operators.oneTimePassword')}:{' '}
          <b data-testid="operator-created-password">{props.password}</b>
        </Typography>
      ) : null}
      {props.otpauthUri !== null ? (
        <>
          <Typography sx={{ mt: 2 }}>{t('admin.operators.enrol')}</Typography>
          <Box
            sx={{ p: 2, bgcolor: 'common.white', display: 'inline-block' }}
            data-testid="operator-created-qr"
          >
            <QRCodeSVG value={props.otpauthUri} size={192} marginSize={2} />
          </Box>
          <Typography variant="body2" sx={{ wordBreak: 'break-all', color: 'text.secondary' }}>
            {props.otpauthUri}
          </Typography>
        </>
      ) : null}
    </>
  );
}

/** The roles as a select's choices, named in the operator's language. */
function roleItems(t: TFunction) {
  return ZOperatorRole.options.map((role) => (
    <MenuItem key={role} value={role}>
      {t(`admin.roles.${role}`)}
    </MenuItem>
  ));
}

function CreateOperatorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const [created, setCreated] = useState<Created | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<{ name: string; role: OperatorRole }>({
    defaultValues: { name: '', role: 'viewer' },
    resolver: contractResolver<{ name: string; role: OperatorRole }>({
      name: {
        schema: ZOperatorName,
        required: t('admin.login.required'),
        invalid: t('admin.login.nameInvalid'),
      },
      role: { schema: ZOperatorRole },
    }),
  });
  const close = () => {
    setCreated(null);
    reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.operators.create')}</DialogTitle>
      {created ? (
        <DialogContent data-testid="operator-created">
          <Credentials
            name={created.operator.name}
            password={created.password}
            otpauthUri={created.otpauthUri}
          />
        </DialogContent>
      ) : (
        <DialogContent>
          <Stack
            component="form"
            id="create-operator"
            spacing={2}
            sx={{ pt: 1 }}
            noValidate
            onSubmit={handleSubmit((values) => create.mutate(values, { onSuccess: setCreated }))}
          >
            <TextField label={t('admin.login.name')} {...muiField(register('name'), formState.errors.name)} />
            <TextField
              select
              label={t('admin.operators.role')}
              defaultValue="viewer"
              {...muiField(register('role'))}
            >
              {roleItems(t)}
            </TextField>
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={create.isPending}>
          {t('common.close')}
        </Button>
        {created ? null : (
          <Button type="submit" form="create-operator" variant="contained" disabled={create.isPending}>
            {t('admin.operators.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What a reset may give an operator anew. */
const RESETS = [
  { part: 'password', label: 'admin.operators.resetPassword', testId: 'reset-password-check' },
  { part: 'twoFactor', label: 'admin.operators.resetTwoFactor', testId: 'reset-2fa-check' },
] as const;

/** The owner's reset of another operator's password and/or authenticator: a reason, a fresh code; shown once. */
function ResetOperatorDialog(props: { operator: TOperator; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetOperator();
  const [what, setWhat] = useState({ password: true, twoFactor: false });
  const [result, setResult] = useState<CallData<'adminOperatorReset'> | null>(null);
  const close = () => {
    setResult(null);
    setWhat({ password: true, twoFactor: false });
    props.onClose();
  };
  if (result)
    return (
      <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{t('admin.operators.resetDone', { name: result.operator.name })}</DialogTitle>
        <DialogContent data-testid="operator-reset-done">
          <Credentials
            name={result.operator.name}
            password={result.password}
            otpauthUri={result.otpauthUri}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} variant="contained">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  const nothing = !what.password && !what.twoFactor;
  return (
    <ReasonDialog
      open={props.open}
      title={t('admin.operators.reset')}
      message={t('admin.operators.confirm_reset', { name: props.operator.name })}
      confirmLabel={t('admin.operators.reset')}
      testId="operator-reset-dialog"
      withCode
      busy={reset.isPending}
      onCancel={close}
      onConfirm={(reason, { code }) => {
        if (nothing) return;
        reset.mutate({ id: props.operator.id, ...what, reason, code: code ?? '' }, { onSuccess: setResult });
      }}
    >
      <FormGroup>
        {RESETS.map(({ part, label, testId }) => (
          <FormControlLabel
            key={part}
            control={
              <Checkbox
                checked={what[part]}
                onChange={(event) => setWhat({ ...what, [part]: event.target.checked })}
                slotProps={{ input: { 'data-testid': testId } as object }}
              />
            }
            label={t(label)}
          />
        ))}
        {nothing ? <FormHelperText error>{t('admin.operators.resetNothing')}</FormHelperText> : null}
      </FormGroup>
    </ReasonDialog>
  );
}

type RowAction =
  { kind: 'role'; role: OperatorRole } | { kind: 'disable' | 'enable' | 'revoke' | 'reset' | 'history' };

/**
 * One operator: its role (a change confirmed with a reason; granting or removing owner with a fresh code of the
 * owner's authenticator too), disable or enable with a reason, end its sessions, reset its sign-in (decision 037).
 */
function OperatorRow({ operator, self }: { operator: TOperator; self: boolean }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOperator();
  const revoke = useRevokeOperatorSessions();
  const [action, setAction] = useState<RowAction | null>(null);
  const close = () => setAction(null);
  const role = action?.kind === 'role' ? action.role : null;
  const flag = action?.kind === 'disable' || action?.kind === 'enable' ? action.kind : null;
  return (
    <TableRow data-testid={`operator-${operator.name}`}>
      <TableCell>{operator.name}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={operator.role}
          disabled={self || update.isPending}
          onChange={(event) => setAction({ kind: 'role', role: event.target.value as OperatorRole })}
          slotProps={{
            htmlInput: { 'aria-label': t('admin.operators.role'), 'data-testid': 'operator-role' },
          }}
        >
          {roleItems(t)}
        </TextField>
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {operator.disabled ? (
            <Chip size="small" color="error" label={t('admin.operators.disabled')} />
          ) : null}
          {operator.mustChangePassword ? (
            <Chip size="small" label={t('admin.operators.oneTimePassword')} />
          ) : null}
          <Chip
            size="small"
            variant="outlined"
            label={
              operator.twoFactorEnrolled ? t('admin.operators.enrolled') : t('admin.operators.notEnrolled')
            }
          />
        </Stack>
      </TableCell>
      <TableCell>{formatDateTime(operator.createdAt, i18n.language)}</TableCell>
      <TableCell align="right">
        {self ? null : (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              onClick={() => setAction({ kind: operator.disabled ? 'enable' : 'disable' })}
            >
              {operator.disabled ? t('admin.operators.enable') : t('admin.operators.disable')}
            </Button>
            <Button size="small" onClick={() => setAction({ kind: 'revoke' })}>
              {t('admin.operators.revoke')}
            </Button>
            <Button size="small" onClick={() => setAction({ kind: 'reset' })} data-testid="operator-reset">
              {t('admin.operators.reset')}
            </Button>
          </Stack>
        )}
        <Button size="small" onClick={() => setAction({ kind: 'history' })} data-testid="operator-history">
          {t('admin.audit.history')}
        </Button>
        <Dialog open={action?.kind === 'history'} onClose={close} fullWidth maxWidth="md">
          <DialogTitle>
            {t('admin.audit.history')} · {operator.name}
          </DialogTitle>
          <DialogContent>
            <AuditHistory targetType="operator" targetId={String(operator.id)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
        <ReasonDialog
          open={role !== null}
          title={t('admin.operators.changeRole')}
          message={
            role
              ? t('admin.operators.confirm_role', {
                  name: operator.name,
                  from: t(`admin.roles.${operator.role}`),
                  to: t(`admin.roles.${role}`),
                }) +
                (role === 'owner' || operator.role === 'owner'
                  ? ` ${t('admin.operators.ownerNeedsCode')}`
                  : '')
              : ''
          }
          confirmLabel={t('admin.operators.changeRole')}
          testId="operator-role-dialog"
          withCode={role === 'owner' || operator.role === 'owner'}
          busy={update.isPending}
          onCancel={close}
          onConfirm={(reason, { code }) =>
            role &&
            update.mutate(
              { id: operator.id, role, reason, ...(code ? { code } : {}) },
              { onSuccess: () => notify.success(t('admin.operators.done_role')), onSettled: close },
            )
          }
        />
        <ReasonDialog
          open={flag !== null}
          title={flag ? t(`admin.operators.${flag}`) : ''}
          message={flag ? t(`admin.operators.confirm_${flag}`, { name: operator.name }) : ''}
          confirmLabel={flag ? t(`admin.operators.${flag}`) : ''}
          testId="operator-disable-dialog"
          busy={update.isPending}
          onCancel={close}
          onConfirm={(reason) =>
            update.mutate(
              { id: operator.id, disabled: flag === 'disable', reason },
              {
                onSuccess: () => notify.success(t(`admin.operators.done_${flag ?? 'disable'}`)),
                onSettled: close,
              },
            )
          }
        />
        <ConfirmDialog
          open={action?.kind === 'revoke'}
          message={t('admin.operators.confirm_revoke', { name: operator.name })}
          busy={revoke.isPending}
          onCancel={close}
          onConfirm={() => revoke.mutate(operator.id, { onSettled: close })}
        />
        <ResetOperatorDialog operator={operator} open={action?.kind === 'reset'} onClose={close} />
      </TableCell>
    </TableRow>
  );
}

function Operators() {
  const { t } = useTranslation();
  const me = useOperator();
  const list = useAdminOperators();
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} data-testid="page-admin-operators">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('admin.nav.operators')}
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="operator-create">
          {t('admin.operators.create')}
        </Button>
      </Stack>
      <Paper>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.login.name')}</TableCell>
                <TableCell>{t('admin.operators.role')}</TableCell>
                <TableCell>{t('admin.columns.status')}</TableCell>
                <TableCell>{t('admin.columns.created')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.list ?? []).map((operator) => (
                <OperatorRow key={operator.id} operator={operator} self={operator.id === me?.id} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** `#/admin/operators`: the owner's screen (right `operators.manage`). */
export function OperatorsPage() {
  return (
    <RequireCall call="adminOperatorList">
      <Operators />
    </RequireCall>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAdminOperators } from '../../../api/get-admin-operators';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { useOperator } from '../../../lib/operator-session';
import { useCreateOperator, useRevokeOperatorSessions, useUpdateOperator } from '../api/manage-operators';
import { RequireRight } from '../components/admin-layout';
import { formatDateTime } from '../lib/format';

type Created = CallData<'adminOperatorCreate'>;

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
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('admin.operators.shownOnce')}
          </Alert>
          <Typography>
            {t('admin.login.name')}: <b>{created.operator.name}</b>
          </Typography>
          <Typography>
            {t('admin.operators.oneTimePassword')}:{' '}
            <b data-testid="operator-created-password">{created.password}</b>
          </Typography>
          <Typography sx={{ mt: 2 }}>{t('admin.operators.enrol')}</Typography>
          <Box
            sx={{ p: 2, bgcolor: 'common.white', display: 'inline-block' }}
            data-testid="operator-created-qr"
          >
            <QRCodeSVG value={created.otpauthUri} size={192} marginSize={2} />
          </Box>
          <Typography variant="body2" sx={{ wordBreak: 'break-all', color: 'text.secondary' }}>
            {created.otpauthUri}
          </Typography>
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

function OperatorRow({ operator, self }: { operator: TOperator; self: boolean }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateOperator();
  const revoke = useRevokeOperatorSessions();
  const [confirm, setConfirm] = useState<'disable' | 'enable' | 'revoke' | null>(null);
  return (
    <TableRow data-testid={`operator-${operator.name}`}>
      <TableCell>{operator.name}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={operator.role}
          disabled={self || update.isPending}
          onChange={(event) => update.mutate({ id: operator.id, role: event.target.value as OperatorRole })}
          slotProps={{ htmlInput: { 'aria-label': t('admin.operators.role') } }}
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
            <Button size="small" onClick={() => setConfirm(operator.disabled ? 'enable' : 'disable')}>
              {operator.disabled ? t('admin.operators.enable') : t('admin.operators.disable')}
            </Button>
            <Button size="small" onClick={() => setConfirm('revoke')}>
              {t('admin.operators.revoke')}
            </Button>
          </Stack>
        )}
        <ConfirmDialog
          open={confirm !== null}
          message={confirm ? t(`admin.operators.confirm_${confirm}`, { name: operator.name }) : ''}
          busy={update.isPending || revoke.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const done = { onSettled: () => setConfirm(null) };
            if (confirm === 'revoke') revoke.mutate(operator.id, done);
            else update.mutate({ id: operator.id, disabled: confirm === 'disable' }, done);
          }}
        />
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
                <TableCell>{t('admin.columns.createdAt')}</TableCell>
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
    <RequireRight right="operators.manage">
      <Operators />
    </RequireRight>
  );
}

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAudit } from '../../../api/get-admin-audit';
import { RequireRight } from '../components/admin-layout';
import { dateInputToIso, formatDateTime } from '../lib/format';

interface AuditForm {
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

const EMPTY: AuditForm = { action: '', targetType: '', targetId: '', from: '', to: '' };
const blankless = (value: string) => value.trim() || undefined;

function change(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

function Audit() {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<AuditForm>(EMPTY);
  const [applied, setApplied] = useState<AuditForm>(EMPTY);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const list = useAdminAudit({
    action: blankless(applied.action),
    targetType: blankless(applied.targetType),
    targetId: blankless(applied.targetId),
    from: dateInputToIso(applied.from),
    to: dateInputToIso(applied.to, true),
    page: page + 1,
    pageSize,
  });
  const set = (field: keyof AuditForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));
  return (
    <Stack spacing={2} data-testid="page-admin-audit">
      <Typography variant="h5" component="h1">
        {t('admin.nav.audit')}
      </Typography>
      <Paper
        component="form"
        sx={{
          p: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, auto)' },
        }}
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(form);
          setPage(0);
        }}
      >
        <TextField
          size="small"
          label={t('admin.audit.action')}
          value={form.action}
          onChange={set('action')}
        />
        <TextField
          size="small"
          label={t('admin.audit.targetType')}
          value={form.targetType}
          onChange={set('targetType')}
        />
        <TextField
          size="small"
          label={t('admin.audit.targetId')}
          value={form.targetId}
          onChange={set('targetId')}
        />
        <TextField
          size="small"
          type="date"
          label={t('admin.filters.from')}
          value={form.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('admin.filters.to')}
          value={form.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained">
          {t('admin.filters.apply')}
        </Button>
      </Paper>
      <Paper>
        <TableContainer>
          <Table size="small" sx={{ minWidth: 900 }} data-testid="audit-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.audit.at')}</TableCell>
                <TableCell>{t('admin.audit.operator')}</TableCell>
                <TableCell>{t('admin.audit.address')}</TableCell>
                <TableCell>{t('admin.audit.action')}</TableCell>
                <TableCell>{t('admin.audit.target')}</TableCell>
                <TableCell>{t('admin.audit.before')}</TableCell>
                <TableCell>{t('admin.audit.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.list ?? []).map((entry) => (
                <TableRow key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at, i18n.language)}
                  </TableCell>
                  <TableCell>{entry.operatorName}</TableCell>
                  <TableCell>{entry.address}</TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell>
                    {entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : ''}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                    {change(entry.before)}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                    {change(entry.after)}
                  </TableCell>
                </TableRow>
              ))}
              {list.isSuccess && list.data.list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7} align="center">
                    {t('admin.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[20, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('admin.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
        />
      </Paper>
    </Stack>
  );
}

/** `#/admin/audit`: the audit log, searched and paged on the server (right `audit.read`). */
export function AuditPage() {
  return (
    <RequireRight right="audit.read">
      <Audit />
    </RequireRight>
  );
}

import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type PayoutBatchStatus, type TPayoutBatch, ZPayoutBatchStatus } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { notify } from '../../../../lib/notify';
import {
  useAdminPayoutBatch,
  useAdminPayoutBatches,
  useCancelPayoutBatch,
  useDownloadPayoutFile,
} from '../../api/payout-files';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { DetailDrawer, DetailField, DetailTable } from '../detail-parts';
import { EmptyRow } from '../empty-row';
import { ReviewDialog } from '../review-dialog';
import { WithdrawalStatusChip } from '../withdrawal-status';
import { PayoutImportDialog } from './payout-import-dialog';
import { PayoutBatchStatusChip, savePayoutFile } from './payout-parts';

const PAGE_SIZE = 10;

/** Paid, failed and still open of a file's withdrawals. */
function ProgressText({ batch }: { batch: TPayoutBatch }) {
  const { t } = useTranslation();
  return <>{t('adminPayouts.list.progressValue', batch.progress)}</>;
}

/** The payout files, newest first, by status; a row opens its file. */
function PayoutBatchList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PayoutBatchStatus | 'all'>('all');
  const [page, setPage] = useState(0);
  const list = useAdminPayoutBatches({
    page: page + 1,
    pageSize: PAGE_SIZE,
    ...(status === 'all' ? {} : { status }),
  });
  const rows = list.data?.list ?? [];
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        onChange={(_, value: PayoutBatchStatus | 'all' | null) => {
          if (value === null) return;
          setStatus(value);
          setPage(0);
        }}
        aria-label={t('adminPayouts.list.status')}
      >
        <ToggleButton value="all" data-testid="payout-filter-all">
          {t('adminPayouts.list.all')}
        </ToggleButton>
        {ZPayoutBatchStatus.options.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`payout-filter-${option}`}>
            {t(`adminPayouts.status.${option}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="payout-batch-table" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>{t('adminPayouts.list.channel')}</TableCell>
              <TableCell>{t('adminPayouts.list.status')}</TableCell>
              <TableCell align="right">{t('adminPayouts.list.count')}</TableCell>
              <TableCell align="right">{t('adminPayouts.list.total')}</TableCell>
              <TableCell>{t('adminPayouts.list.progress')}</TableCell>
              <TableCell>{t('adminPayouts.list.createdBy')}</TableCell>
              <TableCell>{t('adminPayouts.list.createdAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((batch) => (
              <TableRow
                key={batch.id}
                hover
                onClick={() => onOpen(batch.id)}
                sx={{ cursor: 'pointer' }}
                data-testid={`payout-batch-${batch.id}`}
                data-status={batch.status}
              >
                <TableCell>{batch.id}</TableCell>
                <TableCell>{t(`adminPayouts.channel.${batch.channel}`)}</TableCell>
                <TableCell>
                  <PayoutBatchStatusChip status={batch.status} />
                </TableCell>
                <TableCell align="right">{batch.count}</TableCell>
                <TableCell align="right">{batch.total}</TableCell>
                <TableCell>
                  <ProgressText batch={batch} />
                </TableCell>
                <TableCell>{batch.createdBy.operatorName}</TableCell>
                <TableCell>{formatDateTime(batch.createdAt, i18n.language)}</TableCell>
              </TableRow>
            ))}
            <EmptyRow
              show={list.isSuccess && rows.length === 0}
              columns={8}
              testId="payout-batch-empty"
              text={t('adminPayouts.list.empty')}
            />
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={list.data?.total ?? 0}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
      />
    </Stack>
  );
}

/**
 * One payout file: its figures, its withdrawals (accounts masked) with the totals by state, its imports; download it
 * again (audited), import the bank's result, or cancel it (its withdrawals go back to the queue).
 */
function PayoutBatchView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const canPay = useCan('adminPayoutBatchFile');
  const detail = useAdminPayoutBatch(id);
  const download = useDownloadPayoutFile();
  const cancel = useCancelPayoutBatch();
  const [cancelling, setCancelling] = useState(false);
  const [importing, setImporting] = useState<{ importId: string | null } | null>(null);
  const data = detail.data;
  const batch = data?.batch;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Stack spacing={1} data-testid="payout-batch-detail">
      <Box>
        <Button startIcon={<ArrowBack />} onClick={onBack} data-testid="payout-batch-back">
          {t('adminPayouts.detail.back')}
        </Button>
      </Box>
      {batch && data ? (
        <>
          <Typography variant="h6">{t('adminPayouts.detail.title', { id: batch.id })}</Typography>
          <DetailField label={t('adminPayouts.list.status')}>
            <PayoutBatchStatusChip status={batch.status} />
          </DetailField>
          <DetailField label={t('adminPayouts.list.channel')}>
            {t(`adminPayouts.channel.${batch.channel}`)}
          </DetailField>
          <DetailField label={t('adminPayouts.list.total')} testId="payout-batch-total">
            {t('adminPayouts.detail.countTotal', { count: batch.count, amount: batch.total })}
          </DetailField>
          <DetailField label={t('adminPayouts.list.progress')} testId="payout-batch-progress">
            <ProgressText batch={batch} />
          </DetailField>
          <DetailField label={t('adminPayouts.detail.file')}>
            {batch.fileName}
            <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
              SHA-256 {batch.fileSha256}
            </Typography>
          </DetailField>
          <DetailField label={t('adminPayouts.list.createdBy')}>
            {batch.createdBy.operatorName} · {when(batch.createdAt)}
          </DetailField>
          {batch.settledBy && batch.settledAt ? (
            <DetailField label={t('adminPayouts.detail.settledBy')}>
              {batch.settledBy.operatorName} · {when(batch.settledAt)}
            </DetailField>
          ) : null}
          {batch.cancelled ? (
            <Alert severity="info" data-testid="payout-batch-cancelled">
              {t('adminPayouts.detail.cancelledBy', {
                name: batch.cancelled.operatorName,
                at: when(batch.cancelled.at),
                reason: batch.cancelled.reason,
              })}
            </Alert>
          ) : null}
          {canPay ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1 }}>
              {batch.status !== 'cancelled' ? (
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  disabled={download.isPending}
                  onClick={() => download.mutate(batch.id, { onSuccess: savePayoutFile })}
                  title={t('adminPayouts.detail.downloadNote')}
                  data-testid="payout-batch-download"
                >
                  {t('adminPayouts.detail.download')}
                </Button>
              ) : null}
              {batch.status === 'exported' ? (
                <>
                  <Button
                    variant="contained"
                    startIcon={<UploadFileOutlined />}
                    onClick={() => setImporting({ importId: null })}
                    data-testid="payout-batch-import"
                  >
                    {t('adminPayouts.detail.import')}
                  </Button>
                  <Button color="error" onClick={() => setCancelling(true)} data-testid="payout-batch-cancel">
                    {t('adminPayouts.detail.cancel')}
                  </Button>
                </>
              ) : null}
            </Box>
          ) : null}
          <Typography variant="body2" data-testid="payout-batch-totals">
            {(['approved', 'paid', 'failed'] as const)
              .filter((status) => data.totals[status].count > 0)
              .map((status) =>
                t('adminPayouts.detail.statusTotal', {
                  status: t(`admin.status.${status}`),
                  count: data.totals[status].count,
                  amount: data.totals[status].amount,
                }),
              )
              .join(' · ')}
          </Typography>
          <DetailTable title={t('adminPayouts.detail.items')} testId="payout-batch-items">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminPayouts.detail.seq')}</TableCell>
                <TableCell>{t('adminPayouts.detail.reference')}</TableCell>
                <TableCell>{t('admin.columns.agent')}</TableCell>
                <TableCell>{t('admin.columns.account')}</TableCell>
                <TableCell align="right">{t('adminPayouts.detail.payout')}</TableCell>
                <TableCell>{t('admin.columns.status')}</TableCell>
                <TableCell>{t('adminPayouts.detail.settlement')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.id} data-testid={`payout-item-${item.id}`} data-status={item.status}>
                  <TableCell>{item.seq}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    #{item.id} · {item.reference}
                  </TableCell>
                  <TableCell>
                    {item.agentNickname} (#{item.agentId})
                  </TableCell>
                  <TableCell>
                    {item.accountName}
                    {item.bankName ? ` · ${item.bankName}` : ''}
                    <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                      {item.accountNo}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{item.payout}</TableCell>
                  <TableCell>
                    <WithdrawalStatusChip status={item.status} />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {item.status === 'paid' ? item.paymentRef : item.status === 'failed' ? item.remark : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DetailTable>
          {data.imports.length > 0 ? (
            <DetailTable title={t('adminPayouts.detail.imports')} testId="payout-batch-imports">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{t('adminPayouts.list.status')}</TableCell>
                  <TableCell>{t('adminPayouts.detail.uploadedBy')}</TableCell>
                  <TableCell>{t('adminPayouts.detail.appliedBy')}</TableCell>
                  <TableCell>{t('adminPayouts.detail.planned')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.imports.map((item) => (
                  <TableRow
                    key={item.id}
                    hover
                    sx={{ cursor: 'pointer' }}
                    onClick={() => setImporting({ importId: item.id })}
                    data-testid={`payout-import-${item.id}`}
                  >
                    <TableCell>{item.id}</TableCell>
                    <TableCell>{t(`adminPayouts.importStatus.${item.status}`)}</TableCell>
                    <TableCell>
                      {item.uploadedBy.operatorName} · {when(item.createdAt)}
                    </TableCell>
                    <TableCell>
                      {item.appliedBy && item.appliedAt
                        ? `${item.appliedBy.operatorName} · ${when(item.appliedAt)}`
                        : ''}
                    </TableCell>
                    <TableCell>
                      {t('adminPayouts.detail.plannedValue', {
                        paid: item.totals.markPaid.count,
                        failed: item.totals.markFailed.count,
                        other:
                          item.totals.alreadySettled.count +
                          item.totals.notInBatch.count +
                          item.totals.unmatched.count +
                          item.totals.invalid.count,
                      })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </DetailTable>
          ) : null}
          <ReviewDialog
            open={cancelling}
            title={t('adminPayouts.detail.cancelTitle', { id: batch.id })}
            message={t('adminPayouts.detail.cancelMessage', { count: batch.progress.open })}
            textKind="reason"
            busy={cancel.isPending}
            onCancel={() => setCancelling(false)}
            onConfirm={(reason) =>
              cancel.mutate(
                { id: batch.id, reason },
                {
                  onSuccess: (answer) =>
                    notify.success(t('adminPayouts.detail.cancelled', { count: answer.released.length })),
                  onSettled: () => setCancelling(false),
                },
              )
            }
          />
          {importing ? (
            <PayoutImportDialog
              open
              batchId={batch.id}
              importId={importing.importId}
              onClose={() => setImporting(null)}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * The payout files of the withdrawal queue (decision 044), in a drawer: the list, then a file's page. `openId` opens a
 * file at once (the one just exported).
 */
export function PayoutFilesPanel({
  open,
  openId,
  onClose,
}: {
  open: boolean;
  openId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<{ id: string | null } | null>(null);
  const id = chosen ? chosen.id : openId;
  const close = () => {
    setChosen(null);
    onClose();
  };
  return (
    <DetailDrawer
      open={open}
      onClose={close}
      title={t('adminPayouts.panel.title')}
      width={980}
      testId="payout-files-panel"
      loading={false}
    >
      {id === null ? (
        <PayoutBatchList onOpen={(next) => setChosen({ id: next })} />
      ) : (
        <PayoutBatchView id={id} onBack={() => setChosen({ id: null })} />
      )}
    </DetailDrawer>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAdminWithdrawal } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { useAdminWithdrawal } from '../api/get-admin-withdrawal';
import { billTypeKey } from '../../../lib/bill-labels';
import { formatDateTime } from '../lib/format';
import { AuditHistory } from './audit-parts';
import { RevealAccount } from './reveal-account';
import { DetailDrawer, DetailField, DetailTable } from './detail-parts';
import { WithdrawalActions } from './withdrawal-actions';
import { approvalState, WithdrawalStatusChip } from './withdrawal-status';
import { PayoutDetail } from './withdrawal-payout-badge';

/** Why two operators must approve it (the two-person rule, decision 037), and how many have. */
function TwoPersonState({ withdrawal }: { withdrawal: TAdminWithdrawal }) {
  const { t } = useTranslation();
  const state = approvalState(withdrawal);
  if (withdrawal.approvalsNeeded < 2) return null;
  return (
    <Alert severity={state.needsSecond ? 'warning' : 'info'} sx={{ my: 1 }} data-testid="two-person-state">
      {state.needsSecond ? t('admin.twoPerson.needsSecond') : t('admin.twoPerson.rule')}{' '}
      {withdrawal.reviewReason ? `${t(`admin.twoPerson.reason_${withdrawal.reviewReason}`)} ` : ''}
      {t('admin.twoPerson.count', { given: state.given, needed: state.needed })}
      {withdrawal.approvals.length > 0
        ? ` · ${withdrawal.approvals.map((a) => a.operatorName).join(', ')}`
        : ''}
    </Alert>
  );
}

/** The detail panel of one withdrawal: itself, its agent, the agent's recent ledger and withdrawals, its actions. */
export function WithdrawalDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminWithdrawal(id);
  const data = detail.data;
  const w = data?.withdrawal;
  return (
    <DetailDrawer
      open={id !== null}
      onClose={onClose}
      title={t('admin.detail.title', { id: id ?? '' })}
      width={560}
      testId="withdrawal-detail"
      loading={detail.isPending}
    >
      {w && data ? (
        <>
          <DetailField label={t('admin.columns.status')}>
            <WithdrawalStatusChip status={w.status} />
          </DetailField>
          {w.status === 'pending' || w.status === 'rejected' ? null : (
            <DetailField label={t('admin.payout.label')} testId="detail-payout">
              <PayoutDetail withdrawal={w} />
            </DetailField>
          )}
          <DetailField label={t('admin.columns.amount')} testId="detail-amount">
            {w.amount} ({t('admin.columns.fee')} {w.fee})
          </DetailField>
          <DetailField label={t('admin.columns.account')}>
            {t(`admin.account.${w.accountType}`)} · {w.accountName}
            {w.bankName ? ` · ${w.bankName}` : ''}
            <RevealAccount withdrawal={w} />
          </DetailField>
          <DetailField label={t('admin.columns.createdAt')}>
            {formatDateTime(w.createdAt, i18n.language)}
          </DetailField>
          {w.reference ? <DetailField label={t('admin.detail.reference')}>{w.reference}</DetailField> : null}
          {w.remark ? (
            <DetailField label={t('admin.detail.remark')} testId="detail-remark">
              {w.remark}
            </DetailField>
          ) : null}
          {w.agentStatus === 'frozen' && (w.status === 'pending' || w.status === 'approved') ? (
            <Alert severity="error" sx={{ my: 1 }} data-testid="withdrawal-held">
              {t('admin.held.detail')}
            </Alert>
          ) : null}
          <TwoPersonState withdrawal={w} />
          <Box sx={{ my: 2 }}>
            <WithdrawalActions withdrawal={w} />
          </Box>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" gutterBottom>
            {t('admin.detail.agent')}
          </Typography>
          <DetailField label={t('admin.columns.agent')}>
            {data.agent.nickname} (#{data.agent.agentId})
          </DetailField>
          <DetailField label={t('admin.detail.level')}>{data.agent.level}</DetailField>
          <DetailField label={t('admin.detail.agentStatus')} testId="detail-agent-status">
            {t(`adminAgents.agentStatus.${data.agent.status}`)}
          </DetailField>
          <DetailField label={t('admin.detail.balance')} testId="detail-balance">
            {data.agent.balance}
          </DetailField>
          <DetailTable title={t('admin.detail.recentEntries')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.detail.billType')}</TableCell>
                <TableCell align="right">{t('admin.columns.amount')}</TableCell>
                <TableCell align="right">{t('admin.detail.after')}</TableCell>
                <TableCell>{t('admin.columns.time')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.recentEntries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{t(billTypeKey(entry.billType))}</TableCell>
                  <TableCell align="right">{entry.amount}</TableCell>
                  <TableCell align="right">{entry.after}</TableCell>
                  <TableCell>{formatDateTime(entry.createdAt, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DetailTable>
          <AuditHistory targetType="withdrawal" targetId={w.id} title={t('admin.audit.history')} />
          <DetailTable title={t('admin.detail.recentWithdrawals')}>
            <TableBody>
              {data.recentWithdrawals.map((other) => (
                <TableRow key={other.id}>
                  <TableCell>#{other.id}</TableCell>
                  <TableCell align="right">{other.amount}</TableCell>
                  <TableCell>
                    <WithdrawalStatusChip status={other.status} />
                  </TableCell>
                  <TableCell>{formatDateTime(other.createdAt, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </DetailTable>
        </>
      ) : null}
    </DetailDrawer>
  );
}

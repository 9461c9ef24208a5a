import { fenToMoney } from '@promoter/contract';
import type { TWithdrawal, WithdrawalStatus } from '@promoter/contract';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { useWithdrawals } from '../../../api/get-withdrawals';
import { ChoiceChip } from '../components/choice-chip';
import { ListEmpty, ListError, ListSkeleton } from '../components/list-states';
import { TransferConfirmButton } from '../components/transfer-confirm-button';
import { LoadMore } from '../components/load-more';
import { formatDateTime } from '../lib/format-time';
import { accountTypeKey, STATUS_COLORS, WITHDRAWAL_STATUSES, withdrawalStatusKey } from '../lib/labels';
import { safeFen } from '../lib/money-math';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { Divider } from '../../../ui/divider';
import { AddIcon } from '../../../ui/icons/AddIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './withdraw-list-page.module.css';

/** What the agent receives: amount − fee, in fen. */
function receiveOf(withdrawal: TWithdrawal): string {
  const amount = safeFen(withdrawal.amount) ?? 0;
  const fee = safeFen(withdrawal.fee) ?? 0;
  return fenToMoney(Math.max(amount - fee, 0));
}

function WithdrawalCard({ withdrawal }: { withdrawal: TWithdrawal }) {
  const { t } = useTranslation();
  const account = [
    t(accountTypeKey(withdrawal.accountType)),
    withdrawal.bankName,
    withdrawal.accountName,
    // Masked by the server (the first 12 characters hidden): the whole number never reaches the client.
    withdrawal.accountNo,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card data-testid={`withdrawal-${withdrawal.id}`} data-status={withdrawal.status}>
      <CardContent className={styles.body}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
            <Text variant="h6" component="p" data-testid="withdrawal-amount">
              {formatMoney(withdrawal.amount)}
            </Text>
            <Chip
              size="small"
              color={STATUS_COLORS[withdrawal.status]}
              label={t(withdrawalStatusKey(withdrawal.status))}
              data-testid="withdrawal-status"
            />
          </Stack>
          <Text variant="body2" color="textSecondary">
            {t('money.withdrawList.feeAndReceive', {
              fee: formatMoney(withdrawal.fee),
              receive: formatMoney(receiveOf(withdrawal)),
            })}
          </Text>
          <Divider />
          <Text variant="body2" className={styles.account} data-testid="withdrawal-account">
            {account}
          </Text>
          <Text variant="caption" color="textSecondary">
            {t('money.withdrawList.appliedAt', { time: formatDateTime(withdrawal.createdAt) })}
            {withdrawal.reviewedAt
              ? ` · ${t('money.withdrawList.reviewedAt', { time: formatDateTime(withdrawal.reviewedAt) })}`
              : ''}
          </Text>
          {withdrawal.remark ? (
            <Text variant="body2" color={withdrawal.status === 'rejected' ? 'error' : 'textSecondary'}>
              {t('money.withdrawList.remark', { remark: withdrawal.remark })}
            </Text>
          ) : null}
          <TransferConfirmButton withdrawal={withdrawal} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /agent/withdraw-list: the agent's withdrawals, filtered by status, loading further pages as it scrolls. */
export function WithdrawListPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WithdrawalStatus | undefined>(undefined);
  const query = useWithdrawals(status);
  const withdrawals = query.data?.pages.flatMap((page) => page.list) ?? [];
  const filters: { value: WithdrawalStatus | undefined; label: string; id: string }[] = [
    { value: undefined, label: t('money.withdrawList.all'), id: 'all' },
    ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(withdrawalStatusKey(s)), id: s })),
  ];

  return (
    <Stack spacing={2} data-testid="page-withdraw-list">
      <Stack
        direction="row"
        wrap
        className={styles.filters}
        role="group"
        aria-label={t('money.withdrawList.filter')}
      >
        {filters.map((filter) => {
          const selected = filter.value === status;
          return (
            <ChoiceChip
              key={filter.id}
              label={filter.label}
              selected={selected}
              aria-pressed={selected}
              onClick={() => setStatus(filter.value)}
              data-testid={`withdraw-filter-${filter.id}`}
            />
          );
        })}
      </Stack>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && withdrawals.length === 0 ? (
        <ListError onRetry={() => query.refetch()} />
      ) : withdrawals.length === 0 ? (
        <>
          <ListEmpty text={t('money.withdrawList.empty')} testId="withdraw-list-empty" />
          <Button to={paths.agent.withdrawApply.getHref()} variant="contained" startIcon={<AddIcon />}>
            {t('money.withdraw.apply')}
          </Button>
        </>
      ) : (
        <Stack spacing={1.5} data-testid="withdraw-list">
          {withdrawals.map((w) => (
            <WithdrawalCard key={w.id} withdrawal={w} />
          ))}
        </Stack>
      )}
      <LoadMore query={query} shown={withdrawals.length} testId="withdraw-load-more" />
    </Stack>
  );
}

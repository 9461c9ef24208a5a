import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import { GameDeliveryStatus } from '../../../components/game-delivery-status';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';
import { useBillDetail } from '../../../api/get-bill';
import { BillList } from '../components/bill-list';
import { ListError } from '../components/list-states';
import { SignedAmount } from '../components/signed-amount';
import { formatDateTime } from '../lib/format-time';
import { billTypeKey, currencyKey, isBillType } from '../../../lib/bill-labels';
import { referenceTypeKey } from '../lib/labels';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Chip } from '../../../ui/chip';
import { Divider } from '../../../ui/divider';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './currency-detail-page.module.css';

const ENTRY_ID = /^\d{1,18}$/;

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={2} justifyContent="space-between" className={styles.row}>
      <Text color="textSecondary" className={styles.label}>
        {label}
      </Text>
      <Text align="end" className={styles.value} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** One entry and what it refers to: the operation and the player or agent on the other side. */
function EntryDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const query = useBillDetail(id);
  if (query.isPending) {
    return (
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <Skeleton width="40%" height={40} />
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </Stack>
        </CardContent>
      </Card>
    );
  }
  if (query.isError) return <ListError onRetry={() => query.refetch()} />;
  const entry = query.data;
  const { reference } = entry;
  const refKey = referenceTypeKey(reference.type);
  const after =
    entry.currency === 1
      ? `¥${entry.after}`
      : formatCount(Number(entry.after), languageOf(i18n.language).htmlLang);
  const counterparty = reference.counterparty;
  return (
    <Stack spacing={2}>
      <Card data-testid="bill-detail">
        <CardContent>
          <Stack spacing={1} alignItems="center" className={styles.head}>
            <Text variant="subtitle1" data-testid="bill-detail-type">
              {t(billTypeKey(entry.billType))}
            </Text>
            <SignedAmount
              amount={entry.amount}
              currency={entry.currency}
              variant="h4"
              data-testid="bill-detail-amount"
            />
            <Chip size="small" variant="outlined" label={t(currencyKey(entry.currency))} />
          </Stack>
          <Divider />
          <Stack divider={<Divider />}>
            <Row label={t('money.detail.after')} value={after} testId="bill-detail-after" />
            {entry.gameDelivery ? (
              <Row
                label={t('gameDelivery.label')}
                value={<GameDeliveryStatus state={entry.gameDelivery} variant="body1" />}
                testId="bill-detail-game"
              />
            ) : null}
            {entry.memo ? <Row label={t('money.detail.memo')} value={entry.memo} /> : null}
            <Row label={t('money.detail.time')} value={formatDateTime(entry.createdAt)} />
            <Row label={t('money.detail.entryId')} value={entry.id} />
          </Stack>
        </CardContent>
      </Card>
      <Card data-testid="bill-detail-reference">
        <CardContent>
          <Text variant="subtitle2" component="h2" gutterBottom>
            {t('money.detail.referenceTitle')}
          </Text>
          <Stack divider={<Divider />}>
            <Row
              label={t('money.detail.referenceType')}
              value={refKey ? t(refKey) : reference.type}
              testId="bill-detail-ref-type"
            />
            <Row label={t('money.detail.referenceId')} value={reference.id} />
            {counterparty ? (
              <Row
                label={t(
                  counterparty.kind === 'player'
                    ? 'money.detail.counterpartyPlayer'
                    : 'money.detail.counterpartyAgent',
                )}
                value={t('money.common.nameWithId', {
                  name: counterparty.nickname || '—',
                  id: counterparty.id,
                })}
                testId="bill-detail-counterparty"
              />
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <Stack direction="row" spacing={1} wrap>
        <Button
          to={paths.agent.currencyDetail.getHref({ billType: entry.billType, currency: entry.currency })}
          variant="outlined"
          className={styles.grow}
          data-testid="bill-detail-same-type"
        >
          {t('money.detail.sameType')}
        </Button>
        <Button to={paths.agent.currencyList.getHref()} variant="outlined" className={styles.grow}>
          {t('money.detail.allFlow')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * /agent/currency-detail: with `id`, one entry and its reference; without, the flow of one currency narrowed to
 * `billType` (the query inputs of SPEC section 2), diamonds when no currency is given.
 */
export function CurrencyDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id !== null && ENTRY_ID.test(id)) {
    return (
      <Stack spacing={2} data-testid="page-currency-detail">
        <EntryDetail id={id} />
      </Stack>
    );
  }
  const currency: 1 | 2 = params.get('currency') === '1' ? 1 : 2;
  const billTypeValue = Number(params.get('billType'));
  const billType = isBillType(billTypeValue) ? billTypeValue : undefined;
  return (
    <Stack spacing={2} data-testid="page-currency-detail">
      <Stack direction="row" spacing={1} wrap alignItems="center">
        <Chip color="primary" label={t(currencyKey(currency))} />
        <Chip variant="outlined" label={billType ? t(billTypeKey(billType)) : t('money.flow.allTypes')} />
      </Stack>
      <BillList filter={{ currency, billType }} />
    </Stack>
  );
}

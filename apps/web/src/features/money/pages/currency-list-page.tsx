import { useTranslation } from '../../../i18n/use-translation';
import { useSearchParams } from '../../../router';
import type { BillFilter } from '../../../api/get-bill';
import { AccountSummary } from '../components/account-summary';
import { BillList } from '../components/bill-list';
import { dayEndExclusiveIso, dayStartIso, todayString } from '../lib/format-time';
import { billTypeKey, isBillType } from '../../../lib/bill-labels';
import type { BillTypeNumber } from '../../../lib/bill-labels';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Tab, Tabs } from '../../../ui/tabs';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import styles from './currency-list-page.module.css';

/** The bill types that move each currency (DESIGN section 4), in the order people look for them. */
const TYPES_OF: Record<1 | 2, readonly BillTypeNumber[]> = {
  1: [5, 6, 7, 8, 9, 10, 11],
  2: [1, 2, 3, 4, 8, 9, 10],
};

/** Filters live in the query string, so coming back from an entry's detail finds the list as it was left. */
function readFilters(params: URLSearchParams) {
  const currency: 1 | 2 = params.get('currency') === '2' ? 2 : 1;
  const billTypeText = Number(params.get('billType'));
  const billType = isBillType(billTypeText) ? billTypeText : undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return { currency, billType, from, to };
}

/** /agent/currency-list: the balance flow and the diamond flow, by type and date range. */
export function CurrencyListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { currency, billType, from, to } = readFilters(params);
  const rangeInvalid = from !== '' && to !== '' && from > to;

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    // Applied at once rather than as a transition: a change made right after (the second date) builds on this
    // one instead of on the search the page rendered before it, which would drop it.
    setParams(next, { replace: true, flushSync: true });
  };

  const filter: BillFilter = {
    currency,
    billType,
    from: rangeInvalid ? undefined : from ? dayStartIso(from) : undefined,
    to: rangeInvalid ? undefined : to ? dayEndExclusiveIso(to) : undefined,
  };
  const types =
    TYPES_OF[currency].includes(billType as BillTypeNumber) || billType === undefined
      ? TYPES_OF[currency]
      : [...TYPES_OF[currency], billType];
  const today = todayString();

  return (
    <Stack spacing={2} data-testid="page-currency-list">
      <AccountSummary show={['balance', 'diamonds']} />
      <Card>
        <Tabs
          value={String(currency)}
          onChange={(value) => update({ currency: value, billType: undefined })}
          variant="fullWidth"
        >
          <Tab value="1" label={t('money.flow.balanceTab')} data-testid="flow-tab-1" />
          <Tab value="2" label={t('money.flow.diamondTab')} data-testid="flow-tab-2" />
        </Tabs>
        <CardContent>
          <Stack spacing={1.5}>
            <TextField
              select
              size="small"
              data-testid="flow-type-select"
              label={t('money.flow.type')}
              value={billType === undefined ? 'all' : String(billType)}
              onChange={(event) =>
                update({ billType: event.target.value === 'all' ? undefined : event.target.value })
              }
            >
              <option value="all">{t('money.flow.allTypes')}</option>
              {types.map((type) => (
                <option key={type} value={String(type)} data-testid={`flow-type-${type}`}>
                  {t(billTypeKey(type))}
                </option>
              ))}
            </TextField>
            <Stack direction="row" spacing={1}>
              <TextField
                type="date"
                size="small"
                label={t('money.flow.from')}
                value={from}
                onChange={(event) => update({ from: event.target.value })}
                error={rangeInvalid}
                max={to || today}
                className={styles.date}
                inputProps={{ 'data-testid': 'flow-from' }}
              />
              <TextField
                type="date"
                size="small"
                label={t('money.flow.to')}
                value={to}
                onChange={(event) => update({ to: event.target.value })}
                error={rangeInvalid}
                min={from || undefined}
                max={today}
                className={styles.date}
                inputProps={{ 'data-testid': 'flow-to' }}
              />
            </Stack>
            {rangeInvalid ? (
              <Text variant="caption" color="error" role="alert">
                {t('money.flow.rangeInvalid')}
              </Text>
            ) : null}
            {billType !== undefined || from || to ? (
              <Button
                size="small"
                onClick={() => update({ billType: undefined, from: undefined, to: undefined })}
                className={styles.clear}
                data-testid="flow-clear"
              >
                {t('money.flow.clear')}
              </Button>
            ) : null}
          </Stack>
        </CardContent>
      </Card>
      <BillList filter={filter} />
    </Stack>
  );
}

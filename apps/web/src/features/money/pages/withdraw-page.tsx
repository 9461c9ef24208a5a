import { agentCalls, fenToMoney } from '@promoter/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useAgentUser } from '../../../api/get-user';
import { paths } from '../../../config/paths';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { useExchangeBalance } from '../api/exchange-balance';
import { useTreeRoot } from '../../../api/get-tree';
import { useWithdrawRules } from '../api/get-withdraw-rules';
import { AccountSummary } from '../components/account-summary';
import { ConfirmOperationDialog } from '../components/confirm-rows';
import { PayoutAccountsCard } from '../components/payout-accounts-card';
import { SectionCard } from '../components/section-card';
import { ListError } from '../components/list-states';
import { MoneyAmountField } from '../components/money-amount-field';
import { parseMoneyInput, quoteExchange, safeFen } from '../lib/money-math';
import type { ExchangeQuote } from '../lib/money-math';
import { useAmountForm } from '../lib/use-amount-form';
import { useConfirmedOperation } from '../lib/use-confirmed-operation';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { CurrencyExchangeIcon } from '../../../ui/icons/CurrencyExchangeIcon';
import { ListAltOutlinedIcon } from '../../../ui/icons/ListAltOutlinedIcon';
import { PaymentsOutlinedIcon } from '../../../ui/icons/PaymentsOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './withdraw-page.module.css';

/** The rules of withdrawals, read from the public options. */
function WithdrawRulesCard() {
  const { t } = useTranslation();
  const rules = useWithdrawRules();
  return (
    <SectionCard title={t('money.withdraw.rulesTitle')} spacing={1.5}>
      {rules.isPending ? (
        <Stack spacing={0.5}>
          <Skeleton width="70%" />
          <Skeleton width="60%" />
          <Skeleton width="50%" />
        </Stack>
      ) : rules.isError ? (
        <ListError onRetry={() => rules.refetch()} />
      ) : (
        <ul className={styles.rules} data-testid="withdraw-rules">
          <li>
            <Text variant="body2" data-testid="withdraw-rule-min">
              {t('money.withdraw.ruleMin', { min: formatMoney(rules.data.min) })}
            </Text>
          </li>
          <li>
            <Text variant="body2" data-testid="withdraw-rule-fee">
              {t('money.withdraw.ruleFee', { rate: rules.data.feeRate })}
            </Text>
          </li>
          <li>
            <Text variant="body2" data-testid="withdraw-rule-count">
              {t('money.withdraw.ruleCount', { times: rules.data.dailyCount })}
            </Text>
          </li>
          <li>
            <Text variant="body2">{t('money.withdraw.ruleReview')}</Text>
          </li>
        </ul>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          to={paths.agent.withdrawApply.getHref()}
          variant="contained"
          startIcon={<PaymentsOutlinedIcon />}
          className={styles.grow}
          data-testid="withdraw-apply-link"
        >
          {t('money.withdraw.apply')}
        </Button>
        <Button
          to={paths.agent.withdrawList.getHref()}
          variant="outlined"
          startIcon={<ListAltOutlinedIcon />}
          className={styles.grow}
          data-testid="withdraw-records-link"
        >
          {t('money.withdraw.records')}
        </Button>
      </Stack>
    </SectionCard>
  );
}

/** Balance to diamonds at the agent's own price; whole diamonds only, the remainder stays on the balance. */
function ExchangeCard() {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const { user } = useAgentUser();
  const tree = useTreeRoot();
  const exchange = useExchangeBalance();
  const [result, setResult] = useState<{ diamondsAdded: number; balance: string; diamonds: number } | null>(
    null,
  );
  const price = tree.data?.price;
  const priceFen = safeFen(price);
  const balanceFen = safeFen(user?.balance);
  const moneyFormat = t('money.amount.moneyFormat');
  // The contract's amount (withdrawExchange), then this agent's bounds: a balance to take it from, a diamond.
  const { control, handleSubmit, reset, isValid } = useAmountForm(
    { schema: agentCalls.withdrawExchange.input.shape.amount, invalid: moneyFormat },
    (typed) => {
      const fen = parseMoneyInput(typed);
      const exchanged = fen !== null && priceFen !== null ? quoteExchange(fen, priceFen) : null;
      if (fen === 0) return moneyFormat;
      if (balanceFen !== null && fen !== null && fen > balanceFen) return t('money.amount.overBalance');
      return (
        exchanged !== null &&
        exchanged.diamonds < 1 &&
        t('money.exchange.tooSmall', { price: price ? formatMoney(price) : '' })
      );
    },
    [balanceFen, priceFen],
  );
  const operation = useConfirmedOperation({
    mutation: exchange,
    keyOf: (attempt: { amount: string; price: string | undefined; quote: ExchangeQuote | null }) =>
      attempt.amount,
    inputOf: (attempt, requestId) => ({ amount: attempt.amount, requestId }),
    onSuccess: (data) => {
      setResult(data);
      reset();
    },
  });

  const amount = useWatch({ control, name: 'amount' });
  const amountFen = parseMoneyInput(amount);
  const quote = amountFen !== null && priceFen !== null ? quoteExchange(amountFen, priceFen) : null;
  const canSubmit = isValid && !exchange.isPending;

  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} alignItems="center">
            <CurrencyExchangeIcon color="primary" />
            <Text variant="subtitle2" component="h2">
              {t('money.exchange.title')}
            </Text>
          </Stack>
          <Text variant="body2" color="textSecondary" data-testid="exchange-explain">
            {price
              ? t('money.exchange.explainPrice', { price: formatMoney(price) })
              : t('money.exchange.explain')}
          </Text>
          {result ? (
            <Alert severity="success" onClose={() => setResult(null)} data-testid="exchange-success">
              {t('money.exchange.success', {
                diamonds: formatCount(result.diamondsAdded, locale),
                balance: formatMoney(result.balance),
                stock: formatCount(result.diamonds, locale),
              })}
            </Alert>
          ) : null}
          <MoneyAmountField
            control={control}
            name="amount"
            label={t('money.exchange.amountLabel')}
            hint={user ? t('money.amount.available', { balance: formatMoney(user.balance) }) : ' '}
            disabled={exchange.isPending}
            testId="exchange-amount-input"
          />
          {quote && isValid ? (
            <Text variant="body2" data-testid="exchange-preview">
              {t('money.exchange.preview', {
                diamonds: formatCount(quote.diamonds, locale),
                cost: formatMoney(quote.cost),
                remainder: formatMoney(quote.remainder),
              })}
            </Text>
          ) : null}
          <Button
            variant="outlined"
            size="large"
            disabled={!canSubmit}
            onClick={handleSubmit((values) => {
              const fen = parseMoneyInput(values.amount);
              if (!exchange.isPending && fen !== null)
                operation.ask({ amount: fenToMoney(fen), price, quote });
            })}
            data-testid="exchange-submit"
          >
            {exchange.isPending ? t('money.common.sending') : t('money.exchange.submit')}
          </Button>
        </Stack>
      </CardContent>
      <ConfirmOperationDialog
        operation={operation}
        title={t('money.exchange.confirmTitle')}
        note={t('money.exchange.confirmNote')}
        rows={(attempt) => [
          { label: t('money.exchange.confirmAmount'), value: formatMoney(attempt.amount) },
          ...(attempt.price
            ? [{ label: t('money.exchange.confirmPrice'), value: formatMoney(attempt.price) }]
            : []),
          ...(attempt.quote
            ? [
                {
                  label: t('money.exchange.confirmDiamonds'),
                  value: t('money.common.diamondsValue', {
                    value: formatCount(attempt.quote.diamonds, locale),
                  }),
                  testId: 'exchange-confirm-diamonds',
                },
                { label: t('money.exchange.confirmRemainder'), value: formatMoney(attempt.quote.remainder) },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

/**
 * /agent/Withdraw: the balance, the rules of withdrawals, the way to apply and to the records, the payout accounts
 * withdrawals go to, and the exchange.
 */
export function WithdrawPage() {
  return (
    <Stack spacing={2} data-testid="page-withdraw">
      <AccountSummary show={['balance', 'diamonds']} />
      <WithdrawRulesCard />
      <PayoutAccountsCard />
      <ExchangeCard />
    </Stack>
  );
}

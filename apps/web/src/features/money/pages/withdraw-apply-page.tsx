import { agentCalls, fenToMoney, PAYOUT_ACCOUNTS_MAX, type TPayoutAccount } from '@promoter/contract';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useNavigate } from '../../../router';
import { usePayoutAccounts } from '../../../api/get-payout-accounts';
import { useAgentUser } from '../../../api/get-user';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useWithdrawRules } from '../api/get-withdraw-rules';
import type { WithdrawRules } from '../api/get-withdraw-rules';
import { AccountSummary } from '../components/account-summary';
import { ConfirmOperationDialog } from '../components/confirm-rows';
import { ListError } from '../components/list-states';
import { MoneyAmountField } from '../components/money-amount-field';
import { PayoutAccountDialog } from '../components/payout-account-dialog';
import { PayoutAccountLine, usePayoutAccountText } from '../components/payout-account-line';
import { parseMoneyInput, quoteWithdrawal, safeFen } from '../lib/money-math';
import { useConfirmedOperation } from '../lib/use-confirmed-operation';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card, CardContent } from '../../../ui/card';
import { cx } from '../../../ui/cx';
import { AddOutlinedIcon } from '../../../ui/icons/AddOutlinedIcon';
import { Skeleton } from '../../../ui/skeleton';
import { Stack } from '../../../ui/stack';
import { FormControlLabel, Radio, RadioGroup } from '../../../ui/switch';
import { Text } from '../../../ui/text';
import styles from './withdraw-apply-page.module.css';

interface WithdrawForm {
  amount: string;
  /** The saved payout account it goes to (the default one preselected); null until there is one. */
  payoutAccountId: number | null;
}

/**
 * The saved payout accounts to choose from, the default first; an account added here on the spot is saved and
 * chosen. The numbers are the server's masked ones: nothing is typed again for a withdrawal.
 */
function PayoutAccountPicker({
  accounts,
  value,
  onChange,
  error,
  disabled,
}: {
  accounts: TPayoutAccount[];
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Stack spacing={1}>
      <Stack direction="row" alignItems="center">
        <Text variant="subtitle2" component="h2" id="withdraw-payout-account" className={styles.grow}>
          {t('payout.pick.title')}
        </Text>
        <Button to={paths.agent.withdraw.getHref()} size="small">
          {t('payout.pick.manage')}
        </Button>
      </Stack>
      {accounts.length === 0 ? (
        <Text variant="body2" color="textSecondary" data-testid="withdraw-no-account">
          {t('payout.pick.none')}
        </Text>
      ) : (
        <RadioGroup
          aria-labelledby="withdraw-payout-account"
          value={value === null ? '' : String(value)}
          onChange={(picked) => onChange(Number(picked))}
        >
          {accounts.map((account) => (
            <FormControlLabel
              key={account.id}
              value={String(account.id)}
              disabled={disabled}
              control={<Radio inputProps={{ 'aria-describedby': `payout-masked-${account.id}` }} />}
              label={
                <PayoutAccountLine
                  account={account}
                  trailing={account.isDefault ? ` · ${t('payout.default')}` : null}
                />
              }
              className={cx(styles.account, value === account.id && styles.chosen)}
              data-testid={`withdraw-account-${account.id}`}
            />
          ))}
        </RadioGroup>
      )}
      {error ? (
        <Text variant="caption" color="error" role="alert" data-testid="withdraw-account-error">
          {error}
        </Text>
      ) : null}
      <Button
        variant="outlined"
        startIcon={<AddOutlinedIcon />}
        onClick={() => setAdding(true)}
        disabled={disabled || accounts.length >= PAYOUT_ACCOUNTS_MAX}
        data-testid="withdraw-add-account"
      >
        {t('payout.add')}
      </Button>
      <PayoutAccountDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(account) => onChange(account.id)}
      />
    </Stack>
  );
}

function ApplyForm({
  rules,
  balance,
  accounts,
}: {
  rules: WithdrawRules;
  balance: string | undefined;
  accounts: TPayoutAccount[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyWithdrawal();
  const describe = usePayoutAccountText();
  const minFen = safeFen(rules.min) ?? 0;
  const balanceFen = safeFen(balance);

  /** The amount within this agent's bounds (the rules' minimum, the balance, a fee below the amount). */
  const amountProblem = (value: string): string | false => {
    const fen = parseMoneyInput(value) ?? 0;
    if (fen < minFen || fen === 0) return t('money.withdrawApply.belowMin', { min: formatMoney(rules.min) });
    if (balanceFen !== null && fen > balanceFen) return t('money.amount.overBalance');
    const q = quoteWithdrawal(fen, rules.feeRate);
    if (q && (safeFen(q.receive) ?? 0) <= 0) return t('money.withdrawApply.feeTooHigh');
    return false;
  };

  const defaultAccount = accounts.find((account) => account.isDefault) ?? accounts[0];
  const { control, handleSubmit, setValue, getValues } = useForm<WithdrawForm>({
    mode: 'onTouched',
    defaultValues: { amount: '', payoutAccountId: defaultAccount?.id ?? null },
    resolver: contractResolver<WithdrawForm>(
      { amount: { schema: agentCalls.withdraw.input.shape.amount, invalid: t('money.amount.moneyFormat') } },
      (values) => ({
        amount: amountProblem(values.amount),
        payoutAccountId:
          !accounts.some((account) => account.id === values.payoutAccountId) && t('payout.pick.required'),
      }),
    ),
  });
  const amount = useWatch({ control, name: 'amount' });

  // The chosen account deleted elsewhere, or none chosen yet while one exists: the default (or the first) instead.
  useEffect(() => {
    const chosen = getValues('payoutAccountId');
    if (!accounts.some((account) => account.id === chosen) && defaultAccount)
      setValue('payoutAccountId', defaultAccount.id);
  }, [accounts, defaultAccount, getValues, setValue]);

  const amountFen = parseMoneyInput(amount);
  const quote = amountFen !== null && amountFen > 0 ? quoteWithdrawal(amountFen, rules.feeRate) : null;
  const accountOf = (id: number | null) => accounts.find((account) => account.id === id);

  const operation = useConfirmedOperation({
    mutation: apply,
    keyOf: (attempt: WithdrawForm) => JSON.stringify(withdrawalOf(attempt)),
    inputOf: (attempt, requestId) => ({ ...withdrawalOf(attempt), requestId }),
    onSuccess: () => {
      notify.success(t('money.withdrawApply.success'));
      void navigate(paths.agent.withdrawList.getHref(), { replace: true });
    },
  });

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit((values) => operation.ask(values))}>
        <CardContent>
          <Stack spacing={2.5}>
            <MoneyAmountField
              control={control}
              name="amount"
              label={t('money.withdrawApply.amount')}
              hint={
                balance
                  ? t('money.withdrawApply.amountHint', {
                      min: formatMoney(rules.min),
                      balance: formatMoney(balance),
                    })
                  : ' '
              }
              required
              disabled={apply.isPending}
              testId="withdraw-amount-input"
            />
            {quote ? (
              <Stack direction="row" spacing={2} justifyContent="space-between" className={styles.quote}>
                <Text variant="body2" data-testid="withdraw-fee">
                  {t('money.withdrawApply.fee', { fee: formatMoney(quote.fee), rate: rules.feeRate })}
                </Text>
                <Text variant="body2" weight={600} data-testid="withdraw-receive">
                  {t('money.withdrawApply.receive', { amount: formatMoney(quote.receive) })}
                </Text>
              </Stack>
            ) : null}

            <Controller
              name="payoutAccountId"
              control={control}
              render={({ field, fieldState }) => (
                <PayoutAccountPicker
                  accounts={accounts}
                  value={field.value}
                  onChange={(id) => field.onChange(id)}
                  error={fieldState.error?.message}
                  disabled={apply.isPending}
                />
              )}
            />
            <Text variant="body2" color="textSecondary">
              {t('money.withdrawApply.note', { times: rules.dailyCount })}
            </Text>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={apply.isPending}
              data-testid="withdraw-submit"
            >
              {apply.isPending ? t('money.common.sending') : t('money.withdrawApply.submit')}
            </Button>
          </Stack>
        </CardContent>
      </form>
      <ConfirmOperationDialog
        operation={operation}
        title={t('money.withdrawApply.confirmTitle')}
        note={t('money.withdrawApply.confirmNote')}
        rows={(attempt) => {
          const attemptQuote = quoteWithdrawal(parseMoneyInput(attempt.amount) ?? 0, rules.feeRate);
          const account = accountOf(attempt.payoutAccountId);
          return [
            {
              label: t('money.withdrawApply.amount'),
              value: formatMoney(fenToMoney(parseMoneyInput(attempt.amount) ?? 0)),
              testId: 'withdraw-confirm-amount',
            },
            ...(attemptQuote
              ? [
                  { label: t('money.withdrawApply.feeLabel'), value: formatMoney(attemptQuote.fee) },
                  {
                    label: t('money.withdrawApply.receiveLabel'),
                    value: formatMoney(attemptQuote.receive),
                    testId: 'withdraw-confirm-receive',
                  },
                ]
              : []),
            ...(account
              ? [
                  {
                    label: t('payout.pick.title'),
                    value: describe(account),
                    testId: 'withdraw-confirm-account',
                  },
                ]
              : []),
          ];
        }}
      />
    </Card>
  );
}

/** What a confirmed form asks for: the amount as money, the saved account by its id. */
function withdrawalOf(form: WithdrawForm) {
  return {
    amount: fenToMoney(parseMoneyInput(form.amount) ?? 0),
    payoutAccountId: form.payoutAccountId ?? 0,
  };
}

/**
 * /agent/withdraw-apply: amount, the payout account (a saved one, the default preselected, or one added on the spot),
 * the fee before confirming; the amount leaves the balance at once.
 */
export function WithdrawApplyPage() {
  const { t } = useTranslation();
  const rules = useWithdrawRules();
  const accounts = usePayoutAccounts();
  const { user } = useAgentUser();
  return (
    <Stack spacing={2} data-testid="page-withdraw-apply">
      <AccountSummary show={['balance']} />
      {rules.isPending || accounts.isPending ? (
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={40} />
              <Skeleton variant="rounded" height={56} />
              <Skeleton variant="rounded" height={56} />
            </Stack>
          </CardContent>
        </Card>
      ) : rules.isError ? (
        <>
          <Alert severity="warning">{t('money.withdrawApply.rulesUnavailable')}</Alert>
          <ListError onRetry={() => rules.refetch()} />
        </>
      ) : accounts.isError ? (
        <>
          <Alert severity="warning">{t('payout.loadFailed')}</Alert>
          <ListError onRetry={() => accounts.refetch()} />
        </>
      ) : (
        <ApplyForm rules={rules.data} balance={user?.balance} accounts={accounts.data.list} />
      )}
    </Stack>
  );
}

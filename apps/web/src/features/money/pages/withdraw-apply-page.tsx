import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { calls, fenToMoney, WITHDRAWAL_ACCOUNT_TEXT_MAX } from '@promoter/contract';
import type { WithdrawalAccountType } from '@promoter/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAgentUser } from '../../../api/get-user';
import { paths } from '../../../config/paths';
import { contractResolver } from '../../../lib/contract-resolver';
import type { FieldRule } from '../../../lib/contract-resolver';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useWithdrawRules } from '../api/get-withdraw-rules';
import type { WithdrawRules } from '../api/get-withdraw-rules';
import { AccountSummary } from '../components/account-summary';
import { ConfirmOperationDialog } from '../components/confirm-rows';
import { ListError } from '../components/list-states';
import { MoneyAmountField } from '../components/money-amount-field';
import { accountTypeKey, ACCOUNT_TYPES } from '../lib/labels';
import { parseMoneyInput, quoteWithdrawal, safeFen } from '../lib/money-math';
import { useConfirmedOperation } from '../lib/use-confirmed-operation';

interface WithdrawForm {
  amount: string;
  accountType: WithdrawalAccountType;
  accountName: string;
  accountNo: string;
  /** Unregistered (undefined) unless the account is a bank card. */
  bankName?: string;
}

/** A bank card number: digits (spaces allowed while typing), 12 to 30 of them. */
const BANK_CARD = /^\d{12,30}$/;

/** What a confirmed form asks for: the amount as money, the account as typed (a bank card without spaces). */
function withdrawalOf(form: WithdrawForm) {
  return {
    amount: fenToMoney(parseMoneyInput(form.amount) ?? 0),
    accountType: form.accountType,
    accountName: form.accountName.trim(),
    accountNo: form.accountNo.replace(/\s+/g, form.accountType === 'bank' ? '' : ' ').trim(),
    bankName: form.accountType === 'bank' ? (form.bankName ?? '').trim() : undefined,
  };
}

function ApplyForm({ rules, balance }: { rules: WithdrawRules; balance: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const apply = useApplyWithdrawal();
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

  // The contract's rules of the withdraw input (the amount, the account's texts and their length), in words.
  const tooLong = t('money.withdrawApply.tooLong', { max: WITHDRAWAL_ACCOUNT_TEXT_MAX });
  const accountText: FieldRule = {
    schema: calls.withdraw.input.shape.accountName,
    required: t('money.withdrawApply.required'),
    invalid: tooLong,
    blankIsEmpty: true,
  };
  const { control, handleSubmit } = useForm<WithdrawForm>({
    mode: 'onTouched',
    defaultValues: { amount: '', accountType: 'alipay', accountName: '', accountNo: '', bankName: '' },
    resolver: contractResolver<WithdrawForm>(
      {
        amount: { schema: calls.withdraw.input.shape.amount, invalid: t('money.amount.moneyFormat') },
        accountName: accountText,
        accountNo: { ...accountText, schema: calls.withdraw.input.shape.accountNo },
        bankName: { schema: calls.withdraw.input.shape.bankName, invalid: tooLong },
      },
      (values) => {
        const bank = values.accountType === 'bank';
        return {
          amount: amountProblem(values.amount),
          accountNo:
            bank &&
            !BANK_CARD.test(values.accountNo.trim().replace(/\s+/g, '')) &&
            t('money.withdrawApply.bankCardInvalid'),
          bankName: bank && (values.bankName ?? '').trim() === '' && t('money.withdrawApply.required'),
        };
      },
    ),
  });
  const amount = useWatch({ control, name: 'amount' });
  const accountType = useWatch({ control, name: 'accountType' });

  const amountFen = parseMoneyInput(amount);
  const quote = amountFen !== null && amountFen > 0 ? quoteWithdrawal(amountFen, rules.feeRate) : null;

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
    <Card component="form" noValidate onSubmit={handleSubmit((values) => operation.ask(values))}>
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
            <Stack
              direction="row"
              spacing={2}
              sx={{
                justifyContent: 'space-between',
                bgcolor: 'action.hover',
                borderRadius: 1,
                px: 1.5,
                py: 1,
              }}
            >
              <Typography variant="body2" data-testid="withdraw-fee">
                {t('money.withdrawApply.fee', { fee: formatMoney(quote.fee), rate: rules.feeRate })}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="withdraw-receive">
                {t('money.withdrawApply.receive', { amount: formatMoney(quote.receive) })}
              </Typography>
            </Stack>
          ) : null}

          <Controller
            name="accountType"
            control={control}
            render={({ field }) => (
              <Stack spacing={1}>
                <Typography variant="subtitle2" component="h2" id="withdraw-account-type">
                  {t('money.withdrawApply.accountType')}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  color="primary"
                  value={field.value}
                  onChange={(_, value: WithdrawalAccountType | null) => {
                    if (value) field.onChange(value);
                  }}
                  aria-labelledby="withdraw-account-type"
                  disabled={apply.isPending}
                >
                  {ACCOUNT_TYPES.map((type) => (
                    <ToggleButton key={type} value={type} data-testid={`withdraw-type-${type}`}>
                      {t(accountTypeKey(type))}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Stack>
            )}
          />
          <Controller
            name="accountName"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('money.withdrawApply.accountName')}
                required
                disabled={apply.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('money.withdrawApply.accountNameHint')}
                slotProps={{
                  htmlInput: {
                    maxLength: WITHDRAWAL_ACCOUNT_TEXT_MAX,
                    autoComplete: 'name',
                    'data-testid': 'withdraw-account-name',
                  },
                }}
              />
            )}
          />
          <Controller
            name="accountNo"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t(`money.withdrawApply.accountNo.${accountType}`)}
                required
                disabled={apply.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? ' '}
                slotProps={{
                  htmlInput: {
                    maxLength: WITHDRAWAL_ACCOUNT_TEXT_MAX,
                    inputMode: accountType === 'bank' ? 'numeric' : 'text',
                    'data-testid': 'withdraw-account-no',
                  },
                }}
              />
            )}
          />
          {accountType === 'bank' ? (
            <Controller
              name="bankName"
              control={control}
              shouldUnregister
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label={t('money.withdrawApply.bankName')}
                  required
                  disabled={apply.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('money.withdrawApply.bankNameHint')}
                  slotProps={{
                    htmlInput: {
                      maxLength: WITHDRAWAL_ACCOUNT_TEXT_MAX,
                      'data-testid': 'withdraw-bank-name',
                    },
                  }}
                />
              )}
            />
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {t('money.withdrawApply.note', { times: rules.dailyCount })}
          </Typography>
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
      <ConfirmOperationDialog
        operation={operation}
        title={t('money.withdrawApply.confirmTitle')}
        note={t('money.withdrawApply.confirmNote')}
        rows={(attempt) => {
          const attemptQuote = quoteWithdrawal(parseMoneyInput(attempt.amount) ?? 0, rules.feeRate);
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
            { label: t('money.withdrawApply.accountType'), value: t(accountTypeKey(attempt.accountType)) },
            ...(attempt.accountType === 'bank'
              ? [{ label: t('money.withdrawApply.bankName'), value: (attempt.bankName ?? '').trim() }]
              : []),
            { label: t('money.withdrawApply.accountName'), value: attempt.accountName.trim() },
            {
              label: t(`money.withdrawApply.accountNo.${attempt.accountType}`),
              value: attempt.accountNo.trim(),
            },
          ];
        }}
      />
    </Card>
  );
}

/** /agent/withdraw-apply: amount, account, the fee before confirming; the amount leaves the balance at once. */
export function WithdrawApplyPage() {
  const { t } = useTranslation();
  const rules = useWithdrawRules();
  const { user } = useAgentUser();
  return (
    <Stack spacing={2} data-testid="page-withdraw-apply">
      <AccountSummary show={['balance']} />
      {rules.isPending ? (
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
      ) : (
        <ApplyForm rules={rules.data} balance={user?.balance} />
      )}
    </Stack>
  );
}

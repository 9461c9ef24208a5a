import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  consoleCalls,
  MONEY_INPUT_MAX_LENGTH,
  ZAdjustmentCurrency,
  ZAdjustmentDirection,
} from '@promoter/contract';
import { fenToMoney, moneyToFen } from '@promoter/contract';
import type { CallInput, TAdjustment } from '@promoter/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { contractResolver } from '../../../lib/contract-resolver';
import { muiField } from '../../../lib/mui-field';
import { useAttemptRequestId } from '../../../lib/request-id';
import { useCreateAdjustment } from '../api/create-adjustment';
import { NOTICE_MAX, noticeOf, noticeRule, REASON_MAX, reasonRule } from './reason-field';

type Currency = 'balance' | 'diamonds';
type Direction = 'credit' | 'debit';

export interface AdjustOwner {
  ownerType: 'agent' | 'player';
  ownerId: number;
  /** How the operator reads it: "王总 (#10001)". */
  label: string;
  /** What its accounts hold now, as the page shows them (money "12.50", whole diamonds), for the preview. */
  current?: { balance?: string; diamonds?: number };
}

interface AdjustForm {
  currency: Currency;
  direction: Direction;
  amount: string;
  reason: string;
  notice: string;
}

type AdjustInput = Omit<CallInput<'adminAdjustmentCreate'>, 'requestId'>;

/** An account's value as the operator reads it, in the account's own units ("12.50" yuan or "12" diamonds). */
const valueOf = (currency: Currency, units: number) =>
  currency === 'balance' ? fenToMoney(units) : String(units);
const unitsOf = (currency: Currency, text: string) =>
  currency === 'balance' ? moneyToFen(text) : Number(text);

/** The account's value before and after the adjustment, when the page told what it holds; null otherwise. */
function previewOf(owner: AdjustOwner, input: Pick<AdjustInput, 'currency' | 'direction' | 'amount'>) {
  const now = input.currency === 'balance' ? owner.current?.balance : owner.current?.diamonds;
  if (now === undefined) return null;
  const before = unitsOf(input.currency, String(now));
  const change = unitsOf(input.currency, input.amount);
  const after = before + (input.direction === 'credit' ? change : -change);
  return { before: valueOf(input.currency, before), after: valueOf(input.currency, after), below: after < 0 };
}

/** A UUID the contract accepts, for checking the form's other fields against the call's schema. */
const PLACEHOLDER_REQUEST_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A manual adjustment of an agent's balance or diamonds, or a player's diamonds (bill type 9), with a typed reason.
 * The amount is checked with the call's own schema (money with two decimals for the balance, whole diamonds); one
 * requestId per attempt, so a retry after a lost answer is applied once. The operator sees the account's value now
 * and after, and confirms the whole adjustment before it is sent (decision 037); an agent's adjustment may carry a
 * notice the agent reads. When the two-person rule asks for it the server keeps it pending until a second operator
 * approves: the answer says which happened, and why.
 */
export function AdjustDialog({
  open,
  owner,
  onClose,
}: {
  open: boolean;
  owner: AdjustOwner;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateAdjustment();
  const attempt = useAttemptRequestId();
  const [done, setDone] = useState<TAdjustment | null>(null);
  const [confirming, setConfirming] = useState<AdjustInput | null>(null);
  const currencies: Currency[] =
    owner.ownerType === 'player' ? ['diamonds'] : [...ZAdjustmentCurrency.options];
  const initialCurrency: Currency = currencies[0] ?? 'diamonds';
  const { register, handleSubmit, formState, reset, watch } = useForm<AdjustForm>({
    defaultValues: { currency: initialCurrency, direction: 'credit', amount: '', reason: '', notice: '' },
    resolver: contractResolver<AdjustForm>(
      {
        currency: { schema: ZAdjustmentCurrency },
        direction: { schema: ZAdjustmentDirection },
        // Present here; its rule (money or whole diamonds, above zero) is the call's, checked below on the whole input.
        amount: {
          schema: z.string().trim().min(1),
          required: t('adminAgents.adjust.amountRequired'),
          blankIsEmpty: true,
        },
        reason: reasonRule(t),
        notice: noticeRule(t),
      },
      (values) => {
        const checked = consoleCalls.adminAdjustmentCreate.input.safeParse({
          ownerType: owner.ownerType,
          ownerId: owner.ownerId,
          ...values,
          requestId: PLACEHOLDER_REQUEST_ID,
        });
        const amountRefused =
          !checked.success && checked.error.issues.some((issue) => issue.path[0] === 'amount');
        return {
          amount: amountRefused
            ? values.currency === 'diamonds'
              ? t('adminAgents.adjust.diamondsInvalid')
              : t('adminAgents.adjust.amountInvalid')
            : false,
        };
      },
    ),
  });
  const currency = watch('currency');
  const close = () => {
    reset();
    setDone(null);
    setConfirming(null);
    attempt.reset();
    onClose();
  };
  const send = (input: AdjustInput) =>
    create.mutate(
      { ...input, requestId: attempt.forAttempt(JSON.stringify(input)) },
      {
        onSuccess: (answer) => {
          attempt.reset();
          setConfirming(null);
          setDone(answer);
        },
      },
    );
  const preview = confirming ? previewOf(owner, confirming) : null;
  const held = currency === 'balance' ? owner.current?.balance : owner.current?.diamonds;
  const currentText = held === undefined ? null : `${t(`adminAgents.adjust.${currency}`)} ${held}`;
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="xs">
      <DialogTitle>{t('adminAgents.actions.adjust')}</DialogTitle>
      <DialogContent>
        {done ? (
          <Stack spacing={1} data-testid="adjust-result" data-status={done.status}>
            {done.status === 'applied' ? (
              <Alert severity="success">
                {t('adminAgents.adjust.applied', { before: done.before ?? '', after: done.after ?? '' })}
              </Alert>
            ) : (
              <Alert severity="warning">
                {t('adminAgents.adjust.pending', {
                  id: done.id,
                  why: t(`adminAgents.adjust.why_${done.reviewReason ?? 'amount'}`),
                })}
              </Alert>
            )}
          </Stack>
        ) : confirming ? (
          <Stack spacing={2} sx={{ pt: 1 }} data-testid="adjust-confirm">
            <Typography>
              {t(preview ? 'adminAgents.adjust.confirm' : 'adminAgents.adjust.confirmUnknown', {
                direction: t(`adminAgents.adjust.${confirming.direction}`),
                amount: confirming.amount,
                currency: t(`adminAgents.adjust.${confirming.currency}`),
                target: owner.label,
                before: preview?.before ?? '',
                after: preview?.after ?? '',
                reason: confirming.reason,
              })}
            </Typography>
            {confirming.notice ? (
              <Typography variant="body2" color="text.secondary">
                {t('adminAgents.form.notice')}: {confirming.notice}
              </Typography>
            ) : null}
            {preview?.below ? <Alert severity="error">{t('adminAgents.adjust.below')}</Alert> : null}
          </Stack>
        ) : (
          <Stack
            component="form"
            id="adjust-form"
            spacing={2}
            sx={{ pt: 1 }}
            noValidate
            data-testid="adjust-form"
            onSubmit={handleSubmit((values) => {
              const notice = owner.ownerType === 'agent' ? noticeOf(values.notice) : undefined;
              setConfirming({
                ownerType: owner.ownerType,
                ownerId: owner.ownerId,
                currency: values.currency,
                direction: values.direction,
                amount: values.amount.trim(),
                reason: values.reason.trim(),
                ...(notice ? { notice } : {}),
              });
            })}
          >
            <Typography variant="body2">{t('adminAgents.adjust.target', { target: owner.label })}</Typography>
            {currentText ? (
              <Typography variant="body2" color="text.secondary" data-testid="adjust-now">
                {t('adminAgents.adjust.now', { value: currentText })}
              </Typography>
            ) : null}
            <TextField
              select
              label={t('adminAgents.adjust.currency')}
              defaultValue={initialCurrency}
              {...muiField(register('currency'))}
              slotProps={{ htmlInput: { 'data-testid': 'adjust-currency' } }}
            >
              {currencies.map((item) => (
                <MenuItem key={item} value={item} data-testid={`adjust-currency-${item}`}>
                  {t(`adminAgents.adjust.${item}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('adminAgents.adjust.direction')}
              defaultValue="credit"
              {...muiField(register('direction'))}
              slotProps={{ htmlInput: { 'data-testid': 'adjust-direction' } }}
            >
              {ZAdjustmentDirection.options.map((item) => (
                <MenuItem key={item} value={item} data-testid={`adjust-direction-${item}`}>
                  {t(`adminAgents.adjust.${item}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={
                currency === 'diamonds'
                  ? t('adminAgents.adjust.diamondsAmount')
                  : t('adminAgents.adjust.moneyAmount')
              }
              {...muiField(register('amount'), formState.errors.amount)}
              slotProps={{
                htmlInput: {
                  inputMode: currency === 'diamonds' ? 'numeric' : 'decimal',
                  maxLength: MONEY_INPUT_MAX_LENGTH,
                  'data-testid': 'adjust-amount',
                },
              }}
            />
            <TextField
              label={t('adminAgents.form.reason')}
              {...muiField(register('reason'), formState.errors.reason)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'adjust-reason' } }}
            />
            {owner.ownerType === 'agent' ? (
              <TextField
                label={t('adminAgents.form.notice')}
                {...muiField(register('notice'), formState.errors.notice, t('adminAgents.form.noticeHelp'))}
                slotProps={{ htmlInput: { maxLength: NOTICE_MAX, 'data-testid': 'adjust-notice' } }}
              />
            ) : null}
            <Alert severity="info" data-testid="adjust-two-person">
              {t('adminAgents.adjust.twoPerson')}
            </Alert>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} color="inherit" disabled={create.isPending} data-testid="adjust-close">
          {done ? t('common.close') : t('common.cancel')}
        </Button>
        {confirming && !done ? (
          <>
            <Button onClick={() => setConfirming(null)} disabled={create.isPending} data-testid="adjust-back">
              {t('adminAgents.adjust.back')}
            </Button>
            <Button
              variant="contained"
              disabled={create.isPending || preview?.below === true}
              onClick={() => send(confirming)}
              data-testid="adjust-confirm-submit"
            >
              {t('adminAgents.adjust.confirmSubmit')}
            </Button>
          </>
        ) : null}
        {done || confirming ? null : (
          <Button
            type="submit"
            form="adjust-form"
            variant="contained"
            disabled={create.isPending}
            data-testid="adjust-submit"
          >
            {t('adminAgents.adjust.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

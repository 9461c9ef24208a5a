import {
  normalizeAccountNumber,
  payoutAccountProblem,
  type TPayoutAccount,
  WITHDRAWAL_ACCOUNT_TEXT_MAX,
  type WithdrawalAccountType,
  ZPayoutAccountInput,
} from '@promoter/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/errors';
import { CONFIRM_DIALOG_MAX_WIDTH } from '../../../config/constants';
import { contractResolver } from '../../../lib/contract-resolver';
import type { FieldRule } from '../../../lib/contract-resolver';
import { notify } from '../../../lib/notify';
import { useAddPayoutAccount } from '../api/payout-accounts';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../ui/dialog';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import { ToggleButton, ToggleButtonGroup } from '../../../ui/toggle-button';
import { accountTypeKey, ACCOUNT_TYPES } from '../lib/labels';
import styles from './payout-account-dialog.module.css';

interface AccountForm {
  type: WithdrawalAccountType;
  holderName: string;
  accountNo: string;
  /** Unregistered (undefined) unless the account is a bank card. */
  bankName?: string;
}

const DEFAULTS: AccountForm = { type: 'bank', holderName: '', accountNo: '', bankName: '' };

/**
 * Adds a payout account (`agent/payout/add`): its kind, the holder's name, the number, the bank for a card. The
 * number is checked as the server checks it (the contract's payoutAccountProblem: a card's length and Luhn digit,
 * Alipay as a mobile or an e-mail, a WeChat id), with the reason in the reader's language.
 */
export function PayoutAccountDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: (account: TPayoutAccount) => void;
}) {
  const { t } = useTranslation();
  const add = useAddPayoutAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const required = t('payout.form.required');
  const tooLong = t('payout.form.tooLong', { max: WITHDRAWAL_ACCOUNT_TEXT_MAX });
  const text: FieldRule = {
    schema: ZPayoutAccountInput.shape.holderName,
    required,
    invalid: tooLong,
    blankIsEmpty: true,
  };
  const { control, handleSubmit, reset } = useForm<AccountForm>({
    mode: 'onTouched',
    defaultValues: DEFAULTS,
    resolver: contractResolver<AccountForm>(
      {
        holderName: text,
        accountNo: { ...text, schema: ZPayoutAccountInput.shape.accountNo },
        bankName: { schema: ZPayoutAccountInput.shape.bankName, invalid: tooLong },
      },
      (values) => {
        const problem = payoutAccountProblem(
          values.type,
          normalizeAccountNumber(values.type, values.accountNo),
        );
        return {
          accountNo:
            values.accountNo.trim() !== '' && problem !== null && t(`payout.form.invalid.${problem}`),
          bankName: values.type === 'bank' && (values.bankName ?? '').trim() === '' && required,
        };
      },
    ),
  });
  const type = useWatch({ control, name: 'type' });

  const close = () => {
    if (add.isPending) return;
    reset(DEFAULTS);
    setRefusal(null);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const { account } = await add.mutateAsync({
        type: values.type,
        holderName: values.holderName.trim(),
        accountNo: normalizeAccountNumber(values.type, values.accountNo),
        ...(values.type === 'bank' ? { bankName: (values.bankName ?? '').trim() } : {}),
      });
      notify.success(t('payout.form.saved'));
      reset(DEFAULTS);
      onSaved?.(account);
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('payout.loadFailed'));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      className={styles.paper}
      style={{ maxWidth: CONFIRM_DIALOG_MAX_WIDTH }}
      aria-labelledby="payout-account-dialog-title"
    >
      <DialogTitle id="payout-account-dialog-title">{t('payout.form.title')}</DialogTitle>
      <DialogContent>
        <form
          id="payout-account-form"
          noValidate
          className={styles.form}
          onSubmit={submit}
          data-testid="payout-account-form"
        >
          <Controller
            name="type"
            control={control}
            render={({ field }) => (
              <Stack spacing={1}>
                <Text variant="subtitle2" component="h3" id="payout-account-type">
                  {t('payout.form.type')}
                </Text>
                <ToggleButtonGroup<WithdrawalAccountType>
                  fullWidth
                  color="primary"
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  aria-labelledby="payout-account-type"
                  disabled={add.isPending}
                >
                  {ACCOUNT_TYPES.map((item) => (
                    <ToggleButton key={item} value={item} data-testid={`payout-type-${item}`}>
                      {t(accountTypeKey(item))}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Stack>
            )}
          />
          <Controller
            name="holderName"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('payout.form.holderName')}
                required
                disabled={add.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('payout.form.holderNameHint')}
                maxLength={WITHDRAWAL_ACCOUNT_TEXT_MAX}
                autoComplete="name"
                inputProps={{ 'data-testid': 'payout-holder-name' }}
              />
            )}
          />
          <Controller
            name="accountNo"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t(`payout.form.accountNo.${type}`)}
                required
                disabled={add.isPending}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t(`payout.form.accountNoHint.${type}`)}
                maxLength={WITHDRAWAL_ACCOUNT_TEXT_MAX}
                inputMode={type === 'bank' ? 'numeric' : type === 'alipay' ? 'email' : 'text'}
                autoComplete="off"
                inputProps={{ spellCheck: false, 'data-testid': 'payout-account-no' }}
              />
            )}
          />
          {type === 'bank' ? (
            <Controller
              name="bankName"
              control={control}
              shouldUnregister
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  label={t('payout.form.bankName')}
                  required
                  disabled={add.isPending}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('payout.form.bankNameHint')}
                  maxLength={WITHDRAWAL_ACCOUNT_TEXT_MAX}
                  inputProps={{ 'data-testid': 'payout-bank-name' }}
                />
              )}
            />
          ) : null}
          <Text variant="body2" color="textSecondary">
            {t('payout.form.maskNote')}
          </Text>
          {refusal ? (
            <Alert severity="error" data-testid="payout-refusal">
              {refusal}
            </Alert>
          ) : null}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={add.isPending} color="inherit" data-testid="payout-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form="payout-account-form"
          variant="contained"
          disabled={add.isPending}
          data-testid="payout-save"
        >
          {add.isPending ? t('payout.form.saving') : t('payout.form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import { agentCalls } from '@promoter/contract';
import type { TChildAgent } from '@promoter/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { contractResolver } from '../../../lib/contract-resolver';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '../../../ui/dialog';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import { TextField } from '../../../ui/text-field';
import { useSetChildPrice } from '../api/set-child-price';
import { checkChildPrice } from '../lib/price-range';
import styles from './edit-price-dialog.module.css';

export interface EditPriceDialogProps {
  child: TChildAgent;
  /** My own price: the floor. Null while unknown. */
  min: string | null;
  /** Retail: the ceiling. Null while unknown. */
  max: string | null;
  onClose: () => void;
}

/** Type a child's new price per diamond, see the allowed range, confirm; the server's refusal shows here. */
export function EditPriceDialog({ child, min, max, onClose }: EditPriceDialogProps) {
  const { t } = useTranslation();
  /** The price the person is asked to confirm, once the form is valid. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useSetChildPrice();

  // The contract's price (setPrice), then the range: my own price up to retail.
  const invalid = t('shop.priceList.invalid');
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<{ price: string }>({
    mode: 'onTouched',
    defaultValues: { price: child.price },
    resolver: contractResolver<{ price: string }>(
      { price: { schema: agentCalls.setPrice.input.shape.price, required: invalid, invalid } },
      (values) => {
        const check = checkChildPrice(values.price, min, max);
        if (check.ok) return {};
        if (check.reason === 'format') return { price: invalid };
        return {
          price:
            check.reason === 'low'
              ? t('shop.priceList.tooLow', { price: formatMoney(check.bound) })
              : t('shop.priceList.tooHigh', { price: formatMoney(check.bound) }),
        };
      },
    ),
  });
  const ask = handleSubmit((values) => {
    const check = checkChildPrice(values.price, min, max);
    if (check.ok) setConfirming(check.price);
  });

  const save = async () => {
    if (confirming === null) return;
    progress.start();
    setRefusal(null);
    try {
      const result = await mutation.mutateAsync({ childId: child.agentId, price: confirming });
      notify.success(t('shop.priceList.saved', { name: child.nickname, price: formatMoney(result.price) }));
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('shop.priceList.saveFailed'));
    } finally {
      progress.done();
      setConfirming(null);
    }
  };

  return (
    <>
      <Dialog
        open
        onClose={mutation.isPending ? undefined : () => onClose()}
        className={styles.paper}
        aria-labelledby="edit-price-title"
      >
        <DialogTitle id="edit-price-title">
          {t('shop.priceList.editTitle', { name: child.nickname })}
        </DialogTitle>
        <DialogContent>
          <Stack component="form" spacing={2} className={styles.form} onSubmit={(event) => void ask(event)}>
            <Text variant="body2" color="textSecondary">
              {t('shop.priceList.current', { price: formatMoney(child.price) })}
            </Text>
            <Controller
              name="price"
              control={control}
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={ref}
                  autoFocus
                  label={t('shop.priceList.newPrice')}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    setRefusal(null);
                  }}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    (min && max
                      ? t('shop.priceList.range', { min: formatMoney(min), max: formatMoney(max) })
                      : ' ')
                  }
                  startAdornment="¥"
                  endAdornment={t('shop.priceList.perDiamond')}
                  inputMode="decimal"
                  inputProps={{ 'data-testid': 'price-input' }}
                />
              )}
            />
            {refusal ? (
              <Alert severity="error" data-testid="price-refusal">
                {refusal}
              </Alert>
            ) : null}
            <button type="submit" hidden />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} disabled={mutation.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={mutation.isPending || errors.price !== undefined}
            onClick={() => void ask()}
            data-testid="price-save"
          >
            {t('shop.priceList.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        busy={mutation.isPending}
        message={
          confirming !== null
            ? t('shop.priceList.confirm', {
                name: child.nickname,
                from: formatMoney(child.price),
                to: formatMoney(confirming),
              })
            : ''
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => void save()}
      />
    </>
  );
}

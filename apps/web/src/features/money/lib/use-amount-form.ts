import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../../../lib/contract-resolver';
import type { FieldRule } from '../../../lib/contract-resolver';

/**
 * The form of one typed amount, checked as it is typed: the contract's rule of the call's field, then the bounds of
 * this agent (`beyond`: its translated refusal, or false), which may come after the amount was typed (the balance,
 * the stock, the price: `bounds`), so the amount is checked again when they change. Gives what its forms use:
 * the control, the submit handler, the reset and whether the amount is valid.
 */
export function useAmountForm(
  rule: FieldRule,
  beyond: (amount: string) => string | false,
  bounds: unknown[],
) {
  const form = useForm<{ amount: string }>({
    mode: 'onChange',
    defaultValues: { amount: '' },
    resolver: contractResolver<{ amount: string }>({ amount: rule }, (values) => ({
      amount: beyond(values.amount),
    })),
  });
  const { getFieldState, trigger } = form;
  const key = JSON.stringify(bounds);
  useEffect(() => {
    if (getFieldState('amount').isDirty) void trigger('amount');
  }, [key, getFieldState, trigger]);
  const { control, handleSubmit, reset } = form;
  return { control, handleSubmit, reset, isValid: form.formState.isValid };
}

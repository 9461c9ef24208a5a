import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  consoleCalls,
  MONEY_INPUT_MAX_LENGTH,
  MONEY_INPUT_PATTERN,
  moneyToFen,
  type TAdminOrderDetail,
} from '@promoter/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../../i18n/use-translation';
import { contractResolver } from '../../../../lib/contract-resolver';
import { muiField } from '../../../../lib/mui-field';
import { notify } from '../../../../lib/notify';
import { useCreateRefund } from '../../api/create-refund';
import { FormDialog } from '../form-dialog';

/** What the buyer reads in WeChat Pay's refund notice: at most 80 characters (the contract's rule). */
export const REFUND_REASON_MAX = 80;

interface RefundForm {
  amount: string;
  reason: string;
}

const CREATE = consoleCalls.adminRefundCreate.input.shape;

/**
 * A refund of an order (right `refunds`): the amount (the whole refundable part unless changed; money with at most two
 * decimals, never more than what is left), and the reason its buyer reads. `requestId` is made when the dialog opens
 * and kept while it is open, so a second click, or a retry after a lost answer, is the same refund on the server. The
 * answer says whether it went to the provider or waits for a second operator, and why. Mounted for each opening,
 * so each starts from what may be refunded then.
 */
export function RefundDialog({
  open,
  detail,
  requestId,
  onClose,
}: {
  open: boolean;
  detail: Pick<TAdminOrderDetail, 'order' | 'refunds'>;
  requestId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRefund();
  const { order, refunds } = detail;
  const maxFen = moneyToFen(refunds.refundable);
  const { register, handleSubmit, formState } = useForm<RefundForm>({
    defaultValues: { amount: refunds.refundable, reason: '' },
    resolver: contractResolver<RefundForm>(
      {
        amount: {
          schema: CREATE.amount,
          required: t('adminRefunds.create.amountRequired'),
          invalid: t('adminRefunds.create.amountInvalid'),
          blankIsEmpty: true,
        },
        reason: {
          schema: CREATE.reason,
          required: t('adminRefunds.create.reasonRequired'),
          invalid: t('adminRefunds.create.reasonInvalid'),
          blankIsEmpty: true,
        },
      },
      (values) => {
        const amount = values.amount.trim();
        if (!MONEY_INPUT_PATTERN.test(amount)) return {};
        const fen = moneyToFen(amount);
        if (fen <= 0) return { amount: t('adminRefunds.create.amountInvalid') };
        if (fen > maxFen)
          return { amount: t('adminRefunds.create.amountTooMuch', { max: refunds.refundable }) };
        return {};
      },
    ),
  });
  const close = () => {
    if (!create.isPending) onClose();
  };
  return (
    <FormDialog
      open={open}
      title={t('adminRefunds.create.title', { id: order.id })}
      busy={create.isPending}
      onClose={close}
      onSubmit={handleSubmit((values) =>
        create.mutate(
          { orderId: order.id, amount: values.amount.trim(), reason: values.reason.trim(), requestId },
          {
            onSuccess: (refund) => {
              if (refund.status === 'requested')
                notify.info(
                  t('adminRefunds.create.waiting', {
                    amount: refund.amount,
                    why: t(`adminRefunds.twoPerson.${refund.reviewReason ?? 'amount'}`),
                  }),
                );
              else notify.success(t('adminRefunds.create.sent', { amount: refund.amount }));
              onClose();
            },
          },
        ),
      )}
      testId="refund-dialog"
      save={{ label: t('adminRefunds.create.submit'), testId: 'refund-submit' }}
      cancelTestId="refund-cancel"
      maxWidth="sm"
    >
      <Typography variant="body2" data-testid="refund-dialog-intro">
        {t('adminRefunds.create.intro', {
          amount: order.amount,
          refunded: refunds.refunded,
          refundable: refunds.refundable,
        })}
      </Typography>
      <TextField
        label={t('adminRefunds.create.amount')}
        required
        {...muiField(
          register('amount'),
          formState.errors.amount,
          t('adminRefunds.create.amountHelp', { max: refunds.refundable }),
        )}
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            maxLength: MONEY_INPUT_MAX_LENGTH,
            'data-testid': 'refund-amount',
          },
        }}
      />
      <TextField
        label={t('adminRefunds.create.reason')}
        required
        {...muiField(register('reason'), formState.errors.reason, t('adminRefunds.create.reasonHelp'))}
        slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX, 'data-testid': 'refund-reason' } }}
      />
      <Alert severity="info" data-testid="refund-two-person">
        {t('adminRefunds.create.twoPersonHint')}
      </Alert>
    </FormDialog>
  );
}

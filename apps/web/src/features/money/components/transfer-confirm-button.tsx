import type { TWithdrawal } from '@promoter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation';
import { request } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { notify } from '../../../lib/notify';
import { progress } from '../../../lib/progress';
import { isWeChatBrowser } from '../../../lib/user-agent';
import { confirmTransferInWechat } from '../../../lib/wechat-pay-bridge';
import { Button } from '../../../ui/button';
import { PhonelinkRingOutlinedIcon } from '../../../ui/icons/PhonelinkRingOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';

/**
 * A withdrawal paid through WeChat Pay's merchant transfer that waits for its payee (decision 046): "Confirm receipt in
 * WeChat". Inside WeChat the button asks the server for WeChat's parameters of this withdrawal
 * (`withdrawalTransferConfirm`) and opens WeChat's confirmation (requestMerchantTransfer); elsewhere it says to open
 * the page in WeChat, where the confirmation can be made. WeChat's "ok" is only its word to the page: the record shows
 * paid once WeChat Pay has told the server (its notice refreshes the records).
 */
export function TransferConfirmButton({ withdrawal }: { withdrawal: Pick<TWithdrawal, 'id' | 'confirm'> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inWechat = isWeChatBrowser(navigator.userAgent);
  const confirm = useMutation({
    mutationFn: async () =>
      confirmTransferInWechat(await request('withdrawalTransferConfirm', { id: withdrawal.id })),
    onMutate: () => progress.start(),
    onSettled: () => progress.done(),
    onSuccess: async (outcome) => {
      if (outcome === 'confirmed') notify.success(t('payout.transfer.confirmed'));
      else if (outcome === 'cancelled') notify.info(t('payout.transfer.cancelled'));
      else if (outcome === 'failed') notify.error(t('payout.transfer.failed'));
      else notify.error(t('payout.transfer.noBridge'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.withdrawals.all() });
    },
  });
  if (!withdrawal.confirm) return null;

  return (
    <Stack spacing={1} data-testid="withdrawal-confirm">
      <Text variant="body2" color="warning">
        {t('payout.transfer.waiting')}
      </Text>
      <Button
        variant="contained"
        color="success"
        fullWidth
        startIcon={<PhonelinkRingOutlinedIcon />}
        disabled={confirm.isPending}
        onClick={() => (inWechat ? confirm.mutate() : notify.info(t('payout.transfer.openInWechat')))}
        data-testid="withdrawal-confirm-button"
      >
        {t('payout.transfer.confirm')}
      </Button>
      {inWechat ? null : (
        <Text variant="caption" color="textSecondary" data-testid="withdrawal-confirm-outside">
          {t('payout.transfer.openInWechat')}
        </Text>
      )}
    </Stack>
  );
}

import Button from '@mui/material/Button';
import type { TAdminGameEvent } from '@promoter/contract';
import { useTranslation } from '../../../../i18n/use-translation';
import { notify } from '../../../../lib/notify';
import { useRetryGameEvent } from '../../api/retry-game-event';
import { useCan } from '../../lib/can';

/** One more try of a failed or pending event, now (`game.manage`); nothing for a delivered one. */
export function RetryEventButton({ event }: { event: Pick<TAdminGameEvent, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const allowed = useCan('adminGameRetry');
  const retry = useRetryGameEvent();
  if (!allowed || event.status === 'delivered') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={retry.isPending}
      onClick={(clicked) => {
        // In a row that opens the event: the retry alone.
        clicked.stopPropagation();
        retry.mutate(event.id, { onSuccess: () => notify.success(t('adminGame.actions.retried')) });
      }}
      data-testid={`game-retry-${event.id}`}
    >
      {t('adminGame.actions.retry')}
    </Button>
  );
}

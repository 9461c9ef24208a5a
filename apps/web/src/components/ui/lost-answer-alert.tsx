import { useTranslation } from '../../i18n/use-translation';
import type { NetworkError } from '../../api/errors';
import { HTTP_TIMEOUT_MS } from '../../config/constants';
import { Alert } from '../../ui/alert';

/**
 * A money operation sent without an answer: why (the network, or nothing within the time-out), and that sending it
 * again is safe: the retry carries the same requestId, so the server applies it once whatever became of the first.
 */
export function LostAnswerAlert({ error }: { error: NetworkError }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="money-lost-answer" role="alert" title={t('money.lost.title')}>
      {error.timedOut
        ? t('money.lost.timedOut', { seconds: HTTP_TIMEOUT_MS / 1000 })
        : t('money.lost.network')}{' '}
      {t('money.lost.retrySafe')}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** Something could not load: why, and a way to try again. */
export function RetryAlert({
  onRetry,
  children,
  testId,
  className,
}: {
  onRetry: () => unknown;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      className={className}
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

import Alert from '@mui/material/Alert';
import type { AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Something could not load: why, and a way to try again. */
export function RetryAlert({
  onRetry,
  children,
  testId,
  sx,
}: {
  onRetry: () => unknown;
  children: ReactNode;
  testId?: string;
  sx?: AlertProps['sx'];
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={sx}
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

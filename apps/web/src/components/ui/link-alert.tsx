import type { ReactNode } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/** A notice with the way on: a link button to the screen that helps (log in, enter the agent system). */
export function LinkAlert({
  to,
  linkLabel,
  children,
  testId,
}: {
  to: string;
  linkLabel: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Alert
      severity="info"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" to={to}>
          {linkLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

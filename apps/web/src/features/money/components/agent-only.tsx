import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { sessionStore, useIsAuthenticated } from '../../../lib/session';
import { Alert } from '../../../ui/alert';

/**
 * For money screens on routes without the sign-in flag (transfer-agent): only a signed-in agent can use
 * them, anyone else is told how to get there instead of meeting a failing call.
 */
export function AgentOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const player = sessionStore.use((s) => s.player);
  if (!signedIn || player) {
    return (
      <Alert severity="info" data-testid="money-agent-only">
        {t('money.common.agentOnly')}
      </Alert>
    );
  }
  return children;
}

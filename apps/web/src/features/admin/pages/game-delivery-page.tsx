import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { useAdminGameOverview } from '../api/get-admin-game-overview';
import { RequireCall } from '../components/admin-layout';
import { AuditHistory } from '../components/audit-parts';
import { GameEndpointPanel } from '../components/game/game-endpoint-panel';
import { GameEventDetail } from '../components/game/game-event-detail';
import { GameEventsList } from '../components/game/game-events-list';
import { GameFigures } from '../components/game/game-figures';
import { GameReconciliation } from '../components/game/game-reconciliation';
import { PageHeading } from '../components/list-page';
import { useCan } from '../lib/can';

type GameTab = 'events' | 'reconciliation' | 'history';

function GameDelivery() {
  const { t } = useTranslation();
  const overview = useAdminGameOverview();
  const canReconcile = useCan('adminGameReconciliation');
  const canReadAudit = useCan('adminAuditList');
  const [tab, setTab] = useState<GameTab>('events');
  const [eventId, setEventId] = useState<string | null>(null);
  const data = overview.data;
  return (
    <Stack spacing={2} data-testid="page-admin-game">
      <PageHeading title={t('adminGame.nav')} />
      {overview.isError && !data ? (
        <RetryAlert onRetry={() => overview.refetch()} testId="game-overview-error">
          {t('adminGame.loadFailed')}
        </RetryAlert>
      ) : data ? (
        <>
          <GameFigures overview={data} />
          <GameEndpointPanel overview={data} />
        </>
      ) : (
        <Box data-testid="game-overview-loading">
          <Skeleton variant="rounded" height={160} />
        </Box>
      )}
      <Tabs value={tab} onChange={(_, next: GameTab) => setTab(next)}>
        <Tab value="events" label={t('adminGame.tabs.events')} data-testid="game-tab-events" />
        {canReconcile ? (
          <Tab
            value="reconciliation"
            label={t('adminGame.tabs.reconciliation')}
            data-testid="game-tab-reconciliation"
          />
        ) : null}
        {canReadAudit ? (
          <Tab value="history" label={t('adminGame.tabs.history')} data-testid="game-tab-history" />
        ) : null}
      </Tabs>
      {tab === 'events' ? <GameEventsList onOpen={setEventId} /> : null}
      {tab === 'reconciliation' ? <GameReconciliation /> : null}
      {tab === 'history' ? <AuditHistory targetType="gameEndpoint" targetId="1" /> : null}
      <GameEventDetail id={eventId} onClose={() => setEventId(null)} />
    </Stack>
  );
}

/**
 * `#/admin/game-delivery` (decision 040): how far behind the game is, the endpoint and what may be done about it
 * (pause, resume, retry, a test message, the secret's rotation), the events with every try, the daily reconciliation
 * and the page's own history. Every role that reads may open it; acting is `game.manage`, the secret the owner's.
 */
export function GameDeliveryPage() {
  return (
    <RequireCall call="adminGameOverview">
      <GameDelivery />
    </RequireCall>
  );
}

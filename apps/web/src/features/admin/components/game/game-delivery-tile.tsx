import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link } from '../../../../router';
import { paths } from '../../../../config/paths';
import { useAdminGameOverview } from '../../api/get-admin-game-overview';
import { useCan } from '../../lib/can';
import { formatWait, LATE_SECONDS } from './game-parts';

/**
 * The dashboard's tile of the game's deliveries (decision 040): pending, failed and the lag at a glance, a pause
 * said, and the way to the page. Shown to a role that reads the page.
 */
export function GameDeliveryTile() {
  const { t } = useTranslation();
  const allowed = useCan('adminGameOverview');
  const overview = useAdminGameOverview(allowed);
  const data = overview.data;
  if (!allowed || !data) return null;
  const trouble = data.failed > 0 || data.endpoint.paused || data.lagSeconds >= LATE_SECONDS;
  return (
    <Paper
      sx={{ p: 1.5, borderLeft: 4, borderColor: trouble ? 'error.main' : 'success.main' }}
      data-testid="game-delivery-tile"
      data-trouble={trouble}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('adminGame.tile.title')}
        </Typography>
        {data.endpoint.paused ? (
          <Chip
            size="small"
            color="warning"
            label={t('adminGame.tile.paused')}
            data-testid="game-tile-paused"
          />
        ) : null}
        <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid="game-tile-summary">
          {t('adminGame.tile.summary', {
            pending: data.pending,
            failed: data.failed,
            lag: formatWait(t, data.lagSeconds),
          })}
        </Typography>
        <Button
          size="small"
          component={Link}
          to={paths.admin.gameDelivery.getHref()}
          data-testid="game-tile-open"
        >
          {t('adminGame.tile.open')}
        </Button>
      </Stack>
    </Paper>
  );
}

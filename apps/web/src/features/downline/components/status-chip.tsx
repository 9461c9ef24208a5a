import Chip from '@mui/material/Chip';
import type { AgentStatus } from '@promoter/contract';
import { useTranslation } from 'react-i18next';

/** Marks an agent that cannot sign in or trade (frozen, or awaiting review); an active agent shows nothing. */
export function StatusChip({ status, testId }: { status: AgentStatus; testId?: string }) {
  const { t } = useTranslation();
  if (status === 'active') return null;
  return (
    <Chip
      size="small"
      color={status === 'frozen' ? 'error' : 'warning'}
      label={t(status === 'frozen' ? 'shop.downline.status.frozen' : 'shop.downline.status.pending')}
      sx={{ flexShrink: 0 }}
      data-testid={testId}
    />
  );
}

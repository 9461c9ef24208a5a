import type { AgentStatus } from '@promoter/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Chip } from '../../../ui/chip';
import styles from './chips.module.css';

/** Marks an agent that cannot sign in or trade (frozen, awaiting review, refused); an active agent shows nothing. */
export function StatusChip({ status, testId }: { status: AgentStatus; testId?: string }) {
  const { t } = useTranslation();
  if (status === 'active') return null;
  return (
    <Chip
      size="small"
      color={status === 'pending' ? 'warning' : 'error'}
      label={t(`shop.downline.status.${status}`)}
      className={styles.chip}
      data-testid={testId}
    />
  );
}

import { Spinner } from '../../ui/progress';
import { Text } from '../../ui/text';
import styles from './busy-status.module.css';

/** A spinner with what is going on (signing in…), announced as a status. */
export function BusyStatus({ text, py = 2, testId }: { text: string; py?: number; testId?: string }) {
  return (
    <div
      className={styles.status}
      style={{ paddingBlock: `calc(var(--space) * ${py})` }}
      role="status"
      data-testid={testId}
    >
      <Spinner size={32} color="primary" />
      <Text color="textSecondary">{text}</Text>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LostAnswerAlert } from '../../../components/ui/lost-answer-alert';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import type { ConfirmedOperation } from '../lib/use-confirmed-operation';
import styles from './confirm-rows.module.css';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The facts a confirmation dialog asks about, one label and value a row. */
export function ConfirmRows({ rows, note }: { rows: ConfirmRow[]; note?: ReactNode }) {
  return (
    <Stack spacing={1} className={styles.rows}>
      {rows.map((row) => (
        <Stack key={row.label} direction="row" spacing={2} justifyContent="space-between">
          <Text color="textSecondary" className={styles.label}>
            {row.label}
          </Text>
          <Text
            color="textPrimary"
            weight={600}
            align="end"
            className={styles.value}
            data-testid={row.testId}
          >
            {row.value}
          </Text>
        </Stack>
      ))}
      {note ? (
        <Text variant="body2" color="textSecondary" className={styles.note}>
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The confirmation of a money operation (`useConfirmedOperation`): its facts as rows, and what follows. After a send
 * that got no answer it stays open, says so, and its Yes becomes Retry (the same attempt, the same requestId).
 */
export function ConfirmOperationDialog<A>({
  operation,
  title,
  rows,
  note,
}: {
  operation: ConfirmedOperation<A>;
  title: string;
  rows: (attempt: A) => ConfirmRow[];
  note: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={operation.open}
      title={title}
      busy={operation.busy}
      alert={operation.lost ? <LostAnswerAlert error={operation.lost} /> : undefined}
      confirmLabel={operation.lost ? t('common.retry') : undefined}
      onCancel={operation.cancel}
      onConfirm={operation.confirm}
      message={operation.attempt ? <ConfirmRows rows={rows(operation.attempt)} note={note} /> : null}
    />
  );
}

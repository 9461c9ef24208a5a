import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LostAnswerAlert } from '../../../components/ui/lost-answer-alert';
import type { ConfirmedOperation } from '../lib/use-confirmed-operation';

export interface ConfirmRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The facts a confirmation dialog asks about, one label and value a row. */
export function ConfirmRows({ rows, note }: { rows: ConfirmRow[]; note?: ReactNode }) {
  return (
    <Stack spacing={1} sx={{ minWidth: { xs: 0, sm: 320 } }}>
      {rows.map((row) => (
        <Stack key={row.label} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Typography color="text.secondary" sx={{ flexShrink: 0 }}>
            {row.label}
          </Typography>
          <Typography
            color="text.primary"
            sx={{ fontWeight: 600, textAlign: 'end', wordBreak: 'break-all' }}
            data-testid={row.testId}
          >
            {row.value}
          </Typography>
        </Stack>
      ))}
      {note ? (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {note}
        </Typography>
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

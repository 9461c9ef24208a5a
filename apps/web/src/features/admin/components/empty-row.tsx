import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from '../../../i18n/use-translation';

interface EmptyRowProps {
  /** The list came back and has no row. */
  show: boolean;
  /** How many columns the row spans. */
  columns: number;
  testId?: string;
  /** What it says: "nothing here" unless told. */
  text?: string;
}

/** The one row of a console table whose list came back without a row. */
export function EmptyRow({ show, columns, testId, text }: EmptyRowProps) {
  const { t } = useTranslation();
  return show ? (
    <TableRow>
      <TableCell colSpan={columns} align="center" data-testid={testId}>
        {text ?? t('admin.empty')}
      </TableCell>
    </TableRow>
  ) : null;
}

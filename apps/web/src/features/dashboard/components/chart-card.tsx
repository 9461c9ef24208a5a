import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { type Column, DataTable } from './data-table';

/**
 * A chart with its table: the same rows read as a chart or, one tap away, as a table (for a screen reader, a small
 * screen, or exact figures). The chart is shown first.
 */
export function ChartCard<R>({
  title,
  testId,
  chart,
  columns,
  rows,
  rowKey,
  footer,
}: {
  title: string;
  testId: string;
  chart: ReactNode;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, minWidth: 0 }}>
            {title}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            aria-label={t('dashboards.view.label')}
            onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
            sx={{ flexShrink: 0, '& .MuiToggleButton-root': { minWidth: 44, minHeight: 44 } }}
          >
            <ToggleButton
              value="chart"
              aria-label={t('dashboards.view.chart')}
              data-testid={`${testId}-show-chart`}
            >
              <BarChartOutlined fontSize="small" />
            </ToggleButton>
            <ToggleButton
              value="table"
              aria-label={t('dashboards.view.table')}
              data-testid={`${testId}-show-table`}
            >
              <TableRowsOutlined fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        {view === 'chart' ? (
          <div data-testid={`${testId}-chart`}>{chart}</div>
        ) : (
          <DataTable
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            caption={title}
            testId={`${testId}-table`}
          />
        )}
        {footer}
      </CardContent>
    </Card>
  );
}

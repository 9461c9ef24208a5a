import '../../../lib/recharts-on-preact';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TReportDayFigures, TReportFigures } from '@promoter/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { languageOf } from '../../../i18n/languages';
import { formatCount } from '../../../lib/format';

export type FigureKey = keyof TReportFigures;

export interface ChartSeries {
  key: FigureKey;
  label: string;
  color: string;
}

interface ReportChartProps {
  name: string;
  title: string;
  days: readonly TReportDayFigures[];
  series: readonly ChartSeries[];
  /** Bars (stacked when more than one series) or lines. */
  kind: 'bars' | 'lines';
  /** The series are money (yuan, two decimals) rather than counts. */
  money?: boolean;
}

const HEIGHT = 240;

/**
 * One chart of the dashboard (recharts), and the same figures as a table at a click: what a screen reader reads and
 * what a person copies. The chart is an image named by its title; in a right-to-left language time runs from the
 * right.
 */
export function ReportChart({ name, title, days, series, kind, money }: ReportChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const locale = languageOf(i18n.language).htmlLang;
  const rtl = theme.direction === 'rtl';
  const data = days.map((day) => ({
    day: day.day,
    ...Object.fromEntries(series.map((s) => [s.key, Number(day[s.key])])),
  }));
  const show = (value: number) =>
    money
      ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
      : formatCount(value, locale);
  // The axis reads at a glance (12K, 1.2万); the tooltip and the table give every digit.
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const axis = {
    x: { dataKey: 'day', tickFormatter: (day: string) => day.slice(5), reversed: rtl, minTickGap: 12 },
    y: {
      orientation: rtl ? ('right' as const) : ('left' as const),
      tickFormatter: (value: number) => compact.format(value),
      width: 52,
    },
  };
  const tooltip = (
    <Tooltip formatter={(value) => show(Number(value))} labelFormatter={(day) => String(day)} />
  );

  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid={`chart-${name}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" id={titleId} sx={{ flexGrow: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <Button
          size="small"
          onClick={() => setAsTable((current) => !current)}
          aria-pressed={asTable}
          data-testid={`chart-${name}-toggle`}
        >
          {asTable
            ? t('adminReports.dashboard.charts.showChart')
            : t('adminReports.dashboard.charts.showTable')}
        </Button>
      </Box>
      {asTable ? (
        <TableContainer sx={{ maxHeight: HEIGHT + 40 }}>
          <Table size="small" stickyHeader aria-labelledby={titleId} data-testid={`chart-${name}-table`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('adminReports.dashboard.charts.day')}</TableCell>
                {series.map((s) => (
                  <TableCell key={s.key} align="right">
                    {s.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.day}>
                  <TableCell>{day.day}</TableCell>
                  {series.map((s) => (
                    <TableCell key={s.key} align="right">
                      {money ? String(day[s.key]) : formatCount(Number(day[s.key]), locale)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Box role="img" aria-labelledby={titleId} sx={{ height: HEIGHT, direction: 'ltr' }}>
          <ResponsiveContainer width="100%" height={HEIGHT} initialDimension={{ width: 320, height: HEIGHT }}>
            {kind === 'bars' ? (
              <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis {...axis.x} />
                <YAxis {...axis.y} />
                {tooltip}
                {series.length > 1 ? <Legend /> : null}
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={s.color}
                    stackId="figures"
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            ) : (
              <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis {...axis.x} />
                <YAxis {...axis.y} allowDecimals={Boolean(money)} />
                {tooltip}
                <Legend />
                {series.map((s) => (
                  <Line
                    key={s.key}
                    type="monotone"
                    dataKey={s.key}
                    name={s.label}
                    stroke={s.color}
                    strokeWidth={2}
                    dot={days.length <= 31}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            )}
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

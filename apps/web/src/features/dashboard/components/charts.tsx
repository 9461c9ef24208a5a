import '../../../lib/recharts-on-preact';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../../i18n/use-translation';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { languageOf } from '../../../i18n/languages';
import { formatDay, formatDayShort } from '../lib/format';

/** One figure of a daily chart: its key in the rows, its translated name, how it is drawn. */
export interface DailySeries {
  key: string;
  name: string;
  kind: 'bar' | 'line' | 'area';
  color: string;
  /** Bars of one stack pile up (diamonds recharged and transferred make the diamonds sold). */
  stack?: string;
  /** A figure of another unit (money beside diamonds) reads on the second axis. */
  axis?: 'left' | 'right';
  /** How the tooltip writes a value (money); counts by default. */
  format?: (value: number) => string;
}

const CHART_HEIGHT = 260;
const TICK = { fontSize: 12 };

function useChartLocale() {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const locale = languageOf(i18n.language).htmlLang;
  return {
    locale,
    /** In Hebrew and Arabic time runs from the right, and the value axis stands there. */
    rtl: theme.direction === 'rtl',
    compact: (value: number) => new Intl.NumberFormat(locale, { notation: 'compact' }).format(value),
    count: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
    grid: theme.palette.divider,
    text: theme.palette.text.secondary,
  };
}

/** Figures per day of a period: bars, lines or areas over the days, on one or two axes. */
export function DailyChart<R extends { day: string }>({
  data,
  series,
}: {
  data: readonly R[];
  series: readonly DailySeries[];
}) {
  const c = useChartLocale();
  const hasRight = series.some((s) => s.axis === 'right');
  const formatOf = new Map(series.map((s) => [s.name, s.format ?? c.count]));
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      <ComposedChart data={data as R[]} margin={{ top: 8, right: 4, left: 4, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={c.grid} />
        <XAxis
          dataKey="day"
          reversed={c.rtl}
          tickFormatter={(day: string) => formatDayShort(day, c.locale)}
          minTickGap={12}
          tick={{ ...TICK, fill: c.text }}
        />
        <YAxis
          yAxisId="left"
          orientation={c.rtl ? 'right' : 'left'}
          allowDecimals={false}
          width={44}
          tickFormatter={c.compact}
          tick={{ ...TICK, fill: c.text }}
        />
        {hasRight ? (
          <YAxis
            yAxisId="right"
            orientation={c.rtl ? 'left' : 'right'}
            width={48}
            tickFormatter={c.compact}
            tick={{ ...TICK, fill: c.text }}
          />
        ) : null}
        <Tooltip
          labelFormatter={(day) => formatDay(String(day), c.locale)}
          formatter={(value, name) => (formatOf.get(String(name)) ?? c.count)(Number(value))}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => {
          const common = {
            dataKey: s.key,
            name: s.name,
            yAxisId: s.axis ?? 'left',
            isAnimationActive: false,
          };
          if (s.kind === 'bar')
            return <Bar key={s.key} {...common} fill={s.color} stackId={s.stack} maxBarSize={28} />;
          if (s.kind === 'area')
            return (
              <Area
                key={s.key}
                {...common}
                type="linear"
                stroke={s.color}
                fill={s.color}
                fillOpacity={0.15}
                dot={false}
              />
            );
          return <Line key={s.key} {...common} type="linear" stroke={s.color} strokeWidth={2} dot={false} />;
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Named values side by side, longest first: a ranking (horizontal bars) or a comparison (columns). */
export function BarsChart({
  data,
  name,
  color,
  horizontal = false,
  format,
  colors,
}: {
  data: readonly { label: string; value: number }[];
  name: string;
  color: string;
  horizontal?: boolean;
  format?: (value: number) => string;
  /** A colour per bar (the current price and the next level's), else `color` for all. */
  colors?: readonly string[];
}) {
  const c = useChartLocale();
  const write = format ?? c.count;
  const height = horizontal ? Math.max(CHART_HEIGHT, data.length * 32 + 40) : CHART_HEIGHT;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data as { label: string; value: number }[]}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, left: 4, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} stroke={c.grid} />
        {horizontal ? (
          <>
            <XAxis
              type="number"
              reversed={c.rtl}
              tickFormatter={c.compact}
              tick={{ ...TICK, fill: c.text }}
            />
            <YAxis
              type="category"
              dataKey="label"
              orientation={c.rtl ? 'right' : 'left'}
              width={96}
              tick={{ ...TICK, fill: c.text }}
            />
          </>
        ) : (
          <>
            <XAxis dataKey="label" reversed={c.rtl} tick={{ ...TICK, fill: c.text }} />
            <YAxis
              orientation={c.rtl ? 'right' : 'left'}
              width={48}
              tickFormatter={c.compact}
              tick={{ ...TICK, fill: c.text }}
            />
          </>
        )}
        <Tooltip formatter={(value) => write(Number(value))} />
        <Bar
          dataKey="value"
          name={name}
          fill={color}
          maxBarSize={horizontal ? 22 : 64}
          isAnimationActive={false}
        >
          {colors ? data.map((row, index) => <Cell key={row.label} fill={colors[index] ?? color} />) : null}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

import { useCountUp } from '../../lib/use-count-up';

/**
 * A number that counts up to `value` (lib/use-count-up.ts), shown through `format` in whole units (fen for money,
 * diamonds for counts), so a step never shows a fraction. `data-value` holds the final text.
 */
export function CountUp({ value, format }: { value: number; format: (value: number) => string }) {
  const shown = useCountUp(value);
  return <span data-value={format(value)}>{format(Math.round(shown))}</span>;
}

import type { PaymentProvider } from '../../platform/payments/payment-provider';

/**
 * The days of the reconciliation (decision 045). A run is a day of the platform's time zone (`platform.timezone`);
 * a provider's bill is a day of China's time (WeChat Pay counts its days in Asia/Shanghai, UTC+8 all year). With the
 * default zone the two are the same day; with another, they overlap by hours, which the comparison's look one day
 * either side covers.
 */

const DAY_MS = 24 * 3600_000;

/** `day` ('YYYY-MM-DD') moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day `at` falls on in `timeZone` ('YYYY-MM-DD'). */
export function dayIn(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The first instant of a bill's day: midnight in China's time. */
export function billDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/**
 * When the provider's bill of `day` can be had. WeChat Pay makes the bill of a day by 10:00 the next morning in
 * China's time ("次日10点后"); asked before, it answers that no bill exists, which reads as an empty day, so no bill is
 * asked for before then. The sandbox's bill is what it saw in this process: complete once the day is over.
 */
export function billOutAt(provider: PaymentProvider['name'] | string, day: string): Date {
  const next = addDays(day, 1);
  return provider === 'sandbox' ? billDayStart(next) : new Date(`${next}T10:00:00+08:00`);
}

/**
 * A run is final when the bill of the day after was out when it started (its bills are chosen by that clock): then a
 * record of ours near midnight that the provider put on the next day's bill was looked for there (decision 045, "Day
 * boundaries").
 */
export function isFinal(provider: string, day: string, startedAt: Date): boolean {
  return startedAt.getTime() >= billOutAt(provider, addDays(day, 1)).getTime();
}

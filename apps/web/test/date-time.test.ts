// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayEndExclusiveIso, dayStartIso, todayString } from '../src/features/money/lib/format-time';
import { formatLocal, localDay, localIso } from '../src/lib/date-time';
import { progress } from '../src/lib/progress';

describe('local times', () => {
  it('formats in local time by the patterns the app writes', () => {
    const at = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatLocal(at, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-05 07:08:09');
    expect(formatLocal(at, 'MM-DD-YYYY')).toBe('01-05-2026');
    expect(formatLocal(at.toISOString(), 'MM-DD HH:mm')).toBe('01-05 07:08');
    expect(formatLocal('not a time', 'YYYY')).toBe('Invalid Date');
  });

  it('reads a typed day as local midnight and writes it with the local offset', () => {
    const day = localDay('2026-11-28');
    expect(day?.getHours()).toBe(0);
    expect(day?.getDate()).toBe(28);
    expect(localDay('2026-11-28T10:00')).toBeNull();
    expect(localDay('28/11/2026')).toBeNull();
    const start = dayStartIso('2026-11-28') ?? '';
    expect(start).toMatch(/^2026-11-28T00:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(start).getTime()).toBe(new Date(2026, 10, 28).getTime());
    // The day after the end of a month, across it.
    expect(dayEndExclusiveIso('2026-11-30')).toMatch(/^2026-12-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(dayStartIso('yesterday')).toBeUndefined();
    expect(localIso(new Date(2026, 10, 28, 12))).toMatch(/^2026-11-28T12:00:00[+-]\d{2}:\d{2}$/);
    expect(todayString()).toBe(formatLocal(new Date(), 'YYYY-MM-DD'));
  });
});

describe('the progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('appears on start, creeps while the work goes on, fills and goes away when it ends', () => {
    vi.useFakeTimers();
    progress.start();
    const bar = document.querySelector<HTMLElement>('#nprogress .bar');
    const at = () => Number(/translate3d\((-?[\d.]+)%/.exec(bar?.style.transform ?? '')?.[1]);
    expect(at()).toBeCloseTo(-92);
    vi.advanceTimersByTime(1_000);
    expect(at()).toBeGreaterThan(-92);
    expect(at()).toBeLessThan(0);
    // A second start while one runs is the same bar.
    progress.start();
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
    progress.done();
    expect(at()).toBe(0);
    vi.advanceTimersByTime(500);
    expect(document.querySelector('#nprogress')).toBeNull();
  });

  it('comes back when work starts while it fades', () => {
    vi.useFakeTimers();
    progress.start();
    progress.done();
    vi.advanceTimersByTime(250);
    progress.start();
    vi.advanceTimersByTime(1_000);
    expect(document.querySelector<HTMLElement>('#nprogress')?.style.opacity).toBe('1');
    progress.done();
    vi.advanceTimersByTime(500);
    expect(document.querySelector('#nprogress')).toBeNull();
  });
});

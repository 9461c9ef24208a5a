import { describe, expect, it } from 'vitest';
import {
  addDays,
  calls,
  dayNumber,
  DASHBOARD_PERIOD_MAX_DAYS,
  periodDays,
  ZDashboardPeriodInput,
  ZVisitorId,
} from '../src';

describe('the dashboards’ period', () => {
  it('counts calendar days, both ends included, across months, leap days and years', () => {
    expect(periodDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(periodDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(periodDays('2025-12-31', '2026-01-01')).toBe(2);
    expect(periodDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('26-03-01')).toBeNull();
  });

  it('takes a preset alone, or a custom period of at most a year in order', () => {
    expect(ZDashboardPeriodInput.parse({})).toEqual({ period: '7d' });
    expect(ZDashboardPeriodInput.parse({ period: 'today' })).toEqual({ period: 'today' });
    const year = { period: 'custom', from: '2024-01-01', to: '2024-12-31' } as const;
    expect(periodDays(year.from, year.to)).toBe(DASHBOARD_PERIOD_MAX_DAYS);
    expect(ZDashboardPeriodInput.safeParse(year).success).toBe(true);
    for (const refused of [
      { period: 'custom', from: '2024-01-01', to: '2025-01-01' },
      { period: 'custom', from: '2026-03-02', to: '2026-03-01' },
      { period: 'custom', to: '2026-03-01' },
      { period: '30d', to: '2026-03-01' },
      { period: 'custom', from: '2026-02-29', to: '2026-03-01' },
      { period: 'custom', from: '2101-01-01', to: '2101-01-02' },
      { period: 'year' },
    ])
      expect(ZDashboardPeriodInput.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
  });

  it('takes a visitor id of 16-64 URL-safe characters only', () => {
    expect(ZVisitorId.safeParse('a'.repeat(16)).success).toBe(true);
    expect(ZVisitorId.safeParse('A-z_0'.repeat(12) + 'abcd').success).toBe(true);
    for (const refused of ['a'.repeat(15), 'a'.repeat(65), 'visitor id with space', 'visitor/0123456789'])
      expect(ZVisitorId.safeParse(refused).success, refused).toBe(false);
  });

  it('has one agent call per dashboard, GET, and the invite open for anyone', () => {
    const dashboards = Object.values(calls).filter((c) => c.path.startsWith('agent/dashboard/'));
    expect(dashboards.map((c) => [c.path, c.method, c.auth])).toEqual(
      ['ecommerce', 'webAnalytics', 'agency', 'saas', 'magazine', 'news'].map((name) => [
        `agent/dashboard/${name}`,
        'GET',
        'agent',
      ]),
    );
    expect([calls.inviteOpen.method, calls.inviteOpen.auth]).toEqual(['POST', 'anyone']);
  });
});

import { describe, expect, it } from 'vitest';
import type { TradeBill, TradeBillRow } from '../../src/platform/payments/payment-provider';
import {
  billTotalsError,
  compareDay,
  type OurRecord,
  transferLine,
} from '../../src/modules/reconciliation/reconciliation-compare';
import { addDays, billOutAt, dayIn, isFinal } from '../../src/modules/reconciliation/reconciliation-days';

/**
 * The comparison of decision 045 without a database: each payment and refund has one home (the bill's day, or ours
 * when the provider has none), a record of ours is looked for one day either side before it is called missing, and
 * one near midnight waits for the next day's bill when that is not out yet.
 */

const DAY = '2026-03-10';
const china = (day: string, time: string) => new Date(`${day}T${time}+08:00`);

function bill(date: string, rows: TradeBillRow[]): TradeBill {
  const sum = (kind: TradeBillRow['kind']) =>
    rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amountFen, 0);
  return { date, rows, totals: { count: rows.length, paidFen: sum('payment'), refundedFen: sum('refund') } };
}

const payment = (orderId: string, amountFen: number, at: Date): TradeBillRow => ({
  kind: 'payment',
  orderId,
  providerRef: `tx-${orderId}`,
  amountFen,
  at,
});

const ours = (ref: string, fen: number, at: Date, kind: OurRecord['kind'] = 'payment'): OurRecord => ({
  kind,
  ref,
  providerRef: null,
  fen,
  at,
  day: dayIn(at, 'Asia/Shanghai'),
});

const bills = (...list: TradeBill[]) => new Map(list.map((b) => [b.date, b]));

describe('compareDay', () => {
  it('matches, finds amounts that differ, and what is missing on either side', () => {
    const { lines, deferred } = compareDay({
      date: DAY,
      ours: [
        ours('A', 100, china(DAY, '09:00:00')),
        ours('B', 200, china(DAY, '10:00:00')),
        ours('C', 300, china(DAY, '11:00:00')),
      ],
      bills: bills(
        bill(addDays(DAY, -1), []),
        bill(DAY, [payment('A', 100, china(DAY, '09:00:00')), payment('B', 250, china(DAY, '10:00:00'))]),
        bill(addDays(DAY, 1), [payment('Z', 70, china(addDays(DAY, 1), '08:00:00'))]),
      ),
    });
    expect(deferred).toBe(0);
    expect(lines.map((line) => [line.ref, line.outcome, line.ourFen, line.theirFen])).toEqual([
      ['A', 'matched', 100, 100],
      ['B', 'amountDiffers', 200, 250],
      ['C', 'missingThere', 300, null],
    ]);
    const unknown = compareDay({
      date: DAY,
      ours: [],
      bills: bills(bill(DAY, [payment('X', 500, china(DAY, '12:00:00'))])),
    });
    expect(unknown.lines).toEqual([
      { kind: 'payment', ref: 'X', providerRef: 'tx-X', ourFen: null, theirFen: 500, outcome: 'missingHere' },
    ]);
  });

  it('looks one day either side: a payment counted by the provider on the other side of midnight is no alarm', () => {
    // Ours at 23:59:50, the provider's at 00:00:30 the next day; and the provider's at 23:59:50, ours after midnight.
    const late = ours('LATE', 100, china(DAY, '23:59:50'));
    const early = ours('EARLY', 200, china(addDays(DAY, 1), '00:00:20'));
    const around = bills(
      bill(addDays(DAY, -1), []),
      bill(DAY, [payment('EARLY', 200, china(DAY, '23:59:50'))]),
      bill(addDays(DAY, 1), [payment('LATE', 100, china(addDays(DAY, 1), '00:00:30'))]),
    );
    const day = compareDay({ date: DAY, ours: [late, early], bills: around });
    // EARLY is on this day's bill, ours the next day: matched here. LATE is at home on the next day's bill.
    expect(day.lines.map((line) => [line.ref, line.outcome])).toEqual([['EARLY', 'matched']]);
    const next = compareDay({
      date: addDays(DAY, 1),
      ours: [late, early],
      bills: bills(around.get(DAY) as TradeBill, around.get(addDays(DAY, 1)) as TradeBill),
    });
    expect(next.lines.map((line) => [line.ref, line.outcome])).toEqual([['LATE', 'matched']]);
  });

  it('leaves a record of ours near midnight for the next bill while that is not out, and calls it missing once it is', () => {
    const nearMidnight = ours('N', 100, china(DAY, '23:55:00'));
    const earlier = ours('E', 100, china(DAY, '23:40:00'));
    const without = compareDay({
      date: DAY,
      ours: [nearMidnight, earlier],
      bills: bills(bill(addDays(DAY, -1), []), bill(DAY, [])),
    });
    expect(without.deferred).toBe(1);
    expect(without.lines.map((line) => [line.ref, line.outcome])).toEqual([['E', 'missingThere']]);
    const withNext = compareDay({
      date: DAY,
      ours: [nearMidnight, earlier],
      bills: bills(bill(addDays(DAY, -1), []), bill(DAY, []), bill(addDays(DAY, 1), [])),
    });
    expect(withNext.deferred).toBe(0);
    expect(withNext.lines.map((line) => line.ref)).toEqual(['N', 'E']);
  });

  it('tells refunds by their own id and adds up a payment written twice', () => {
    const refund: TradeBillRow = {
      kind: 'refund',
      orderId: 'A',
      providerRef: 'tx-A',
      refundId: 'rf_1',
      refundProviderRef: 'wx-rf-1',
      amountFen: 40,
      at: china(DAY, '12:00:00'),
    };
    const { lines } = compareDay({
      date: DAY,
      ours: [ours('A', 100, china(DAY, '09:00:00')), ours('rf_1', 40, china(DAY, '12:00:05'), 'refund')],
      bills: bills(
        bill(DAY, [
          payment('A', 100, china(DAY, '09:00:00')),
          payment('A', 100, china(DAY, '09:00:01')),
          refund,
        ]),
      ),
    });
    expect(lines.map((line) => [line.kind, line.ref, line.outcome, line.theirFen, line.providerRef])).toEqual(
      [
        ['payment', 'A', 'amountDiffers', 200, 'tx-A'],
        ['refund', 'rf_1', 'matched', 40, 'wx-rf-1'],
      ],
    );
  });
});

describe('transfers and bills', () => {
  it('compares a transfer by what each side moved', () => {
    const line = (ourFen: number | null, theirFen: number | null) =>
      transferLine({ transferId: 'WD0000000001', ourFen, providerRef: 'b', theirFen })?.outcome ?? null;
    expect(line(100, 100)).toBe('matched');
    expect(line(100, 90)).toBe('amountDiffers');
    expect(line(100, null)).toBe('missingThere');
    expect(line(null, 100)).toBe('missingHere');
    expect(line(null, null)).toBeNull();
  });

  it('refuses a bill whose totals are not its lines', () => {
    const good = bill(DAY, [payment('A', 100, china(DAY, '09:00:00'))]);
    expect(billTotalsError(good)).toBeNull();
    expect(billTotalsError({ ...good, totals: { ...good.totals, paidFen: 99 } })).toMatch(/does not add up/);
    expect(billTotalsError({ ...good, totals: { ...good.totals, count: 2 } })).toMatch(/does not add up/);
  });

  it('knows when a bill is out and when a run is final', () => {
    expect(billOutAt('wechat', DAY).toISOString()).toBe('2026-03-11T02:00:00.000Z');
    expect(billOutAt('sandbox', DAY).toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(isFinal('wechat', DAY, china('2026-03-12', '09:59:59'))).toBe(false);
    expect(isFinal('wechat', DAY, china('2026-03-12', '10:00:00'))).toBe(true);
    expect(dayIn(new Date('2026-03-10T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-03-11');
    expect(dayIn(new Date('2026-03-10T16:30:00Z'), 'America/New_York')).toBe('2026-03-10');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

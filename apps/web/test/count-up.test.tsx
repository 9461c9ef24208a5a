// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountUp } from '../src/components/ui/count-up';
import { COUNTER_ANIMATION_MS } from '../src/config/constants';
import { countUpValue } from '../src/lib/use-count-up';

/** SPEC section 9: figures count up over 5000 ms; a device asking for reduced motion sees the value at once. */
function mockReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

const money = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the counter animation', () => {
  it('eases from the start to the value over its duration, never past it', () => {
    expect(countUpValue(0, 1000, 0, 5000)).toBe(0);
    expect(countUpValue(0, 1000, 2500, 5000)).toBeCloseTo(875);
    expect(countUpValue(0, 1000, 5000, 5000)).toBe(1000);
    expect(countUpValue(0, 1000, 9000, 5000)).toBe(1000);
    expect(countUpValue(500, 100, 2500, 5000)).toBeCloseTo(150);
  });

  it(`counts a figure up from zero in ${COUNTER_ANIMATION_MS} ms`, () => {
    mockReducedMotion(false);
    render(<CountUp value={12_850} format={money} />);
    const shown = () => screen.getByText(/^¥/).textContent;
    expect(shown()).toBe('¥0.00');
    act(() => vi.advanceTimersByTime(COUNTER_ANIMATION_MS / 2));
    const halfway = Number(shown()?.slice(1));
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(128.5);
    act(() => vi.advanceTimersByTime(COUNTER_ANIMATION_MS / 2 + 100));
    expect(shown()).toBe('¥128.50');
    expect(screen.getByText('¥128.50').getAttribute('data-value')).toBe('¥128.50');
  });

  it('shows the value at once when the device asks for reduced motion', () => {
    mockReducedMotion(true);
    render(<CountUp value={3200} format={String} />);
    expect(screen.getByText('3200')).toBeTruthy();
  });
});

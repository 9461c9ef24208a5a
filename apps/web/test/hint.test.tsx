// @vitest-environment jsdom
// The header's hover hints (components/ui/hint): the phone layer's Tooltip where a pointer can hover, nothing on a
// touch screen (decisions 028, 049).
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from '../src/components/ui/hint';

function pointer(hovers: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: hovers && query.includes('hover: hover'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** A button with its hover hint, as the header's bell. */
const renderBell = () =>
  render(
    <Hint title="通知">
      <button type="button" aria-label="通知">
        bell
      </button>
    </Hint>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Hint', () => {
  it('shows the hint on hover where the device has a mouse', async () => {
    pointer(true);
    renderBell();
    await userEvent.hover(screen.getByRole('button', { name: '通知' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 10_000 })).textContent).toBe('通知');
  });

  it('renders the control alone on a touch screen, and never shows a hint', async () => {
    pointer(false);
    renderBell();
    const button = screen.getByRole('button', { name: '通知' });
    await userEvent.hover(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

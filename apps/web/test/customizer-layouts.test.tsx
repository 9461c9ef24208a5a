// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Customizer and layouts (decision 021): the mini layout's collapsed sidebar is the layout's, not a stored choice (on
 * when entered, off when left, never written to storage); the box layout toggle; the sidebar background image and
 * its four pictures, kept across visits.
 */
vi.mock('../src/api/client', () => import('./support/mocks'));
vi.mock('../src/lib/notify', () => import('./support/mocks'));
vi.mock('../src/lib/progress', () => import('./support/mocks'));
// The frame (header, sidebar, outlet) is not what these tests are about: the mini layout's own effect is.
vi.mock('../src/app/layouts/admin-frame', () => ({
  AdminFrame: ({ layout }: { layout: string }) => <div data-testid="frame">{layout}</div>,
}));

const { request } = await import('./support/mocks');
const { setUpI18n, renderScreen } = await import('./support/render');
const { themeOptions, useThemeOptions, DEFAULT_THEME_OPTIONS } = await import('../src/stores/theme-options');
const { SIDEBAR_IMAGES } = await import('../src/config/themes');
const { MiniLayout } = await import('../src/app/layouts/mini-layout');
const { Customizer } = await import('../src/shell/customizer/customizer');

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});
beforeEach(() => {
  // No brand colour on the platform: the option call fails as an unset option would.
  request.mockImplementation(async (name: string) => {
    if (name === 'getOptionsByKey') return { key: 'theme.brandColor', value: '' };
    throw new Error(`unexpected call ${name}`);
  });
});
afterEach(() => {
  cleanup();
  request.mockReset();
  themeOptions.set(DEFAULT_THEME_OPTIONS);
  localStorage.clear();
});

/** What the store wrote to local storage, as the next visit reads it. */
function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem('promoter.themeOptions') ?? '{}') as Record<string, unknown>;
}

async function openAdvanceTab() {
  const user = userEvent.setup();
  renderScreen(<Customizer open onClose={() => undefined} />);
  await user.click(await screen.findByRole('tab', { name: t('customizer.advance') }));
  return user;
}

describe('the mini layout', () => {
  it('collapses the sidebar while on screen and expands it when left', () => {
    const view = render(<MiniLayout />);
    expect(screen.getByTestId('frame').textContent).toBe('mini');
    expect(themeOptions.get().collapseSidebar).toBe(true);
    view.unmount();
    expect(themeOptions.get().collapseSidebar).toBe(false);
    expect(stored().collapseSidebar).toBe(false);
  });

  it('never stores its collapse: a visit that ends inside it comes back expanded', async () => {
    render(<MiniLayout />);
    expect(themeOptions.get().collapseSidebar).toBe(true);
    // Another change while in the mini layout writes the store: the collapse is written as off.
    themeOptions.set({ darkMode: true });
    expect(stored()).toMatchObject({ darkMode: true, collapseSidebar: false });
    // The next visit (the tab closed inside the mini layout) reads what was stored.
    themeOptions.set({ collapseSidebar: false });
    await useThemeOptions.persist.rehydrate();
    expect(themeOptions.get()).toMatchObject({ darkMode: true, collapseSidebar: false });
  });

  it('leaves the collapse switch to the person in the other layouts', () => {
    const view = render(<MiniLayout />);
    view.unmount();
    themeOptions.set({ collapseSidebar: true });
    expect(stored().collapseSidebar).toBe(true);
  });
});

describe('the customizer’s advance tab', { timeout: 30_000 }, () => {
  it('turns the box layout on and off, and keeps it', async () => {
    const user = await openAdvanceTab();
    const box = screen.getByRole('switch', { name: t('customizer.boxLayout') });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    expect(themeOptions.get().boxLayout).toBe(true);
    expect(stored().boxLayout).toBe(true);
    await user.click(box);
    expect(stored().boxLayout).toBe(false);
  });

  it('offers the four sidebar pictures; choosing one shows it and keeps the choice', async () => {
    const user = await openAdvanceTab();
    const pictures = SIDEBAR_IMAGES.map((image) => screen.getByTestId(`sidebar-image-${image.id}`));
    expect(pictures).toHaveLength(4);
    expect(pictures[0]!.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: t('customizer.images.dots') }));
    expect(themeOptions.get()).toMatchObject({ sidebarImageId: 'dots', backgroundImage: true });
    expect(stored()).toMatchObject({ sidebarImageId: 'dots', backgroundImage: true });
    expect(screen.getByTestId('sidebar-image-dots').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('sidebar-image-mountains').getAttribute('aria-pressed')).toBe('false');

    // The image switch hides the picture without forgetting which one was chosen.
    await user.click(screen.getByRole('switch', { name: t('customizer.backgroundImage') }));
    expect(stored()).toMatchObject({ sidebarImageId: 'dots', backgroundImage: false });
  });

  it('drops a stored picture that does not exist for the defaults', async () => {
    localStorage.setItem(
      'promoter.themeOptions',
      JSON.stringify({ sidebarImageId: 'nope', backgroundImage: true }),
    );
    await useThemeOptions.persist.rehydrate();
    expect(themeOptions.get().sidebarImageId).toBe(DEFAULT_THEME_OPTIONS.sidebarImageId);
  });
});

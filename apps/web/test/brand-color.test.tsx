// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n } from './support/render';

/** The customizer's own colour: checked by the hex helper where it is typed; a valid one becomes the theme's. */
const { BrandColorField } = await import('../src/shell/customizer/brand-color');
const { themeOptions, DEFAULT_THEME_OPTIONS } = await import('../src/stores/theme-options');

let t: Awaited<ReturnType<typeof setUpI18n>>['t'];
beforeAll(async () => {
  t = (await setUpI18n()).t;
});
afterEach(() => {
  cleanup();
  themeOptions.set(DEFAULT_THEME_OPTIONS);
});

// Typed key by key: seconds on a loaded machine (the default is 5 s).
describe('the custom theme colour', { timeout: 30_000 }, () => {
  it('refuses what is not 3 or 6 hex digits and keeps the theme as it was', async () => {
    const user = userEvent.setup();
    render(<BrandColorField />);
    await user.type(screen.getByTestId('brand-color-input'), '#12345');
    await user.click(screen.getByTestId('brand-color-apply'));
    expect(screen.getByText(t('payout.brand.invalid'))).toBeTruthy();
    expect(themeOptions.get()).toMatchObject({ paletteSource: 'platform', customColor: '' });
  });

  it('takes 3 or 6 digits, # optional, as the theme’s primary colour', async () => {
    const user = userEvent.setup();
    render(<BrandColorField />);
    await user.type(screen.getByTestId('brand-color-input'), 'E91{Enter}');
    expect(themeOptions.get()).toMatchObject({ paletteSource: 'custom', customColor: '#ee9911' });
    expect((screen.getByTestId('brand-color-input') as HTMLInputElement).value).toBe('#ee9911');
  });
});

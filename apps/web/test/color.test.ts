import { describe, expect, it } from 'vitest';
import { hexToRgb, hexToRgba, isHexColor, readHexColor } from '../src/lib/color';
import { DEFAULT_THEME_OPTIONS, primaryColorOf } from '../src/stores/theme-options';

describe('the hex colour helper (SPEC section 5)', () => {
  it('reads 3 or 6 hex digits after #', () => {
    expect(hexToRgb('#1e88e5')).toEqual({ r: 30, g: 136, b: 229 });
    expect(hexToRgb('#1E88E5')).toEqual({ r: 30, g: 136, b: 229 });
    expect(hexToRgb('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(hexToRgb('#18e')).toEqual({ r: 17, g: 136, b: 238 });
    expect(hexToRgba('#000', 0.5)).toBe('rgba(0,0,0,0.5)');
    expect(hexToRgba('#5d92f4')).toBe('rgba(93,146,244,1)');
  });

  it("fails with 'Bad Hex' for anything else", () => {
    for (const bad of [
      '',
      '#',
      '1e88e5',
      '#1e88e',
      '#1e88e5f',
      '#12',
      '#ggg',
      '#1234',
      'red',
      ' #fff',
      '#fff ',
    ])
      expect(() => hexToRgb(bad), bad).toThrow(new Error('Bad Hex'));
    expect(() => hexToRgba('#12345', 1)).toThrow('Bad Hex');
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#abcd')).toBe(false);
  });

  it('reads a typed colour: blanks and a missing # forgiven, written #rrggbb', () => {
    expect(readHexColor(' 1E88E5 ')).toBe('#1e88e5');
    expect(readHexColor('#18e')).toBe('#1188ee');
    expect(readHexColor('#1e88e')).toBeNull();
    expect(readHexColor('blue')).toBeNull();
  });
});

describe('the theme’s primary colour', () => {
  const base = { paletteSource: DEFAULT_THEME_OPTIONS.paletteSource, customColor: '' };
  it('follows the operator’s brand colour by default, until a theme or a colour of one’s own is chosen', () => {
    expect(base.paletteSource).toBe('platform');
    expect(primaryColorOf(base, '#e91e63')).toBe('#e91e63');
    expect(primaryColorOf(base, '')).toBeUndefined();
    expect(primaryColorOf(base, 'not-a-colour')).toBeUndefined();
    expect(primaryColorOf({ paletteSource: 'preset', customColor: '' }, '#e91e63')).toBeUndefined();
    expect(primaryColorOf({ paletteSource: 'custom', customColor: '#112233' }, '#e91e63')).toBe('#112233');
  });
});

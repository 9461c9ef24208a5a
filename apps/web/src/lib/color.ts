/**
 * Hex colours (SPEC section 5): a value has 3 or 6 hex digits after '#'; anything else fails with the error 'Bad Hex'
 * (the template's helper), so a bad colour stops where it is typed or read instead of painting nothing.
 */
const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** '#1e88e5' or '#18e' -> { r, g, b }; throws Error('Bad Hex') for anything else. */
export function hexToRgb(hex: string): Rgb {
  if (!isHexColor(hex)) throw new Error('Bad Hex');
  const digits = hex.slice(1);
  const full =
    digits.length === 3
      ? Array.from(digits)
          .map((d) => d + d)
          .join('')
      : digits;
  const value = Number.parseInt(full, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

/** The template's hexToRgbA: 'rgba(r,g,b,alpha)'; throws Error('Bad Hex') for anything but 3 or 6 hex digits. */
export function hexToRgba(hex: string, alpha = 1): string {
  const { r, g, b } = hexToRgb(hex);
  return `rgba(${r},${g},${b},${alpha})`;
}

/** A colour as a person types it ('1E88E5', ' #18e '): '#rrggbb' in lower case, or null when it is not one. */
export function readHexColor(typed: string): string | null {
  const text = typed.trim();
  const hex = text.startsWith('#') ? text : `#${text}`;
  if (!isHexColor(hex)) return null;
  const { r, g, b } = hexToRgb(hex);
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

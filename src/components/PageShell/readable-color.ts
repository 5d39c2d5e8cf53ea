/**
 * The shop's main colour as text and button colour (APP-8, WCAG 2 AA): the colour itself when white
 * text on it, and it as text on the app's light backgrounds (#ffffff, #f5f6f7, its own light tints),
 * reach a contrast ratio of 4.5:1; else the same hue darkened just enough.
 */

/** The ratio against white the darkened colour reaches: 4.5:1 also on #f5f6f7 and on the light tints (#fff1f0, #fceeed). */
export const MAIN_ON_WHITE_RATIO = 5.2;

function channels(color: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of sRGB channels 0–255. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of a #rgb / #rrggbb colour against white, or null for another notation. */
export function contrastOnWhite(color: string): number | null {
  const c = channels(color);
  return c ? 1.05 / (luminance(c) + 0.05) : null;
}

/**
 * `color` darkened towards black in 2 % steps until its ratio against white is at least `ratio`
 * (lowercase #rrggbb); a colour that already reaches it, or that is not #rgb / #rrggbb, is returned as given.
 */
export function readableMainColor(color: string, ratio: number = MAIN_ON_WHITE_RATIO): string {
  const c = channels(color);
  if (!c || 1.05 / (luminance(c) + 0.05) >= ratio) return color;
  for (let k = 0.98; k > 0; k -= 0.02) {
    const dark = c.map((v) => Math.round(v * k)) as [number, number, number];
    if (1.05 / (luminance(dark) + 0.05) >= ratio) return `#${dark.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  }
  return '#000000';
}

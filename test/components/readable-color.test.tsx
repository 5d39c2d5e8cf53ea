/**
 * The main colour our styles draw text and buttons in (APP-8, WCAG 2 AA contrast): the shop's colour
 * when it is dark enough, else the same hue darkened to a ratio of at least 5.2:1 against white, so
 * that it also reaches 4.5:1 on the app's light backgrounds.
 */
import { contrastOnWhite, MAIN_ON_WHITE_RATIO, readableMainColor } from '@/components/PageShell/readable-color';
import { themeStyle } from '@/components/PageShell';

/** The contrast ratio of two #rrggbb colours (WCAG 2). */
function ratio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((s) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('readable main colour', () => {
  it('darkens the default #df554a (3.79:1 on white) to #b7463d (5.31:1)', () => {
    // #df554a: L = 0.2126·0.7379 + 0.7152·0.0908 + 0.0722·0.0685 = 0.2268; (1 + 0.05) / (0.2268 + 0.05) = 3.79
    expect(contrastOnWhite('#df554a')).toBeCloseTo(3.79, 2);
    // each channel × 0.82 (the first 2 % step reaching 5.2): 223·0.82 = 182.86 → b7, 85·0.82 = 69.7 → 46, 74·0.82 = 60.68 → 3d
    expect(readableMainColor('#df554a')).toBe('#b7463d');
    expect(contrastOnWhite('#b7463d')).toBeCloseTo(5.31, 2);
  });

  it('keeps the hue and reaches 4.5:1 on the light backgrounds the main colour sits on', () => {
    for (const shop of ['#df554a', '#1677ff', '#ff8000', '#52c41a', '#fff', '#ffd700']) {
      const text = readableMainColor(shop);
      expect(contrastOnWhite(text)).toBeGreaterThanOrEqual(MAIN_ON_WHITE_RATIO);
      for (const background of ['#ffffff', '#f5f6f7', '#fff1f0', '#fceeed']) expect(ratio(text, background)).toBeGreaterThanOrEqual(4.5);
    }
    // #1677ff (4.11:1) × 0.86, the first step reaching 5.2: 22·0.86 = 18.92 → 13, 119·0.86 = 102.34 → 66, 255·0.86 = 219.3 → db
    expect(readableMainColor('#1677ff')).toBe('#1366db');
  });

  it('leaves a dark enough colour and other notations as given', () => {
    expect(readableMainColor('#333333')).toBe('#333333');
    expect(readableMainColor('#A0352C')).toBe('#A0352C');
    expect(readableMainColor('rgb(223, 85, 74)')).toBe('rgb(223, 85, 74)');
    expect(contrastOnWhite('red')).toBeNull();
  });

  it('is the --main-strong of the page theme, next to the shop colour itself', () => {
    const style = themeStyle('#df554a') as Record<string, string>;
    expect(style['--main-color']).toBe('#df554a');
    expect(style['--main-strong']).toBe('#b7463d');
  });
});

/**
 * Colour contrast (WCAG 2.2 §1.4.3: text needs 4.5:1 against its background). Banner colours are
 * chosen by staff as CSS colours ("orange", "#0b4f8a", "rgb(…)"); white on CSS orange is 1.97:1, so
 * every banner pair goes through `readablePair`, which keeps the staff's hue but darkens (for light
 * or mid-tone text) or lightens (for dark text) the background until the pair reaches 4.5:1.
 */
export const MIN_TEXT_CONTRAST = 4.5;

export type Rgb = readonly [number, number, number];

/** The CSS named colours staff are likely to type; anything else must be hex or rgb(). */
const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  darkred: '#8b0000',
  maroon: '#800000',
  orange: '#ffa500',
  darkorange: '#ff8c00',
  orangered: '#ff4500',
  yellow: '#ffff00',
  gold: '#ffd700',
  green: '#008000',
  darkgreen: '#006400',
  lime: '#00ff00',
  teal: '#008080',
  blue: '#0000ff',
  navy: '#000080',
  darkblue: '#00008b',
  royalblue: '#4169e1',
  purple: '#800080',
  indigo: '#4b0082',
  pink: '#ffc0cb',
  brown: '#a52a2a',
  gray: '#808080',
  grey: '#808080',
  darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9',
  silver: '#c0c0c0',
  crimson: '#dc143c',
  tomato: '#ff6347',
};

export function parseColor(value: string | null | undefined): Rgb | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const hex = (NAMED[text] ?? text).match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = text.match(/^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])].map((n) => Math.min(255, n)) as unknown as Rgb;
  return null;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((n) => {
    const c = n / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (from: Rgb, to: Rgb, share: number): Rgb => from.map((n, i) => n + (to[i]! - n) * share) as unknown as Rgb;

/**
 * A background/text pair with at least 4.5:1 contrast: the given pair when it passes; otherwise the
 * background mixed in 5 % steps, until it passes, towards black or white: whichever the text itself
 * reads better on (every text colour reaches 4.5:1 on one of them).
 * Unreadable inputs fall back to `fallback`.
 */
export function readablePair(
  background: string,
  text: string,
  fallback: { background: string; text: string },
): { background: string; text: string } {
  const bg = parseColor(background) ?? parseColor(fallback.background)!;
  const fg = parseColor(text) ?? parseColor(fallback.text)!;
  if (contrastRatio(bg, fg) >= MIN_TEXT_CONTRAST) return { background: toHex(bg), text: toHex(fg) };
  // Towards whichever of black and white the text reads better on: mid-tone text (grey, tomato) can
  // reach 4.5:1 only on a dark background, however light its own colour looks.
  const black: Rgb = [0, 0, 0];
  const white: Rgb = [255, 255, 255];
  const towards = contrastRatio(fg, black) >= contrastRatio(fg, white) ? black : white;
  for (let share = 0.05; share <= 1; share += 0.05) {
    const candidate = mix(bg, towards, share).map(Math.round) as unknown as Rgb;
    if (contrastRatio(candidate, fg) >= MIN_TEXT_CONTRAST) return { background: toHex(candidate), text: toHex(fg) };
  }
  return { background: toHex(towards), text: toHex(fg) };
}

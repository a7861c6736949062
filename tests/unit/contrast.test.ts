import { describe, expect, it } from 'vitest';

import { contrastRatio, MIN_TEXT_CONTRAST, parseColor, readablePair, toHex } from '@/domain/contrast';

const FALLBACK = { background: '#0b4f8a', text: '#ffffff' };
const ratioOf = (pair: { background: string; text: string }) =>
  contrastRatio(parseColor(pair.background)!, parseColor(pair.text)!);

describe('colour contrast of banners (WCAG 2.2 §1.4.3, 4.5:1; rider-core §3 Banner colours; docs/home-and-away.md)', () => {
  it('reads hex, rgb() and the named colours staff type, in any case and spacing', () => {
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('#0B4F8A')).toEqual([11, 79, 138]);
    expect(parseColor(' Orange ')).toEqual([255, 165, 0]);
    expect(parseColor('navy')).toEqual([0, 0, 128]);
    expect(parseColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseColor('rgba(10,20,30,0.5)')).toEqual([10, 20, 30]);
    expect(parseColor('rgb(300, 0, 0)')).toEqual([255, 0, 0]);
  });

  it('reads nothing it cannot be sure of', () => {
    for (const value of ['', null, undefined, '#12345', '#ggg', 'hsl(0, 0%, 0%)', 'rebeccapurple', 'rgb(1,2)']) {
      expect(parseColor(value), String(value)).toBeNull();
    }
  });

  it('measures black on white at 21:1, a colour on itself at 1:1, either way round', () => {
    const black = parseColor('black')!;
    const white = parseColor('white')!;
    expect(contrastRatio(black, white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, black)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBe(1);
  });

  it('writes colours as six-digit lower-case hex', () => {
    expect(toHex([11, 79, 138])).toBe('#0b4f8a');
    expect(toHex([0, 0, 0])).toBe('#000000');
    expect(toHex([254.6, 0.4, 15])).toBe('#ff000f');
  });

  it('keeps a pair that already reads at 4.5:1, written as hex', () => {
    expect(MIN_TEXT_CONTRAST).toBe(4.5);
    expect(readablePair('navy', 'white', FALLBACK)).toEqual({ background: '#000080', text: '#ffffff' });
  });

  it('darkens a light background under white text until it reads, keeping its hue', () => {
    const pair = readablePair('orange', 'white', FALLBACK);
    expect(pair.text).toBe('#ffffff');
    expect(ratioOf(pair)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = parseColor(pair.background)!;
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it('lightens a dark background under dark text until it reads', () => {
    const pair = readablePair('navy', 'black', FALLBACK);
    expect(pair.text).toBe('#000000');
    expect(ratioOf(pair)).toBeGreaterThanOrEqual(4.5);
    expect(pair.background).not.toBe('#000080');
  });

  it('falls back to the default colours for ones it cannot read', () => {
    expect(readablePair('sky', 'snow', FALLBACK)).toEqual(FALLBACK);
  });

  it('reaches 4.5:1 even when only black or white behind the text will do', () => {
    const pair = readablePair('#777777', '#767676', FALLBACK);
    expect(ratioOf(pair)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('readable pairs for mid-grey text (WCAG 2.2 §1.4.3; the banner invariant "every pair shown passes 4.5:1")', () => {
  it('darkens the background under a mid-tone text that no white background can carry', () => {
    // Grey text (luminance 0.22) reaches only 3.95:1 on white, but 5.3:1 on black.
    for (const text of ['gray', 'silver', '#a0a0a0', 'tomato']) {
      const pair = readablePair('silver', text, FALLBACK);
      expect(ratioOf(pair), text).toBeGreaterThanOrEqual(4.5);
      expect(pair.text).toBe(toHex(parseColor(text)!));
    }
  });
});

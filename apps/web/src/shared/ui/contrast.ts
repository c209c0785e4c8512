/** WCAG 2 contrast, to keep text on the theme colour (and the colour as text) readable. */

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

const rgb = (hex: string): [number, number, number] => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour itself when `ok` holds for it, else the nearest shade of it that does: towards black, or
 * towards white (`lighter`); black or white when none does.
 */
export function shadeUntil(color: string, ok: (shade: string) => boolean, lighter = false): string {
  if (!/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(color)) return color;
  const base = rgb(color);
  for (let k = 0; k <= 1; k += 0.02) {
    const shade = toHex(base.map((v) => (lighter ? v + (255 - v) * k : v * (1 - k))));
    if (ok(shade)) return shade;
  }
  return lighter ? '#ffffff' : '#000000';
}

/**
 * The colour itself when it reaches `ratio` against `against` (white: button text, a white card
 * behind links), else the lightest darker shade of it that does (WCAG AA for body text: 4.5).
 */
export const readableShade = (color: string, against = '#ffffff', ratio = 4.5): string =>
  shadeUntil(color, (shade) => contrast(shade, against) >= ratio);

import { describe, expect, it } from 'vitest';
import { contrast, readableShade } from './contrast';

describe('readable shades of the theme colour', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The default colour #409EFF behind white text fails AA (2.8:1), antd's #1677ff as link text too (4.1:1).
    expect(contrast('#409EFF', '#ffffff')).toBeLessThan(3);
    expect(contrast('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });

  it('darkens a colour just enough for white text and keeps one that already reads', () => {
    const shade = readableShade('#409EFF');
    expect(contrast(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(shade, '#ffffff')).toBeLessThan(4.9);
    expect(readableShade('#1d4ed8')).toBe('#1d4ed8');
    expect(readableShade('#fff')).not.toBe('#fff');
  });
});

import { describe, expect, it } from 'vitest';
import { previewStep, type PreviewState } from './previewer';

const run = (
  actions: Parameters<typeof previewStep>[1][],
  count = 3,
  s: PreviewState = { index: 0, scale: 1, rotate: 0 },
) => actions.reduce((acc, a) => previewStep(acc, a, count), s);

describe('the image previewer', () => {
  it('zooms in steps of 0.1 and never below 0.1', () => {
    expect(run(['zoomIn', 'zoomIn']).scale).toBe(1.2);
    expect(run(Array(9).fill('zoomOut')).scale).toBe(0.1);
    expect(run(Array(30).fill('zoomOut')).scale).toBe(0.1);
  });

  it('rotates by 90 degrees', () => {
    expect(run(['rotate']).rotate).toBe(90);
    expect(run(['rotate', 'rotate', 'rotate']).rotate).toBe(270);
  });

  it('moves between images, wrapping at the ends, and shows each one fresh', () => {
    expect(run(['zoomIn', 'rotate', 'next'])).toEqual({ index: 1, scale: 1, rotate: 0 });
    expect(run(['prev']).index).toBe(2);
    expect(run(['next', 'next', 'next']).index).toBe(0);
  });
});

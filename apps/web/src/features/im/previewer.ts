/** Spec §9: the image previewer zooms in steps of 0.1 down to 0.1 and rotates by 90 degrees. */
export const ZOOM_STEP = 0.1;
export const ZOOM_MIN = 0.1;
export const ROTATE_STEP = 90;

export interface PreviewState {
  index: number;
  scale: number;
  rotate: number;
}

export type PreviewAction = 'zoomIn' | 'zoomOut' | 'rotate' | 'prev' | 'next';

const round = (n: number) => Math.round(n * 10) / 10;

/** Moving to another image starts it fresh (scale 1, upright); the ends wrap around. */
export function previewStep(s: PreviewState, action: PreviewAction, count: number): PreviewState {
  switch (action) {
    case 'zoomIn':
      return { ...s, scale: round(s.scale + ZOOM_STEP) };
    case 'zoomOut':
      return { ...s, scale: Math.max(ZOOM_MIN, round(s.scale - ZOOM_STEP)) };
    case 'rotate':
      return { ...s, rotate: s.rotate + ROTATE_STEP };
    case 'prev':
      return { index: (s.index - 1 + count) % count, scale: 1, rotate: 0 };
    case 'next':
      return { index: (s.index + 1) % count, scale: 1, rotate: 0 };
  }
}

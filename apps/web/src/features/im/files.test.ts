import { describe, expect, it } from 'vitest';
import { classifyFile } from './files';

describe('dropped and pasted files', () => {
  it('sends jpg, jpeg, png, gif and bmp as images in any letter case, mp4 as video, the rest as files', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif', 'a.Bmp'])
      expect(classifyFile({ name, type: '' })).toBe('image');
    expect(classifyFile({ name: 'clip.mp4', type: '' })).toBe('video');
    expect(classifyFile({ name: 'clip', type: 'video/mp4' })).toBe('video');
    expect(classifyFile({ name: 'a.webp', type: 'image/webp' })).toBe('file');
    expect(classifyFile({ name: 'a.svg', type: 'image/svg+xml' })).toBe('file');
    expect(classifyFile({ name: 'offer.pdf', type: 'application/pdf' })).toBe('file');
  });
});

import { describe, expect, it } from 'vitest';
import { STICKERS, stickerName, stickerOf } from './stickers';

describe('the sticker set', () => {
  it('has 142 stickers with unique keys, characters and names in both languages', () => {
    expect(STICKERS).toHaveLength(142);
    expect(new Set(STICKERS.map((s) => s.key)).size).toBe(142);
    expect(new Set(STICKERS.map((s) => s.char)).size).toBe(142);
    expect(new Set(STICKERS.map((s) => s.zh)).size).toBe(142);
    expect(STICKERS.every((s) => s.en && s.zh)).toBe(true);
  });

  it('finds a face by key first, then by index', () => {
    expect(stickerOf({ index: 0, data: 'thumbs_up' })?.char).toBe('👍');
    expect(stickerOf({ index: 1 })?.key).toBe(STICKERS[1]!.key);
    expect(stickerOf({ data: 'nope' })).toBeUndefined();
    expect(stickerName(stickerOf({ data: 'thumbs_up' })!, 'en')).toBe('thumbs up');
    expect(stickerName(stickerOf({ data: 'thumbs_up' })!, 'zh')).toBe('赞');
  });
});

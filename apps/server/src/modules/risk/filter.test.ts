import { describe, expect, it } from 'vitest';
import { createWordFilter, foldLatin } from './filter.js';

describe('sensitive-word filter', () => {
  it('masks every occurrence of every word with one star per character', () => {
    const f = createWordFilter(['傻逼', '刷单', 'fuck']);
    expect(f.mask('你这个傻逼，别刷单了，傻逼')).toBe('你这个**，别**了，**');
    expect(f.mask('what the fuck')).toBe('what the ****');
    expect(f.mask('一切正常')).toBe('一切正常');
  });

  it('ignores Latin case, including full-width letters, and keeps the original text around the words', () => {
    const f = createWordFilter(['WeChat', 'fuck']);
    expect(f.mask('加我 wechat 或 WECHAT，FuCk')).toBe('加我 ****** 或 ******，****');
    expect(f.mask('ｆｕｃｋ off')).toBe('**** off');
    expect(f.find('Fuck')).toEqual([{ word: 'fuck', start: 0, end: 4 }]);
    expect(f.find('我用微信 WeChat')).toEqual([{ word: 'WeChat', start: 5, end: 11 }]);
  });

  it('masks the union of overlapping and nested words', () => {
    const f = createWordFilter(['法轮', '法轮功', 'ab', 'bc']);
    expect(f.mask('法轮功学员')).toBe('***学员');
    expect(f.mask('xabcx')).toBe('x***x');
    // In text order; where two words start together the longer comes first.
    expect(f.words('法轮功 abc')).toEqual(['法轮功', '法轮', 'ab', 'bc']);
  });

  it('counts a character outside the basic plane as one star', () => {
    const f = createWordFilter(['💩蛋']);
    expect(f.mask('你是💩蛋吗')).toBe('你是**吗');
  });

  it('drops blank and duplicate words and matches nothing with an empty list', () => {
    const f = createWordFilter(['  刷单 ', '刷单', 'FUCK', 'fuck', '', '   ']);
    expect(f.size).toBe(2);
    expect(createWordFilter([]).mask('刷单')).toBe('刷单');
    expect(createWordFilter([]).find('刷单')).toEqual([]);
  });

  it('folds one UTF-16 unit at a time so offsets stay those of the original', () => {
    expect(foldLatin('ÀÉÎ İ Ｘ１')).toBe('àéî İ x1');
    expect(foldLatin('ÀÉÎ İ Ｘ１').length).toBe('ÀÉÎ İ Ｘ１'.length);
  });
});

import AhoCorasick from 'modern-ahocorasick';

/** One occurrence of a sensitive word: the dictionary word and where it sits in the text (UTF-16, end exclusive). */
export interface WordHit {
  word: string;
  start: number;
  end: number;
}

export interface WordFilter {
  /** Every occurrence of every word, overlaps included, in text order (longer first at one start). */
  find(text: string): WordHit[];
  /** The text with each character covered by any occurrence replaced by '*' (one per character). */
  mask(text: string): string;
  /** The distinct words found, in order of first appearance. */
  words(text: string): string[];
  readonly size: number;
}

/**
 * Folds Latin letters one UTF-16 unit at a time, so offsets in the folded text are offsets in the original:
 * ASCII and Latin-1/Latin Extended letters to lower case, full-width Latin letters and digits (a common way
 * around filters in Chinese text) to their ASCII forms. Anything whose lower case is not one unit stays as is.
 */
export function foldLatin(text: string): string {
  let out = '';
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let f = c;
    if (c >= 0x41 && c <= 0x5a) f = c + 32;
    else if (c >= 0xff01 && c <= 0xff5e) {
      f = c - 0xfee0;
      if (f >= 0x41 && f <= 0x5a) f += 32;
    } else if (c >= 0xc0 && c <= 0x24f) {
      const lower = String.fromCharCode(c).toLowerCase();
      if (lower.length === 1) f = lower.charCodeAt(0);
    }
    if (f !== c) changed = true;
    out += String.fromCharCode(f);
  }
  return changed ? out : text;
}

/** Trims, folds and de-duplicates a word list; empty entries are dropped. */
export function normalizeWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const w of words) {
    const k = foldLatin(w.trim());
    if (k) seen.add(k);
  }
  return [...seen];
}

/**
 * A multi-pattern matcher over a word list: one Aho–Corasick automaton, so the cost of a scan grows with the
 * text, not with the number of words. Matching is case-insensitive for Latin letters (see foldLatin).
 */
export function createWordFilter(words: readonly string[]): WordFilter {
  // The folded form is matched; hits name the word as it was written in the list.
  const original = new Map<string, string>();
  for (const w of words) {
    const k = foldLatin(w.trim());
    if (k && !original.has(k)) original.set(k, w.trim());
  }
  const list = [...original.keys()];
  const matcher = list.length ? new AhoCorasick(list) : null;
  const find = (text: string): WordHit[] => {
    if (!matcher || !text) return [];
    return matcher
      .search(foldLatin(text))
      .map((m) => ({ word: original.get(m.pattern) ?? m.pattern, start: m.start, end: m.end }))
      .sort((a, b) => a.start - b.start || b.end - a.end);
  };
  return {
    size: list.length,
    find,
    mask(text) {
      const hits = find(text);
      if (!hits.length) return text;
      // Overlapping words (法轮 inside 法轮功, or "ab" and "bc" in "abc") mask the union of their ranges.
      const covered = new Uint8Array(text.length);
      for (const h of hits) covered.fill(1, h.start, h.end);
      let out = '';
      for (let i = 0; i < text.length; i++) {
        if (!covered[i]) {
          out += text[i];
          continue;
        }
        out += '*';
        // One star per character: the low half of a surrogate pair (an emoji in a word) adds none.
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && covered[i + 1]) i++;
      }
      return out;
    },
    words(text) {
      return [...new Set(find(text).map((h) => h.word))];
    },
  };
}

import { randomInt } from 'node:crypto';

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '#%+=@^'];

/** A strong password with every character class, for accounts whose password the operator did not set. */
export function strongPassword(length = 16): string {
  const chars = SETS.map((s) => s[randomInt(s.length)]!);
  const all = SETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Spec §3: a staff friend. */
export interface Staff {
  id: string;
  empNo?: string;
  realName: string;
  avatar?: string;
  brandNames?: string[];
  account: string;
}

/** Spec §2/§6: contacts are grouped by role: all, resource staff, online-sales staff, other staff. */
export const CONTACT_GROUPS = ['all', 'resource', 'online', 'other'] as const;
export type ContactGroup = (typeof CONTACT_GROUPS)[number];

export interface LetterGroup {
  letter: string;
  staff: Staff[];
}

/** Letters A–Z in order, anything else ('#') last; spec §3: the account 'admin' is removed from group A. */
export function toLetterGroups(data: Record<string, Staff[]> | undefined): LetterGroup[] {
  return Object.entries(data ?? {})
    .map(([letter, staff]) => ({
      letter,
      staff: letter.toUpperCase() === 'A' ? staff.filter((s) => s.account !== 'admin') : staff,
    }))
    .filter((g) => g.staff.length > 0)
    .sort((a, b) => {
      const az = /^[A-Z]$/i.test(a.letter);
      const bz = /^[A-Z]$/i.test(b.letter);
      return az === bz ? a.letter.localeCompare(b.letter) : az ? -1 : 1;
    });
}

/** Spec §5: the search text is trimmed; it matches the real name, the account or the employee number. */
export function searchContacts(groups: LetterGroup[], query: string): LetterGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  const hit = (s: Staff) =>
    s.realName.toLowerCase().includes(q) ||
    s.account.toLowerCase().includes(q) ||
    !!s.empNo?.toLowerCase().includes(q);
  return groups.map((g) => ({ ...g, staff: g.staff.filter(hit) })).filter((g) => g.staff.length > 0);
}

/** Spec §2: the responsible brands joined by a separator, or 'none'. */
export const brandLine = (brands: string[] | undefined, sep: string, none: string) =>
  brands?.length ? brands.join(sep) : none;

export type ContactRow = { kind: 'letter'; letter: string } | { kind: 'staff'; staff: Staff };

/** The flat rows of the virtual list: a letter heading before its staff. */
export const contactRows = (groups: LetterGroup[]): ContactRow[] =>
  groups.flatMap((g) => [
    { kind: 'letter' as const, letter: g.letter },
    ...g.staff.map((staff) => ({ kind: 'staff' as const, staff })),
  ]);

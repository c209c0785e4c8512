/** A menu leaf the search can open. */
export interface MenuEntry {
  code: string;
  path: string;
  label: string;
  icon?: string | null;
}

/** Spec §2: names match by prefix, case-insensitive. */
export function searchMenus(entries: MenuEntry[], text: string, limit = 20): MenuEntry[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return entries.filter((e) => e.label.toLowerCase().startsWith(q)).slice(0, limit);
}

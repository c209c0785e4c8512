/**
 * The workbench's date line: "Friday, 27 November 2026" in English, "2026年11月27日" in Chinese. Written
 * with the browser's own names (Intl) rather than a date library, which the workbench would otherwise
 * load for this one line.
 */
export function todayText(d: Date, lang: string): string {
  if (lang !== 'en') return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
  const weekday = new Intl.DateTimeFormat('en', { weekday: 'long' }).format(d);
  const month = new Intl.DateTimeFormat('en', { month: 'long' }).format(d);
  return `${weekday}, ${d.getDate()} ${month} ${d.getFullYear()}`;
}

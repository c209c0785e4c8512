/** "213216.81" → "¥213,216.81": grouping on the server's decimal string, never through a number. */
export const yuan = (v: string) => {
  const neg = v.startsWith('-');
  const [int = '0', frac = '00'] = (neg ? v.slice(1) : v).split('.');
  return `${neg ? '-' : ''}¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
};

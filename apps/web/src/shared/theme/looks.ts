/**
 * The 11 themes of spec §9 as plain values. The signed-in shell turns a look into antd's theme
 * (themes.ts); the sign-in page, drawn without antd, reads its colours from here.
 */
export const THEMES = [
  'default',
  'white',
  'dark',
  'star',
  'bule',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_COLOR = '#409EFF';

export interface Look {
  dark?: boolean;
  compact?: boolean;
  radius: number;
  siderBg: string;
  siderText: string;
  headerBg: string;
  headerText: string;
  layoutBg: string;
  /** A theme may fix its own primary colour; otherwise the colour picker's is used. */
  primary?: string;
}

export const LOOKS: Record<ThemeName, Look> = {
  default: {
    radius: 6,
    siderBg: '#20222a',
    siderText: '#ffffffa6',
    headerBg: '#ffffff',
    headerText: '#303133',
    layoutBg: '#f0f2f5',
  },
  white: {
    radius: 6,
    siderBg: '#ffffff',
    siderText: '#303133',
    headerBg: '#ffffff',
    headerText: '#303133',
    layoutBg: '#f7f8fa',
  },
  dark: {
    dark: true,
    radius: 6,
    siderBg: '#141414',
    siderText: '#ffffffa6',
    headerBg: '#1f1f1f',
    headerText: '#ffffffd9',
    layoutBg: '#000000',
  },
  star: {
    dark: true,
    radius: 10,
    siderBg: '#0b1a3a',
    siderText: '#c7d2fe',
    headerBg: '#0f2350',
    headerText: '#e0e7ff',
    layoutBg: '#050d1f',
    primary: '#7c6cff',
  },
  bule: {
    radius: 4,
    siderBg: '#1e3a8a',
    siderText: '#dbeafe',
    headerBg: '#1d4ed8',
    headerText: '#ffffff',
    layoutBg: '#eff6ff',
    primary: '#2563eb',
  },
  iview: {
    radius: 4,
    siderBg: '#515a6e',
    siderText: '#ffffffb3',
    headerBg: '#ffffff',
    headerText: '#515a6e',
    layoutBg: '#f5f7f9',
    primary: '#2d8cf0',
  },
  vip: {
    dark: true,
    radius: 2,
    siderBg: '#1a1a1a',
    siderText: '#d4af37',
    headerBg: '#111111',
    headerText: '#d4af37',
    layoutBg: '#0d0d0d',
    primary: '#d4af37',
  },
  cool: {
    radius: 16,
    siderBg: '#0f766e',
    siderText: '#ccfbf1',
    headerBg: '#14b8a6',
    headerText: '#ffffff',
    layoutBg: '#f0fdfa',
    primary: '#0d9488',
  },
  d2: {
    radius: 4,
    compact: true,
    siderBg: '#ebf1f6',
    siderText: '#2f4f6f',
    headerBg: '#ebf1f6',
    headerText: '#2f4f6f',
    layoutBg: '#f4f7fa',
    primary: '#3a8ee6',
  },
  hey: {
    radius: 12,
    siderBg: '#fff7ed',
    siderText: '#9a3412',
    headerBg: '#fb923c',
    headerText: '#ffffff',
    layoutBg: '#fffbf5',
    primary: '#f97316',
  },
  lte: {
    radius: 3,
    siderBg: '#222d32',
    siderText: '#b8c7ce',
    headerBg: '#3c8dbc',
    headerText: '#ffffff',
    layoutBg: '#ecf0f5',
    primary: '#3c8dbc',
  },
};

/** Whether text on this background should be light (the side menu picks its antd theme from it). */
export function isDarkColour(hex: string): boolean {
  const m = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})/i.exec(hex);
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x!, 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 140;
}

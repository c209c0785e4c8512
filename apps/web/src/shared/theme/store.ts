import { create } from 'zustand';
import { getStore, setStore } from '../storage';
import { DEFAULT_COLOR, THEMES, type ThemeName } from './looks';

interface ThemeState {
  name: ThemeName;
  color: string;
}

const saved = getStore<string>('theme');
export const useTheme = create<ThemeState>(() => ({
  name: (THEMES as readonly string[]).includes(saved ?? '') ? (saved as ThemeName) : 'default',
  color: getStore<string>('themeColor') ?? DEFAULT_COLOR,
}));

export function setThemeName(name: ThemeName) {
  setStore('theme', name);
  useTheme.setState({ name });
}

export function setThemeColor(color: string) {
  setStore('themeColor', color);
  useTheme.setState({ color });
}

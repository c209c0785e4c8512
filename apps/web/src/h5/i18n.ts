import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '@/shared/storage';
import { texts } from './texts';

export type Lang = 'zh' | 'en';

/**
 * The mobile page has an i18next instance of its own with only its texts (the shell's catalogue is not
 * loaded here); the language choice is the same stored entry the shell uses.
 */
export const i18n = i18next.createInstance();

export const storedLang = (): Lang => (getStore<Lang>('language', false) === 'en' ? 'en' : 'zh');

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: texts.zh }, en: { translation: texts.en } },
  lng: storedLang(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLang(lang: Lang) {
  setStore('language', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  void i18n.changeLanguage(lang);
}

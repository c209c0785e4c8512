import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStore, setStore } from '../storage';
import { en, zh } from './messages';

export type Lang = 'zh' | 'en';

/** The languages a user can switch to: code, short label, name (each in its own language). */
export const LANGS: ReadonlyArray<readonly [Lang, string, string]> = [
  ['zh', '中', '中文'],
  ['en', 'EN', 'English'],
];

export const currentLang = (): Lang => (getStore<Lang>('language', false) === 'en' ? 'en' : 'zh');

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: currentLang(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});

// English messages put a field's label inside a sentence ("Please enter the department name"): there a
// label loses its capital, unless it is an acronym ("URL").
i18n.services.formatter?.add('inSentence', (value: unknown, lng?: string) => {
  const text = String(value ?? '');
  return lng === 'en' && /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
});

/** Feature folders bring their own texts under a namespace key of the translation. */
export function addResources(namespace: string, texts: { zh: object; en: object }) {
  i18n.addResourceBundle('zh', 'translation', { [namespace]: texts.zh }, true, true);
  i18n.addResourceBundle('en', 'translation', { [namespace]: texts.en }, true, true);
}

export function setLang(lang: Lang) {
  setStore('language', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  void i18n.changeLanguage(lang);
}

/** A server-provided { zh, en } label in the current language. */
export const pick = (texts: { zh?: string; en?: string } | undefined, fallback: string) =>
  (texts?.[i18n.language as Lang] ?? fallback) || fallback;

export default i18n;

import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import { LANGS, setLang } from '@/shared/i18n';

/** zh or en; the current one is disabled. Tab titles follow because they are read in the current language. */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Space.Compact size="small" role="group" aria-label={t('nav.language')}>
      {LANGS.map(([lang, short, name]) => (
        <Button
          key={lang}
          size="small"
          disabled={i18n.language === lang}
          onClick={() => setLang(lang)}
          aria-label={name}
          title={name}
        >
          {short}
        </Button>
      ))}
    </Space.Compact>
  );
}

import { useTranslation } from 'react-i18next';
import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { setLang, type Lang } from '@/shared/i18n';

const LANGS: Array<[Lang, string]> = [
  ['zh', '中文'],
  ['en', 'English'],
];

/** zh or en; the current one is disabled. Tab titles follow because they are read in the current language. */
export function LangSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: LANGS.map(([k, label]) => ({ key: k, label, disabled: i18n.language === k })),
        onClick: ({ key }) => setLang(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('nav.language')}
        title={t('nav.language')}
      />
    </Dropdown>
  );
}

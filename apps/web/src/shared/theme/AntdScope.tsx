import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigProvider } from 'antd';
// antd's ES modules (antd/locale/* are its CommonJS copies, which would ship beside the ES ones antd uses).
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { themeConfig } from './themes';
import { useTheme } from './store';

/**
 * antd in the chosen theme and language. The signed-in shell draws inside it; the sign-in page, which
 * draws without antd, puts its dialogs inside it (loaded with the dialog).
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { name, color } = useTheme();
  return (
    <ConfigProvider theme={themeConfig(name, color)} locale={i18n.language === 'en' ? enUS : zhCN}>
      {children}
    </ConfigProvider>
  );
}

import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
// antd's reset and icons' styles; each component's sheet comes with its chunk (vite/antdStaticStyle.ts).
import 'virtual:antd-style/common.css';
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
  // A new theme object makes antd work its tokens out again (and a dark look's link colour is searched for).
  const theme = useMemo(() => themeConfig(name, color), [name, color]);
  return (
    // `layer`: what antd still writes at run time (its icons' reset) goes into the cascade layer below
    // the sheets written at build time, as it went first in the document before them.
    <StyleProvider layer>
      <ConfigProvider theme={theme} locale={i18n.language === 'en' ? enUS : zhCN}>
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { themeConfig } from '@/shared/theme/themes';
import { useTheme } from '@/shared/theme/store';
import { AppRoutes } from './router';

/**
 * The base text style antd's `App` would set (colour, size, line height, font of the theme), without
 * its modal and notification hooks: dialogs and toasts are antd's static ones (Modal.confirm through
 * shared/notify/confirm, message through shared/http toast), loaded when first used.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="fc-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export function App() {
  const { i18n, t } = useTranslation();
  const { name, color } = useTheme();
  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);
  return (
    <ConfigProvider theme={themeConfig(name, color)} locale={i18n.language === 'en' ? enUS : zhCN}>
      <BaseText>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </BaseText>
    </ConfigProvider>
  );
}

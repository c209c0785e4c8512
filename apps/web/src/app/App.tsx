import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { themeConfig } from '@/shared/theme/themes';
import { useTheme } from '@/shared/theme/store';
import { router } from './router';

export function App() {
  const { i18n, t } = useTranslation();
  const { name, color } = useTheme();
  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);
  return (
    <ConfigProvider theme={themeConfig(name, color)} locale={i18n.language === 'en' ? enUS : zhCN}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}

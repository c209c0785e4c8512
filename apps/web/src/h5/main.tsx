import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ConfigProvider, unstableSetRender } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import enUS from 'antd-mobile/es/locales/en-US';
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';
import { H5App } from './App';
import './h5.css';

// antd-mobile draws Toast and Dialog through its own render call; React 19 needs it to use createRoot.
unstableSetRender((node, container) => {
  const host = container as Element & { _h5Root?: Root };
  host._h5Root ??= createRoot(container);
  const root = host._h5Root;
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
    delete host._h5Root;
  };
});

function Localised() {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider locale={current.language === 'en' ? enUS : zhCN}>
      <H5App />
    </ConfigProvider>
  );
}

document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Localised />
    </I18nextProvider>
  </StrictMode>,
);

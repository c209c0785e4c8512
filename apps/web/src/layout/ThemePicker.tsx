import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown } from 'antd';
import { BgColorsOutlined, SkinOutlined } from '@ant-design/icons';
import { THEMES, LOOKS, type ThemeName } from '@/shared/theme/themes';
import { setThemeName, useTheme } from '@/shared/theme/store';

// The colour picker (with its sliders and inputs) loads when the colour button is first pressed.
const ThemeColorPicker = lazy(() => import('./ThemeColorPicker'));

export function ThemePicker() {
  const { t } = useTranslation();
  const name = useTheme((s) => s.name);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [name],
        items: THEMES.map((k) => ({
          key: k,
          label: (
            <span data-theme={k} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <span
                style={{
                  width: 14,
                  height: 14,
                  borderRadius: 3,
                  background: LOOKS[k].siderBg,
                  border: `3px solid ${LOOKS[k].headerBg}`,
                }}
              />
              {t(`themes.${k}`)}
            </span>
          ),
        })),
        onClick: ({ key }) => setThemeName(key as ThemeName),
      }}
    >
      <Button type="text" icon={<SkinOutlined />} aria-label={t('nav.theme')} title={t('nav.theme')} />
    </Dropdown>
  );
}

export function ThemeColor() {
  const { t } = useTranslation();
  const color = useTheme((s) => s.color);
  const [used, setUsed] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<BgColorsOutlined style={{ color }} />}
      aria-label={t('nav.color')}
      title={t('nav.color')}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ThemeColorPicker>{button}</ThemeColorPicker>
    </Suspense>
  );
}

import { useTranslation } from 'react-i18next';
import { Button, ColorPicker, Dropdown } from 'antd';
import { BgColorsOutlined, SkinOutlined } from '@ant-design/icons';
import { THEMES, LOOKS, type ThemeName } from '@/shared/theme/themes';
import { setThemeColor, setThemeName, useTheme } from '@/shared/theme/store';

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
  return (
    <ColorPicker
      value={color}
      onChangeComplete={(c) => setThemeColor(c.toHexString())}
      presets={[
        {
          label: t('nav.color'),
          colors: ['#409EFF', '#1677ff', '#f5222d', '#fa541c', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96'],
        },
      ]}
    >
      <Button
        type="text"
        icon={<BgColorsOutlined style={{ color }} />}
        aria-label={t('nav.color')}
        title={t('nav.color')}
      />
    </ColorPicker>
  );
}

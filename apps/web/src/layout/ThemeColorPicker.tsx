import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorPicker } from 'antd';
import { setThemeColor, useTheme } from '@/shared/theme/store';

const PRESETS = ['#409EFF', '#1677ff', '#f5222d', '#fa541c', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96'];

/** The colour picker around the toolbar button; it mounts on the first click, so it starts open. */
export default function ThemeColorPicker({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const color = useTheme((s) => s.color);
  const [open, setOpen] = useState(true);
  return (
    <ColorPicker
      open={open}
      onOpenChange={setOpen}
      value={color}
      onChangeComplete={(c) => setThemeColor(c.toHexString())}
      presets={[{ label: t('nav.color'), colors: PRESETS }]}
    >
      {children}
    </ColorPicker>
  );
}

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button, Select } from 'antd';
import '../i18n';
import AntdScope from './AntdScope';

describe('antd inside the shell', () => {
  it("writes no component style at run time, only the theme's variables (the build ships the sheets)", () => {
    render(
      <AntdScope>
        <Button type="primary">保存</Button>
        <Select options={[{ value: 1, label: 'A' }]} />
      </AntdScope>,
    );
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
    const styles = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '');
    // A component sheet is scoped by antd's class hash; the variables' sheets are not.
    expect(styles.filter((css) => css.includes(':where(.css-'))).toEqual([]);
    expect(styles.some((css) => /--ant-color-primary:#409eff/i.test(css))).toBe(true);
    // What antd still writes (the icons' reset) goes into its own layer, below the build's sheets.
    expect(styles.filter((css) => css.includes('.anticon{') && !css.startsWith('@layer antd'))).toEqual([]);
  });
});

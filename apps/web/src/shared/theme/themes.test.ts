import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { contrast } from '@/shared/ui/contrast';
import { DEFAULT_COLOR, LOOKS, THEMES, themeConfig } from './themes';

/** An rgba() token painted over an opaque hex background, as the browser composes it. */
const over = (rgba: string, bg: string) => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)/.exec(rgba);
  if (!m) return rgba;
  const a = m[4] === undefined ? 1 : Number(m[4]);
  const back = [1, 3, 5].map((i) => Number.parseInt(bg.replace('#', '').slice(i - 1, i + 1), 16));
  return `#${[1, 2, 3]
    .map((i, k) =>
      Math.round(Number(m[i]) * a + back[k]! * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

describe('themes', () => {
  // Statistic titles, hints and empty states are drawn in the description colour: in every theme it
  // must read as body text (WCAG AA, 4.5:1) on the cards it sits on.
  it.each(THEMES)('%s: description text reaches 4.5:1 on a card', (name) => {
    const token = theme.getDesignToken(themeConfig(name, DEFAULT_COLOR));
    const card = token.colorBgContainer;
    expect(contrast(over(token.colorTextDescription, card), card)).toBeGreaterThanOrEqual(4.5);
    if (!LOOKS[name].dark)
      expect(
        contrast(over(token.colorTextDescription, LOOKS[name].layoutBg), LOOKS[name].layoutBg),
      ).toBeGreaterThanOrEqual(4.5);
  });

  // The side menu's open page: white on the theme colour (dark menus) or the theme colour on its pale
  // tint (light menus), for every theme and for colours a user may pick.
  it.each(THEMES.flatMap((name) => [DEFAULT_COLOR, '#fadb14', '#13c2c2'].map((c) => [name, c] as const)))(
    '%s with %s: the open page in the side menu reaches 4.5:1',
    (name, color) => {
      const config = themeConfig(name, color);
      const menu = config.components!.Menu!;
      if (menu.darkItemSelectedBg) {
        expect(contrast('#ffffff', menu.darkItemSelectedBg)).toBeGreaterThanOrEqual(4.5);
      } else {
        const token = theme.getDesignToken(config);
        expect(contrast(menu.itemSelectedColor!, token.controlItemBgActive)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  // A link (a card's "open" button) on a card and on the page behind it, in every look and for colours a
  // user may pick: the colour antd shows, after its dark algorithm where the look is dark.
  it.each(
    THEMES.flatMap((name) => [DEFAULT_COLOR, '#fadb14', '#13c2c2', '#1677ff'].map((c) => [name, c] as const)),
  )('%s with %s: links reach 4.5:1 on a card and on the page', (name, color) => {
    const token = theme.getDesignToken(themeConfig(name, color));
    expect(contrast(token.colorLink, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token.colorLink, LOOKS[name].layoutBg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(THEMES)('%s: placeholders reach 4.5:1 on an input', (name) => {
    const token = theme.getDesignToken(themeConfig(name, DEFAULT_COLOR));
    const box = token.colorBgContainer;
    expect(contrast(over(token.colorTextPlaceholder, box), box)).toBeGreaterThanOrEqual(4.5);
  });
});

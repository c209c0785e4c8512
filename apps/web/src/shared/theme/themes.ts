import { theme as antdTheme, type ThemeConfig } from 'antd';
import { generate } from '@ant-design/colors';
import { contrast, readableShade, shadeUntil } from '@/shared/ui/contrast';
import { LOOKS, isDarkColour, type Look, type ThemeName } from './looks';

export * from './looks';

/**
 * The seed of the link colour: the theme colour, shaded until what antd shows reads (4.5:1) on a card
 * (#ffffff; #141414 in antd's dark algorithm) and on the page behind it. antd shows a light look's seed
 * as it is, darkened here; its dark algorithm shows generate(seed, dark)[5], the seed mixed into the dark
 * background, so a dark look's seed is lightened until that reads.
 */
function linkSeed(primary: string, look: Look): string {
  const reads = (shown: string) =>
    [look.dark ? '#141414' : '#ffffff', look.layoutBg].every((b) => contrast(shown, b) >= 4.5);
  return look.dark
    ? shadeUntil(primary, (seed) => reads(generate(seed, { theme: 'dark' })[5]!), true)
    : shadeUntil(primary, reads);
}

export function themeConfig(name: ThemeName, color: string): ThemeConfig {
  const look = LOOKS[name] ?? LOOKS.default;
  const algorithm = [
    look.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    ...(look.compact ? [antdTheme.compactAlgorithm] : []),
  ];
  const primary = look.primary ?? color;
  return {
    algorithm,
    cssVar: {},
    // antd builds no style sheet at run time: the build writes them (vite/antdStaticStyle.ts). A theme
    // reaches them through the CSS variables above, which antd still declares for each theme.
    zeroRuntime: true,
    token: {
      colorPrimary: primary,
      borderRadius: look.radius,
      colorBgLayout: look.layoutBg,
      // antd's description grey (45 % black, 3.4:1 on white) fails WCAG AA for body text; 60 % reads at
      // 5.7:1 on white and at least 4.5:1 on every light layout background (statistic titles, hints,
      // empty states; themes.test.ts checks each theme).
      colorTextDescription: look.dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)',
      // The same for a placeholder the user has to read to know what a box is for (the top menu search).
      colorTextPlaceholder: look.dark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.55)',
      // Links (and link buttons: a card's "open" action) are antd's own blue whatever the theme colour,
      // #1677ff at 4.1:1 on white. They take the theme colour, shaded until they read on a card and on
      // the page behind it (WCAG AA); antd derives their hover and press colours from it.
      colorLink: linkSeed(primary, look),
    },
    components: {
      Layout: {
        siderBg: look.siderBg,
        // A light side menu (white, d2, hey) is drawn by antd's light sider, which has its own colour:
        // without it the menu's colour stopped where the menu ended, half-way down the window.
        lightSiderBg: look.siderBg,
        headerBg: look.headerBg,
        bodyBg: look.layoutBg,
        headerPadding: '0 12px',
        headerHeight: 56,
      },
      Menu:
        look.dark || isDarkColour(look.siderBg)
          ? {
              darkItemBg: look.siderBg,
              darkSubMenuItemBg: look.siderBg,
              darkItemColor: look.siderText,
              darkPopupBg: look.siderBg,
              // The open page's item is white on the theme colour: a light theme colour (the default
              // #409EFF gives 2.8:1) is darkened until the white title reads (WCAG AA).
              darkItemSelectedBg: readableShade(primary, '#ffffff'),
            }
          : {
              itemBg: look.siderBg,
              subMenuItemBg: look.siderBg,
              itemColor: look.siderText,
              // The open page's title in the theme colour on its pale tint: darkened with a margin for
              // the tint, which is a little darker than white.
              itemSelectedColor: readableShade(primary, '#ffffff', 5.5),
            },
    },
  };
}

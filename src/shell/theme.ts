import type { ThemeConfig } from 'antd';
import { appSettings } from '../generated/settings';
import { readableOn, tint } from './readable-colour';

export const HEADER_HEIGHT = 56;
export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 64;
export const HEADER_BG = '#001529';

// Text at WCAG AA (4.5:1). antd's captions (0.45 black) and placeholders (0.25) read at 3.4:1 and
// 1.8:1; 0.58 black reads at 5.3:1 on white and 4.9:1 on the grey body. The primary stays the
// spec's on buttons and on the header's active module tab (the spec names both); as text (links, the
// selected menu entry, tags) it and the status colours are darkened as far as they must be.
const readableGrey = 'rgba(0, 0, 0, 0.58)';
const primary = appSettings.primaryColor;
const selectedBg = tint(primary, 0.9);
const readablePrimary = readableOn(primary, '#ffffff');
/** A status colour (antd's default) that reads as text on its own light background, as tags show it. */
const readableStatus = (colour: string) => readableOn(colour, tint(colour, 0.9), 4.6);

// Ant Design Pro's mixed layout: a dark full-width header over a light sider and a grey body.
export const shellTheme: ThemeConfig = {
  token: {
    colorPrimary: appSettings.primaryColor,
    borderRadius: 6,
    colorTextTertiary: readableGrey,
    colorTextPlaceholder: readableGrey,
    colorLink: readablePrimary,
    colorInfo: readableStatus(primary),
    colorSuccess: readableStatus('#52c41a'),
    colorWarning: readableStatus('#faad14'),
    colorError: readableStatus('#ff4d4f'),
  },
  components: {
    Layout: {
      headerHeight: HEADER_HEIGHT,
      headerPadding: '0 16px',
      headerBg: HEADER_BG,
      siderBg: '#fff',
      lightTriggerBg: '#fff',
      bodyBg: '#f5f5f5',
    },
    Menu: {
      horizontalLineHeight: `${HEADER_HEIGHT}px`,
      darkItemBg: HEADER_BG,
      darkPopupBg: HEADER_BG,
      darkItemSelectedBg: primary,
      itemSelectedBg: selectedBg,
      itemSelectedColor: readableOn(primary, selectedBg),
      subMenuItemSelectedColor: readablePrimary,
    },
  },
};

/** The class carrying antd's CSS variables (--ant-color-primary, …): the app's wrapper has it. */
export const themeClass = 'cfop-theme';
/** The console's antd theme, as its ConfigProvider and the build's antd plugins use it. */
export const appTheme: ThemeConfig = { ...shellTheme, cssVar: { key: themeClass } };

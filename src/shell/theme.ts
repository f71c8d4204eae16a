import type { ThemeConfig } from 'antd';
import { appSettings } from '../generated/settings';

export const HEADER_HEIGHT = 56;
export const SIDER_WIDTH = 208;
export const SIDER_COLLAPSED_WIDTH = 64;
export const HEADER_BG = '#001529';

// Ant Design Pro's mixed layout: a dark full-width header over a light sider and a grey body.
export const shellTheme: ThemeConfig = {
  token: { colorPrimary: appSettings.primaryColor, borderRadius: 6 },
  components: {
    Layout: {
      headerHeight: HEADER_HEIGHT,
      headerPadding: '0 16px',
      headerBg: HEADER_BG,
      siderBg: '#fff',
      lightTriggerBg: '#fff',
      bodyBg: '#f5f5f5',
    },
    Menu: { horizontalLineHeight: `${HEADER_HEIGHT}px`, darkItemBg: HEADER_BG, darkPopupBg: HEADER_BG },
  },
};

/** The class carrying antd's CSS variables (--ant-color-primary, …): the app's wrapper has it. */
export const themeClass = 'cfop-theme';
/** The console's antd theme, as its ConfigProvider and the build's antd plugins use it. */
export const appTheme: ThemeConfig = { ...shellTheme, cssVar: { key: themeClass } };

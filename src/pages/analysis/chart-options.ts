import type { GlobalToken } from 'antd';
import type { LocalText } from '../../generated/settings';
import type { ChartOption } from './EChart';
import { levelOptions, statusOptions } from '../shared/alert-tags';
import { bucketLabels, levels, levelSeries, type AlertStatus, type OperationsDashboard } from './series';

type Translate = (text: LocalText) => string;

/** The theme colour of an antd badge status, so a chart's level reads as the wall's badge does. */
export function badgeColor(status: string, token: GlobalToken): string {
  switch (status) {
    case 'success':
      return token.colorSuccess;
    case 'processing':
      return token.colorPrimary;
    case 'warning':
      return token.colorWarning;
    case 'error':
      return token.colorError;
    default:
      return token.colorTextQuaternary;
  }
}

const statuses: readonly AlertStatus[] = ['pending', 'confirmed', 'dismissed'];

/** Text and lines of every chart in the theme's colours and font. */
function base(token: GlobalToken): ChartOption {
  return {
    textStyle: { fontFamily: token.fontFamily, color: token.colorTextSecondary },
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText, fontSize: token.fontSizeSM },
    },
    legend: { top: 0, textStyle: { color: token.colorTextSecondary }, itemWidth: 12, itemHeight: 12 },
  };
}

/** Alerts per hour or day, a stacked bar per level; a bar's `seriesId` is its level. */
export function trendOption(dashboard: OperationsDashboard, token: GlobalToken, t: Translate): ChartOption {
  const counts = levelSeries(dashboard.trend);
  return {
    ...base(token),
    tooltip: { ...base(token).tooltip, trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 8, top: 36, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: bucketLabels(dashboard),
      axisTick: { alignWithLabel: true },
      axisLine: { lineStyle: { color: token.colorBorder } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    },
    // Critical on top of the stack, where the eye lands first.
    series: levels.map((level) => ({
      id: level,
      name: t(levelOptions[level].label),
      type: 'bar',
      stack: 'alerts',
      barMaxWidth: 28,
      color: badgeColor(levelOptions[level].color, token),
      emphasis: { focus: 'series' },
      data: counts[level],
    })),
  };
}

/**
 * A ring of shares, one slice per `id`: the legend names each with its count (outside labels crowd
 * a narrow card), the tooltip adds its share.
 */
function ringOption(
  token: GlobalToken,
  t: Translate,
  id: string,
  slices: readonly { id: string; name: string; value: number; color: string }[],
): ChartOption {
  const counts = new Map(slices.map((slice) => [slice.name, slice.value]));
  return {
    ...base(token),
    tooltip: {
      ...base(token).tooltip,
      trigger: 'item',
      formatter: t({ zh: '{b}：{c}（{d}%）', en: '{b}: {c} ({d}%)' }),
    },
    legend: {
      ...base(token).legend,
      top: 'auto',
      bottom: 0,
      formatter: (name: string) => `${name} ${counts.get(name) ?? 0}`,
    },
    series: [
      {
        id,
        type: 'pie',
        radius: ['50%', '75%'],
        center: ['50%', '45%'],
        itemStyle: { borderColor: token.colorBgContainer, borderWidth: 2 },
        label: { show: false },
        data: slices.map(({ id: sliceId, name, value, color }) => ({
          id: sliceId,
          name,
          value,
          itemStyle: { color },
        })),
      },
    ],
  };
}

/** The period's alerts by level; a slice's `data.id` is its level. */
export function levelOption(dashboard: OperationsDashboard, token: GlobalToken, t: Translate): ChartOption {
  return ringOption(
    token,
    t,
    'levels',
    [...levels].reverse().map((level) => ({
      id: level,
      name: t(levelOptions[level].label),
      value: dashboard.alerts.byLevel[level],
      color: badgeColor(levelOptions[level].color, token),
    })),
  );
}

/** The period's alerts by handling status; a slice's `data.id` is its status. */
export function statusOption(dashboard: OperationsDashboard, token: GlobalToken, t: Translate): ChartOption {
  return ringOption(
    token,
    t,
    'statuses',
    statuses.map((status) => ({
      id: status,
      name: t(statusOptions[status].label),
      value: dashboard.alerts[status],
      color: badgeColor(statusOptions[status].color, token),
    })),
  );
}

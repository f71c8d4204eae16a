import { BarChart, PieChart, type BarSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import {
  init,
  use as registerChartParts,
  type ComposeOption,
  type ECElementEvent,
  type ECharts,
} from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws, so the rest of ECharts stays out of the build; SVG draws crisp at
// any zoom and its chunk is a little smaller than the canvas renderer's.
registerChartParts([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<
  BarSeriesOption | PieSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

export type ChartClick = ECElementEvent;

/**
 * One ECharts chart in a div: it follows its container's size (the sider folding, the window, a kept
 * screen shown again), takes each new option as an update (so a refresh animates from the figures
 * shown), and is disposed of with the component.
 */
export function EChart(props: {
  option: ChartOption;
  /** Names what the chart shows, for a screen reader (the chart itself is a picture). */
  label: string;
  className?: string;
  onClick?: (event: ChartClick) => void;
}) {
  const { option, onClick } = props;
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => {
      // A hidden screen measures 0 × 0: resize once it is shown again.
      if (element.clientWidth > 0 && element.clientHeight > 0) instance.resize();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Series are replaced, not merged by position: a period with fewer bars drops the others.
    chart.current?.setOption(option, { replaceMerge: ['series'] });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onClick) return;
    instance.on('click', onClick);
    return () => void instance.off('click', onClick);
  }, [onClick]);

  return <div ref={container} role="img" aria-label={props.label} className={props.className} />;
}

// Every chart of the product: ECharts with only line, bar and pie registered (echarts/core
// keeps the rest out of the bundle). Import it from this file only, on pages with charts.
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { DatasetComponentOption, GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import './Chart.css';

echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, DatasetComponent, CanvasRenderer]);

const THEME = 'nindo';
echarts.registerTheme(THEME, {
  color: ['#5b5bd6', '#22b39a', '#f5a524', '#e5484d', '#3e9bf0', '#8e4ec6', '#8d8d99'],
  textStyle: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' },
  categoryAxis: { axisLine: { lineStyle: { color: '#c9ccd8' } }, axisLabel: { color: '#646b7d' }, splitLine: { show: false } },
  valueAxis: { axisLine: { show: false }, axisLabel: { color: '#646b7d' }, splitLine: { lineStyle: { color: '#eceef3' } } },
  legend: { textStyle: { color: '#646b7d' } },
});

export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DatasetComponentOption
>;

export type ChartProps = {
  option: ChartOption;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  loading?: boolean;
};

export function Chart({ option, label, height = 300, loading = false }: ChartProps) {
  return (
    <div className="chart" role="img" aria-label={label} aria-busy={loading}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        theme={THEME}
        showLoading={loading}
        loadingOption={{ text: '', color: '#5b5bd6' }}
        notMerge
        style={{ height, width: '100%' }}
      />
    </div>
  );
}

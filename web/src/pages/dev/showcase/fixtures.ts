// Sample rows and series for the component showcase (no server needed).
import type { TablePage, TableQuery } from '../../../components/data-table/DataTable';
import type { ChartOption } from '../../../components/Chart';

export type SampleWidget = { id: string; name: string; type: string; views: number; status: 'Published' | 'Draft'; updated: string };

const TYPES = ['Reviews', 'FAQ', 'Countdown', 'Image Slider', 'Pricing Table', 'Social Feed'];

export const sampleWidgets: SampleWidget[] = Array.from({ length: 47 }, (_, index) => ({
  id: `w${index + 1}`,
  name: `${TYPES[index % TYPES.length]} ${Math.floor(index / TYPES.length) + 1}`,
  type: TYPES[index % TYPES.length],
  views: (index * 7919) % 12000,
  status: index % 3 === 0 ? 'Draft' : 'Published',
  updated: new Date(Date.UTC(2026, 9, 1 + (index % 28))).toISOString().slice(0, 10),
}));

/** Does what a list endpoint does: search, sort, page. */
export async function fetchSampleWidgets({ page, limit, sort, search }: TableQuery): Promise<TablePage<SampleWidget>> {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const needle = search.toLowerCase();
  const matching = sampleWidgets.filter((row) => row.name.toLowerCase().includes(needle));
  const key = sort?.field as keyof SampleWidget | undefined;
  const sorted = key ? [...matching].sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (sort?.direction === 'desc' ? -1 : 1)) : matching;
  return { docs: sorted.slice((page - 1) * limit, page * limit), total: matching.length };
}

const days = Array.from({ length: 14 }, (_, index) => `Nov ${index + 1}`);

export const lineOption: ChartOption = {
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  grid: { left: 40, right: 16, top: 16, bottom: 48 },
  xAxis: { type: 'category', data: days, boundaryGap: false },
  yAxis: { type: 'value' },
  series: [
    { name: 'Views', type: 'line', smooth: true, areaStyle: { opacity: 0.08 }, data: [120, 132, 101, 134, 190, 230, 210, 250, 232, 301, 280, 320, 310, 360] },
    { name: 'Interactions', type: 'line', smooth: true, data: [30, 42, 38, 51, 60, 72, 65, 80, 77, 95, 90, 101, 99, 120] },
  ],
};

export const barOption: ChartOption = {
  tooltip: { trigger: 'axis' },
  grid: { left: 40, right: 16, top: 16, bottom: 32 },
  xAxis: { type: 'category', data: ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'] },
  yAxis: { type: 'value' },
  series: [{ name: 'Revenue', type: 'bar', barWidth: '45%', itemStyle: { borderRadius: [4, 4, 0, 0] }, data: [820, 932, 901, 1234, 1290, 1330] }],
};

export const pieOption: ChartOption = {
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [
    {
      name: 'Devices',
      type: 'pie',
      radius: ['45%', '70%'],
      center: ['50%', '45%'],
      itemStyle: { borderColor: '#fff', borderWidth: 2 },
      label: { show: false },
      data: [
        { name: 'Desktop', value: 58 },
        { name: 'Mobile', value: 36 },
        { name: 'Tablet', value: 6 },
      ],
    },
  ],
};

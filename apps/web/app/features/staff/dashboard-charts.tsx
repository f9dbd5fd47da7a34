import { Column, Line } from '@ant-design/charts';
import type { Dashboard } from '@fuliaotong/contracts';

/*
 * The dashboard's charts (@ant-design/charts, canvas): loaded only by the dashboard, after the
 * numbers, so that no other page ships them. They fit their container's width (phones too).
 */

const short = (day: string) => day.slice(5);

export function DailyChart({ data, label }: { data: Dashboard['members']['byDay']; label: string }) {
  return (
    <Line
      data={data.map((d) => ({ day: short(d.day), count: d.count }))}
      xField="day"
      yField="count"
      height={220}
      autoFit
      point={{ size: 3 }}
      axis={{ y: { title: label, labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } }}
      tooltip={{ items: [{ channel: 'y', name: label }] }}
    />
  );
}

export function StatusChart({ data }: { data: Array<{ status: string; count: number }> }) {
  return (
    <Column
      data={data}
      xField="status"
      yField="count"
      height={220}
      autoFit
      label={{ text: 'count', position: 'inside' }}
      axis={{ y: { labelFormatter: (v: number) => (Number.isInteger(v) ? String(v) : '') } }}
      tooltip={{ items: [{ channel: 'y', name: '份数' }] }}
    />
  );
}

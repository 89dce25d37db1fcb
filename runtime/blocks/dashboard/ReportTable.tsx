import { Table } from 'antd';
import type { ReportAnswer, ReportRow } from '../../../schemas/api/report';
import { measureText } from './measureText';

/** A report as a small table: a column per dimension (its text), a right-aligned column per measure; rows drill down. */
export function ReportTable({ answer, height, onRow }: { answer: ReportAnswer; height: number; onRow?: (row: number) => void }) {
  const columns = [
    ...answer.dimensions.map((d) => ({ key: d.name, title: d.label, render: (_: unknown, row: ReportRow) => row.values[`${d.name}Label`] ?? row.values[d.name] ?? '' })),
    ...answer.measures.map((m) => ({ key: m.name, title: m.unit ? `${m.label}（${m.unit}）` : m.label, align: 'right' as const, render: (_: unknown, row: ReportRow) => measureText(row.values[m.name]) })),
  ];
  return (
    <Table<ReportRow>
      size="small"
      rowKey={(row) => answer.dimensions.map((d) => row.values[d.name]).join('|')}
      columns={columns}
      dataSource={answer.rows}
      pagination={false}
      scroll={{ y: height }}
      onRow={(_, index) => (onRow && index !== undefined ? { onClick: () => onRow(index), className: 'dms-drillable' } : {})}
    />
  );
}

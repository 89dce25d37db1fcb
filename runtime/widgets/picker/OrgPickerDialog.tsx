import { Button, Form, Input, Select, Table, Tabs, Tree, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type Key } from 'react';
import { handleError } from '../../app/errorHandler';
import { DmsDialog } from '../../blocks/dialog/DmsDialog';
import { currentMenuId } from '../../http/credentials';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { ALL_VALUE, PICKER, loadAreaTree, loadDealers, loadEmployees, loadGroupTree, loadOrgTree, loadRegionTree, matchesNameFilter, offersAllEntry, sessionMenuRanges, type PickerTreeNode } from './pickerData';
import type { DealerCompany, PickerEmployee } from '../../../schemas/api/orgPicker';

export type PickerKind = 'dealer' | 'consultant';
type DealerTab = 'region' | 'group' | 'area';

interface PickerDialogProps<R> {
  open: boolean;
  multiple: boolean;
  /** Rows already chosen, ticked when the dialog opens. */
  initial: R[];
  onOk(rows: R[]): void;
  onCancel(): void;
}

interface AntTreeNode {
  title: string;
  key: string;
  children: AntTreeNode[];
}

const toTreeData = (nodes: PickerTreeNode[]): AntTreeNode[] =>
  nodes.map((n) => ({ title: n.label, key: n.value, children: toTreeData(n.children) }));

function findNode(nodes: PickerTreeNode[], value: string): PickerTreeNode | undefined {
  for (const n of nodes) {
    if (n.value === value) return n;
    const inner = findNode(n.children, value);
    if (inner) return inner;
  }
  return undefined;
}

/** The side tree: 300 x 450, reloaded 100 ms after its source changes (so a tab switch draws before it loads). */
function SideTree({ load, selected, onSelect }: { load: () => Promise<PickerTreeNode[]>; selected?: string; onSelect(node: PickerTreeNode | undefined): void }) {
  const [nodes, setNodes] = useState<PickerTreeNode[]>([]);
  useEffect(() => {
    let alive = true;
    // Lookups swallow their fetch failures; anything else that fails here is an init error for the general handler.
    const timer = setTimeout(() => void Promise.resolve().then(load).then((loaded) => alive && setNodes(loaded), handleError), PICKER.treeReloadMs);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [load]);
  return (
    <div className="dms-picker-tree" style={{ width: PICKER.treeWidth, height: PICKER.treeHeight }}>
      {nodes.length > 0 ? (
        // Mounted once the nodes are there, so every level starts expanded.
        <Tree
          treeData={toTreeData(nodes)}
          defaultExpandAll
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => onSelect(keys.length ? findNode(nodes, String(keys[0])) : undefined)}
        />
      ) : null}
    </div>
  );
}

/** The top filters: the first fields (code, name), applied to the loaded rows without a round trip. */
function NameFilters({ labels, onSearch }: { labels: [string, string]; onSearch(values: [string, string]): void }) {
  const [form] = Form.useForm<{ first: string; second: string }>();
  const search = () => onSearch([form.getFieldValue('first') ?? '', form.getFieldValue('second') ?? '']);
  return (
    <Form form={form} layout="inline" className="dms-picker-filters" onFinish={search}>
      <Form.Item name="first" label={labels[0]}>
        <Input allowClear aria-label={labels[0]} />
      </Form.Item>
      <Form.Item name="second" label={labels[1]}>
        <Input allowClear aria-label={labels[1]} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {TEXT.form.search}
      </Button>
      <Button
        onClick={() => {
          form.resetFields();
          search();
        }}
      >
        {TEXT.form.reset}
      </Button>
    </Form>
  );
}

/**
 * The picker's table, 400 high, radio or checkbox: rows chosen under other nodes or tabs stay chosen; this table decides
 * only for the rows it shows.
 */
function PickerTable<R extends object>({ rowKey, columns, rows, loading, multiple, selected, onSelectedChange }: { rowKey: keyof R & string; columns: TableColumnsType<R>; rows: R[]; loading: boolean; multiple: boolean; selected: R[]; onSelectedChange(rows: R[]): void }) {
  const keyOf = (r: R) => r[rowKey] as Key;
  return (
    <Table<R>
      rowKey={rowKey}
      size="small"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: PICKER.tableHeight }}
      rowSelection={{
        type: multiple ? 'checkbox' : 'radio',
        selectedRowKeys: selected.map(keyOf),
        preserveSelectedRowKeys: true,
        onChange: (_keys, picked) => {
          const here = new Set(rows.map(keyOf));
          const kept = multiple ? selected.filter((r) => !here.has(keyOf(r))) : [];
          onSelectedChange([...kept, ...picked.filter((r): r is R => r !== undefined && here.has(keyOf(r)))]);
        },
      }}
    />
  );
}

const dealerColumns: TableColumnsType<DealerCompany> = [
  { title: TEXT.picker.companyCode, dataIndex: 'companyCode', width: 120 },
  { title: TEXT.picker.companyName, dataIndex: 'companyNameCn', ellipsis: true },
  { title: TEXT.picker.region, dataIndex: 'gmsNameCn', width: 110 },
];

/** One dealer tab: its tree on the left, filters and the dealer table on the right. */
function DealerTab({ tab, multiple, selected, onSelectedChange }: { tab: DealerTab; multiple: boolean; selected: DealerCompany[]; onSelectedChange(rows: DealerCompany[]): void }) {
  const withAll = tab === 'region' && offersAllEntry(sessionMenuRanges(), currentMenuId());
  const loadTree = useMemo(() => {
    if (tab === 'group') return loadGroupTree;
    if (tab === 'area') return loadAreaTree;
    return () => loadRegionTree().then((regions): PickerTreeNode[] => (withAll ? [{ label: TEXT.picker.all, value: ALL_VALUE, children: regions }] : regions));
  }, [tab, withAll]);
  const [node, setNode] = useState<PickerTreeNode | undefined>(undefined);
  const [rows, setRows] = useState<DealerCompany[]>([]);
  const [loading, setLoading] = useState(false);
  const [filters, setFilters] = useState<[string, string]>(['', '']);

  useEffect(() => {
    // The region tab lists every dealer under 'all'; the other tabs wait for a node.
    if (!node && !(tab === 'region' && withAll)) return setRows([]);
    const filter =
      !node || node.value === ALL_VALUE
        ? {}
        : tab === 'region'
          ? { oemOrgIds: [node.orgId!] }
          : tab === 'group'
            ? { groupCompanyId: node.orgId! }
            : node.regionId!.endsWith('0000')
              ? { provinceId: node.regionId }
              : { cityId: node.regionId };
    let alive = true;
    setLoading(true);
    void loadDealers(filter).then((loaded) => {
      if (!alive) return;
      setRows(loaded);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, [node, tab, withAll]);

  const shown = rows.filter((r) => matchesNameFilter([r.companyCode], filters[0]) && matchesNameFilter([r.companyNameCn], filters[1]));
  return (
    <div className="dms-picker-body">
      <SideTree load={loadTree} selected={node?.value} onSelect={setNode} />
      <div className="dms-picker-main">
        <NameFilters labels={[TEXT.picker.companyCode, TEXT.picker.companyName]} onSearch={setFilters} />
        <PickerTable<DealerCompany> rowKey="companyCode" columns={dealerColumns} rows={shown} loading={loading} multiple={multiple} selected={selected} onSelectedChange={onSelectedChange} />
      </div>
    </div>
  );
}

/** The dealer picker: three tabs 区域, 集团, 省份城市, each a tree and a dealer table; 确定 passes the chosen rows out. */
export function DealerPickerDialog({ open, multiple, initial, onOk, onCancel }: PickerDialogProps<DealerCompany>) {
  const [selected, setSelected] = useState<DealerCompany[]>(initial);
  useEffect(() => {
    if (open) setSelected(initial);
  }, [open, initial]);
  const tabs: { key: DealerTab; label: string }[] = [
    { key: 'region', label: TEXT.picker.tabs.region },
    { key: 'group', label: TEXT.picker.tabs.group },
    { key: 'area', label: TEXT.picker.tabs.area },
  ];
  return (
    <DmsDialog open={open} title={TEXT.picker.dealerTitle} onClose={onCancel} className="dms-picker" footer={<PickerFooter count={selected.length} onOk={() => onOk(selected)} onCancel={onCancel} />}>
      <Tabs destroyOnHidden items={tabs.map((t) => ({ key: t.key, label: t.label, children: <DealerTab tab={t.key} multiple={multiple} selected={selected} onSelectedChange={setSelected} /> }))} />
    </DmsDialog>
  );
}

function PickerFooter({ count, onOk, onCancel }: { count: number; onOk(): void; onCancel(): void }) {
  return (
    <div className="dms-picker-footer">
      <span className="dms-picker-count">{TEXT.picker.selected(count)}</span>
      <Button onClick={onCancel}>{TEXT.common.cancel}</Button>
      <Button type="primary" onClick={onOk}>
        {TEXT.common.ok}
      </Button>
    </div>
  );
}

/** The consultant picker: no tabs, one org tree; the employee table filters by name and status (dictionary 1008). */
export const ConsultantPickerDialog = observer(function ConsultantPickerDialog({ open, multiple, initial, onOk, onCancel }: PickerDialogProps<PickerEmployee>) {
  const [selected, setSelected] = useState<PickerEmployee[]>(initial);
  const [node, setNode] = useState<PickerTreeNode | undefined>(undefined);
  const [status, setStatus] = useState<string>(PICKER.employed);
  const [rows, setRows] = useState<PickerEmployee[]>([]);
  const [loading, setLoading] = useState(false);
  const [filters, setFilters] = useState<[string, string]>(['', '']);
  const statuses = session.dictionary(PICKER.employeeStatusDict);
  useEffect(() => {
    if (open) setSelected(initial);
  }, [open, initial]);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    void loadEmployees({ ...(node?.orgId ? { orgId: node.orgId } : {}), isOnjob: status }).then((loaded) => {
      if (!alive) return;
      setRows(loaded);
      setLoading(false);
    });
    return () => {
      alive = false;
    };
  }, [open, node, status]);
  const shown = rows.filter((r) => matchesNameFilter([r.employeeNo], filters[0]) && matchesNameFilter([r.employeeName], filters[1]));
  const columns: TableColumnsType<PickerEmployee> = [
    { title: TEXT.picker.employeeNo, dataIndex: 'employeeNo', width: 120 },
    { title: TEXT.picker.employeeName, dataIndex: 'employeeName', width: 100 },
    { title: TEXT.picker.orgName, dataIndex: 'orgName', ellipsis: true },
    { title: TEXT.picker.positions, key: 'positions', render: (_, r) => r.userPositionDetailVos.map((p) => p.positionName).join('、') },
    { title: TEXT.picker.employeeStatus, dataIndex: 'isOnjob', width: 90, render: (v: string) => statuses.find((o) => o.value === v)?.text ?? v },
  ];
  return (
    <DmsDialog open={open} title={TEXT.picker.consultantTitle} onClose={onCancel} className="dms-picker" footer={<PickerFooter count={selected.length} onOk={() => onOk(selected)} onCancel={onCancel} />}>
      <div className="dms-picker-body">
        <SideTree load={loadOrgTree} selected={node?.value} onSelect={setNode} />
        <div className="dms-picker-main">
          <div className="dms-picker-toolbar">
            <NameFilters labels={[TEXT.picker.employeeNo, TEXT.picker.employeeName]} onSearch={setFilters} />
            <Select
              aria-label={TEXT.picker.employeeStatus}
              className="dms-picker-status"
              value={status}
              allowClear
              onChange={(v: string | undefined) => setStatus(v ?? '')}
              options={statuses.map((o) => ({ value: String(o.value), label: o.text }))}
            />
          </div>
          <PickerTable<PickerEmployee> rowKey="userId" columns={columns} rows={shown} loading={loading} multiple={multiple} selected={selected} onSelectedChange={setSelected} />
        </div>
      </div>
    </DmsDialog>
  );
});

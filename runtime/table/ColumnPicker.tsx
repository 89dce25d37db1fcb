// 列筛选排序 (building-blocks §2, §4): a dropdown listing the columns as a tree. Checking shows a column, unchecking hides
// it, 全选 toggles every column, and dragging reorders columns among their siblings; dropping a column into another
// node is refused, as is moving it out of its header group.
import { Button, Checkbox, Dropdown, Tree, type TreeDataNode } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { ColumnLayout } from './columnLayout';
import type { ColumnNode } from './columnTree';

interface PickerNode extends TreeDataNode {
  key: string;
  source: ColumnNode;
  parentKey: string | null;
  children?: PickerNode[];
}

function toTreeData(nodes: ColumnNode[], parentKey: string | null): PickerNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: node.title,
    source: node,
    parentKey,
    children: node.children ? toTreeData(node.children, node.key) : undefined,
  }));
}

/** A drop is a reorder only between two siblings: never into a node (position 0), never into another group. */
export function canDrop(dragged: { parentKey: string | null }, target: { parentKey: string | null }, position: -1 | 0 | 1): boolean {
  return position !== 0 && dragged.parentKey === target.parentKey;
}

export const ColumnPicker = observer(function ColumnPicker({ layout }: { layout: ColumnLayout }) {
  const [open, setOpen] = useState(false);
  const treeData = toTreeData(layout.pickerTree, null);
  const keys = layout.order;
  const visible = keys.filter((key) => !layout.hidden.has(key));
  const allShown = visible.length === keys.length;

  const panel = (
    <div className="dms-column-picker" data-testid="column-picker">
      <div className="dms-column-picker-head">
        <Checkbox checked={allShown} indeterminate={visible.length > 0 && !allShown} onChange={(event) => layout.setAllVisible(event.target.checked)}>
          {TEXT.table.selectAll}
        </Checkbox>
        <Button type="link" size="small" onClick={() => layout.reset()}>
          {TEXT.table.resetColumns}
        </Button>
      </div>
      <Tree<PickerNode>
        className="dms-column-picker-tree"
        checkable
        draggable={{ icon: false }}
        blockNode
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={visible}
        allowDrop={({ dragNode, dropNode, dropPosition }) => canDrop(dragNode, dropNode, dropPosition)}
        onCheck={(checked) => {
          const shown = new Set((Array.isArray(checked) ? checked : checked.checked).map(String));
          layout.setVisible(keys.filter((key) => shown.has(key)), true);
          layout.setVisible(keys.filter((key) => !shown.has(key)), false);
        }}
        onDrop={(info) => {
          const positions = info.node.pos.split('-');
          const relative = info.dropPosition - Number(positions[positions.length - 1]);
          const position = !info.dropToGap ? 0 : relative < 0 ? -1 : 1;
          if (!canDrop(info.dragNode, info.node, position)) return;
          layout.move(info.dragNode.source, info.node.source, position === 1);
        }}
      />
    </div>
  );

  return (
    <Dropdown open={open} onOpenChange={(next) => setOpen(next)} trigger={['click']} popupRender={() => panel} placement="bottomRight">
      <Button size="small" className="dms-column-picker-button">
        {TEXT.table.columnPicker}
      </Button>
    </Dropdown>
  );
});

// The block registry: block type (as written in a screen's `blocks`) -> the component that renders it. A new block is
// one entry here; every screen can then place it. Heavy blocks load as their own chunk the first time a screen shows
// them, so the main bundle does not carry their libraries.
import { lazy, type ComponentType } from 'react';
import type { ScreenStore } from '../screen/ScreenStore';
import type { Block } from '../screen/screen.types';

export interface BlockProps {
  block: Block;
  /** The screen's store: its table rows and selection, its permissions. */
  store: ScreenStore;
}

export interface BlockDefinition {
  component: ComponentType<BlockProps>;
  /** The block shows what the table's selected row names (the designer opens the selected process): the table keeps
   * its selection boxes for it. */
  followsSelection?: boolean;
}

export const blockRegistry: Record<string, BlockDefinition> = {
  /** The workflow designer on bpmn-js (building-blocks §2 item 4). */
  'workflow-designer': { component: lazy(() => import('../blocks/workflow/WorkflowDesigner')), followsSelection: true },
  /** Charts on echarts for dashboards (font size 14). */
  chart: { component: lazy(() => import('../blocks/chart/ChartBlock')) },
  /** Anchor navigation over sections of blocks (building-blocks §2 item 8). */
  anchor: { component: lazy(() => import('../blocks/layout/AnchorBlock')) },
  /** Lazy tabs of blocks, each kept alive or destroyed when left (building-blocks §2 item 11). */
  tabs: { component: lazy(() => import('../blocks/layout/TabsBlock')) },
};

export const blockTypes = (): ReadonlySet<string> => new Set(Object.keys(blockRegistry));

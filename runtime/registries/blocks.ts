// The block registry: block type (as written in a screen's `blocks`) -> the component that renders it. A new block is
// its name in schemas/screen/typeNames.ts and one entry here; every screen can then place it. Heavy blocks load as
// their own chunk the first time a screen shows them, so the main bundle does not carry their libraries.
import { lazy } from 'react';
import type { BlockType } from '../../schemas/screen/typeNames';
import { OVERVIEW_BLOCKS } from '../blocks/overview/overviewBlocks';
import type { BlockDefinition } from '../screen/screenExtensions';

export const blockRegistry: Record<BlockType, BlockDefinition> = {
  /** The workflow designer on bpmn-js (building-blocks §2 item 4). */
  'workflow-designer': { component: lazy(() => import('../blocks/workflow/WorkflowDesigner')), followsSelection: true },
  /** Charts on echarts for dashboards (font size 14). */
  chart: { component: lazy(() => import('../blocks/chart/ChartBlock')) },
  /** Anchor navigation over sections of blocks (building-blocks §2 item 8). */
  anchor: { component: lazy(() => import('../blocks/layout/AnchorBlock')) },
  /** Lazy tabs of blocks, each kept alive or destroyed when left (building-blocks §2 item 11). */
  tabs: { component: lazy(() => import('../blocks/layout/TabsBlock')) },
  /** Dashboards: KPI cards, charts and tables fed by reports, a shared filter bar, drill-down into list screens. */
  dashboard: { component: lazy(() => import('../blocks/dashboard/DashboardBlock')) },
  /** A record's process: the diagram (bpmn-js viewer) with the current step highlighted, and the step history. */
  processHistory: { component: lazy(() => import('../blocks/workflow/ProcessHistory')), followsSelection: true },
  /** One record as label: value pairs, fetched with the screen's submitted filters (/onepage's vehicle and owner). */
  descriptions: { component: lazy(() => import('../blocks/record/DescriptionsBlock')) },
  /** The screen's toolbar and table placed among the blocks rather than under the filter bar. */
  table: { component: lazy(() => import('../blocks/ScreenTableBlock')) },
  // The overview blocks (概览's): light, already in the first screen (blocks/overview/overviewBlocks.ts), so not lazy.
  /** A greeting and label: value pairs about the signed-in user. */
  welcome: { component: OVERVIEW_BLOCKS.welcome },
  /** A row of figures from one call. */
  figures: { component: OVERVIEW_BLOCKS.figures },
  /** A small bar chart in plain markup. */
  bars: { component: OVERVIEW_BLOCKS.bars },
  /** Lists of records (tabs when several), with a button per record. */
  list: { component: OVERVIEW_BLOCKS.list },
  /** The user's starred menus or all their pages. */
  menus: { component: OVERVIEW_BLOCKS.menus },
};

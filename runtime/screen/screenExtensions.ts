// The screen interpreter's extension points: what an action and a block provide (a widget's contract is
// widgets/widgetProps.ts), and the installed registries. Implementations take their types from here and never import a
// registry; the registries import them. runtime/app/screenInterpreter.tsx (and the tests' set-up) installs the
// registries once (registries/install.ts) when the interpreter's chunk loads, so no import runs back up.
import type { ComponentType, ReactNode } from 'react';
import type { Action, Block } from '../../schemas/screen/screen.types';
import { TEXT } from '../../schemas/text/zh';
import type { WidgetDefinition } from '../widgets/widgetProps';
import type { Row, ScreenStore } from './ScreenStore';

export interface ActionContext {
  store: ScreenStore;
  /** The row of a row action; absent for toolbar buttons. */
  row?: Row;
}

export type ActionHandler = (action: Action, context: ActionContext) => Promise<void>;

export interface BlockProps {
  block: Block;
  /** The screen's store: its table rows and selection, its permissions. */
  store: ScreenStore;
  /** Renders blocks held by this one (anchor sections, tabs) the way the screen renders its own. */
  renderBlocks(blocks: Block[]): ReactNode;
  /** A tabs block's tabs: whether each is shown and disabled now (their conditions, followed by the screen's block list). */
  tabStates?: readonly TabState[];
}

export interface TabState {
  visible: boolean;
  disabled: boolean;
}

export interface BlockDefinition {
  component: ComponentType<BlockProps>;
  /** The block shows what the table's selected row names (the designer opens the selected process): the table keeps
   * its selection boxes for it (table/selectionUse.ts). */
  followsSelection?: boolean;
}

export interface ScreenExtensions {
  /** Field type -> widget (the form engine builds its model from these). */
  fieldTypes: Readonly<Record<string, WidgetDefinition>>;
  /** Action type -> handler. */
  actions: Readonly<Record<string, ActionHandler>>;
  /** Block type -> component. */
  blocks: Readonly<Record<string, BlockDefinition>>;
}

let installed: ScreenExtensions | undefined;

export function installScreenExtensions(extensions: ScreenExtensions): void {
  installed = extensions;
}

export function screenExtensions(): ScreenExtensions {
  if (!installed) throw new Error('页面扩展未安装：启动时须先调用 installRegistries()');
  return installed;
}

/** Runs an action through the installed action registry. */
export function runAction(action: Action, context: ActionContext): Promise<void> {
  const handler = screenExtensions().actions[action.type];
  if (!handler) return Promise.reject(new Error(TEXT.screen.unknownAction(action.type)));
  return handler(action, context);
}

// The overview blocks, imported at once: 概览 is the first screen of every sign-in and shows them without the screen
// interpreter (runtime/screen/LightScreenPage.tsx), so they are part of the first screen's JS whichever way they were
// loaded; a chunk of their own would add a round trip before 概览 and save nothing. They use only what the shell has
// (antd's Button, Tabs, Tag, Empty, Typography, Space; the http client; the expression language) and plain markup.
import type { ComponentType } from 'react';
import type { BlockType } from '../../../schemas/screen/typeNames';
import BarsBlock from './BarsBlock';
import FiguresBlock from './FiguresBlock';
import ListBlock from './ListBlock';
import MenusBlock from './MenusBlock';
import type { OverviewBlockProps } from './overviewBlock';
import WelcomeBlock from './WelcomeBlock';
import './overview.css';

export const OVERVIEW_BLOCKS = {
  welcome: WelcomeBlock,
  figures: FiguresBlock,
  bars: BarsBlock,
  list: ListBlock,
  menus: MenusBlock,
} as const satisfies Partial<Record<BlockType, ComponentType<OverviewBlockProps>>>;

export type OverviewBlockType = keyof typeof OVERVIEW_BLOCKS;

export function overviewBlock(type: string): ComponentType<OverviewBlockProps> | undefined {
  return Object.hasOwn(OVERVIEW_BLOCKS, type) ? OVERVIEW_BLOCKS[type as OverviewBlockType] : undefined;
}

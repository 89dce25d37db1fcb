// What an overview block (welcome, figures, bars, list, menus) takes: its definition and what its screen's conditions
// and templates read. The screen store (runtime/screen/ScreenStore.ts) has both, so the block registry places these
// blocks on any screen; 概览 renders them without the screen interpreter (runtime/screen/LightScreenPage.tsx), handing
// in only the context. Types only from the store: importing it would bring the interpreter into the first screen.
import type { Block } from '../../../schemas/screen/screen.types';
import type { CallOptions } from '../../http/client';
import type { ScreenStore } from '../../screen/ScreenStore';

export interface OverviewBlockProps {
  block: Block;
  store: {
    readonly context: ScreenStore['context'];
    /** A screen under another menu than the page's (a record page's related list) makes its calls under that menu. */
    calling?<T extends CallOptions>(options: T): T;
  };
}

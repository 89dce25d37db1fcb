// The screen interpreter as a chunk of its own (issue 20): ScreenPage, and the registries with everything they bring
// (widgets, blocks, actions, ag-grid, the form engine), installed as the interpreter's extensions before the first
// screen or editor page renders. 概览 and the login route never load it; the menu prefetch loads it while idle.
import type { BuiltinPages } from './pages/builtinPages';
import { lazy, type ComponentType } from 'react';

let installing: Promise<void> | undefined;

/** Loads the registries and installs them (once). */
export function loadScreenExtensions(): Promise<void> {
  installing ??= import('../registries/install').then((module) => module.installRegistries());
  return installing;
}

type ScreenPageModule = typeof import('../screen/ScreenPage');
let page: Promise<ScreenPageModule> | undefined;
/** ScreenPage once loaded: rendered as it is, where a lazy one would suspend once more (see MenuPage). */
export let loadedScreenPage: ScreenPageModule['ScreenPage'] | undefined;

/** ScreenPage, ready to render: its chunk and the installed registries. */
export function loadScreenPage(): Promise<ScreenPageModule> {
  page ??= Promise.all([import('../screen/ScreenPage'), loadScreenExtensions()]).then(([module]) => ((loadedScreenPage = module.ScreenPage), module));
  return page;
}

/** A page that needs the registries (the screen editor validates and previews screens): rendered once they are installed. */
function afterExtensions<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return lazy(() => loadScreenExtensions().then(() => ({ default: (props: P) => <Page {...props} /> })));
}

/** The editor's pages, each waiting for the registries before it renders. */
export function withScreenExtensions(pages: BuiltinPages): BuiltinPages {
  return {
    pages: Object.fromEntries(Object.entries(pages.pages).map(([name, Page]) => [name, afterExtensions(Page)])),
    editors: Object.fromEntries(Object.entries(pages.editors).map(([name, Editor]) => [name, afterExtensions(Editor)])),
  };
}

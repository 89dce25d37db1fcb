// jsdom lacks a few browser APIs that antd uses for layout; these stand-ins answer as a wide desktop screen would.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import runtimeConfig from '../../runtime/public/config.json';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

setRuntimeConfig(runtimeConfig);
// Screens, the bell's lists and other pages load as lazy chunks (issue 20): on a busy two-core machine their first load
// in a file can take seconds, longer than the library's default second for findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });
// Installed after the test file's own vi.mock calls took effect: an eager import here would load the action
// handlers (and what they import) before a test could mock them.
beforeAll(async () => {
  const { installRegistries } = await import('../../runtime/registries/install');
  installRegistries();
});
afterEach(() => cleanup());

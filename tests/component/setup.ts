// jsdom lacks a few browser APIs that antd uses for layout; these stand-ins answer as a wide desktop screen would.
import { cleanup } from '@testing-library/react';
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
// Installed after the test file's own vi.mock calls took effect: an eager import here would load the action
// handlers (and what they import) before a test could mock them.
beforeAll(async () => {
  const { installRegistries } = await import('../../runtime/registries/install');
  installRegistries();
});
afterEach(() => cleanup());

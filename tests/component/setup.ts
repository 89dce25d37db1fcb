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
// Imported when the test file's own imports are done, not here: a set-up file's static imports load before a test
// file's vi.mock is registered, so the registries (and every widget they import) would escape the test's mocks.
beforeAll(async () => (await import('../../runtime/registries/install')).installRegistries());
afterEach(() => cleanup());

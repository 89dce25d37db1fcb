// jsdom lacks a few browser APIs that antd uses for layout; these stand-ins answer as a wide desktop screen would.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import runtimeConfig from '../../runtime/public/config.json';
import { installRegistries } from '../../runtime/registries/install';

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
installRegistries();
afterEach(() => cleanup());

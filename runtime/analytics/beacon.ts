// The behaviour-analytics beacon of back-office §7: page views posted to the analytics service configured for the
// environment the page runs in. Off unless that environment enables it with a url, so development, tests and any
// deployment that has not opted in never call a third party.
import type { RuntimeConfig } from '../config/runtimeConfig';
import { currentMenuId } from '../http/credentials';
import type { AnalyticsSettings } from '../../schemas/config/runtimeConfigFile';

export interface PageView {
  event: 'pageview';
  appKey: string;
  clientId: string;
  environment: string;
  /** The hash route, e.g. /repair/repairBusiness/repairOrder/index; never query values, which may hold personal data. */
  path: string;
  menuId: string | null;
  at: string;
}

export interface BeaconTransport {
  send(url: string, body: string): boolean;
  /** Where route changes are announced (the window). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  hash(): string;
}

const browserTransport = (): BeaconTransport => ({
  send: (url, body) => navigator.sendBeacon(url, body),
  events: window,
  hash: () => window.location.hash,
});

/** The analytics settings in force for this page, or undefined when analytics is off. */
export function activeAnalytics(config: RuntimeConfig): (AnalyticsSettings & { url: string }) | undefined {
  const settings = config.environments?.[config.environment]?.analytics;
  return settings?.enabled === true && settings.url ? { ...settings, url: settings.url } : undefined;
}

/** Sends a page view now and on every route change while analytics is on; answers how to stop. */
export function startAnalytics(config: RuntimeConfig, transport: BeaconTransport = browserTransport()): () => void {
  const settings = activeAnalytics(config);
  if (!settings) return () => undefined;
  const track = () => {
    const view: PageView = {
      event: 'pageview',
      appKey: settings.appKey ?? config.clientId,
      clientId: config.clientId,
      environment: config.environment,
      path: transport.hash().replace(/^#/, '').split('?')[0] || '/',
      menuId: currentMenuId() ?? null,
      at: new Date().toISOString(),
    };
    transport.send(settings.url, JSON.stringify(view));
  };
  track();
  transport.events.addEventListener('hashchange', track);
  return () => transport.events.removeEventListener('hashchange', track);
}

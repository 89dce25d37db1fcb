// The service registry: service name -> base path, read from the runtime config. Screens only ever name a service.
import { runtimeConfig } from './runtimeConfig';

export function serviceNames(): string[] {
  return Object.keys(runtimeConfig().services);
}

export function serviceBasePath(service: string): string {
  const base = runtimeConfig().services[service];
  if (base === undefined) throw new Error(`未注册的服务：${service}`);
  return base.replace(/\/+$/, '');
}

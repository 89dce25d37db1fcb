// The runtime config is a relative JSON file (./config.json) read once at start-up, so one build serves every
// environment: service base paths and names change per deployment without rebuilding the app.

export interface RuntimeConfig {
  systemName: string;
  clientId: string;
  /** Service name -> base path, e.g. "repair" -> "/api/repair". Screens name services, never hosts. */
  services: Record<string, string>;
}

let current: RuntimeConfig | undefined;

export async function loadRuntimeConfig(url = './config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`无法读取运行时配置 ${url}（HTTP ${response.status}）`);
  const config = (await response.json()) as RuntimeConfig;
  setRuntimeConfig(config);
  return config;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('运行时配置尚未加载');
  return current;
}

// Screens name calls as "service:METHOD path" (e.g. "repair:DELETE order/repair/orders/{id}"); the service registry
// turns the service into a base path, and {name} placeholders are filled from the current row or form.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiReference {
  service: string;
  method: HttpMethod;
  /** The path as written, placeholders included: also the tail of the permission key. */
  path: string;
}

const API_REF = /^([a-zA-Z][a-zA-Z0-9-]*):(GET|POST|PUT|DELETE|PATCH) (\S+)$/;

export function parseApiRef(ref: string): ApiReference {
  const match = API_REF.exec(ref);
  if (!match) throw new Error(`接口引用格式不正确：${ref}（应为 服务名:方法 路径）`);
  return { service: match[1]!, method: match[2] as HttpMethod, path: match[3]! };
}

/** Fills {name} placeholders; a missing value is an error rather than a request to a wrong address. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([a-zA-Z][a-zA-Z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`接口路径参数 ${name} 缺少取值`);
    return encodeURIComponent(String(value));
  });
}

/** The permission key of a call: method, service name and path joined by underscores. */
export function permissionKeyOf(ref: ApiReference): string {
  return `${ref.method}_${ref.service}_${ref.path}`;
}

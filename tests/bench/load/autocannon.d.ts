// The part of autocannon 8's API the load bench uses (the package ships no types).
declare module 'autocannon' {
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { p95?: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: { setupRequest?: (request: RawRequest) => RawRequest; onResponse?: (status: number, body: string) => void }[];
  }
  export interface Instance {
    /** Every answer: the client, its HTTP status, its size and how long it took (ms). */
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, milliseconds: number) => void): void;
  }
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}

// autocannon ships no types and @types/autocannon is not installed: just the part the bench uses.
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Called once per connection: lets each connection carry its own path and cookie. */
    setupClient?: (client: Client) => void;
  }
  export interface Client {
    setRequests(reqs: { method?: string; path: string; headers?: Record<string, string> }[]): void;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}

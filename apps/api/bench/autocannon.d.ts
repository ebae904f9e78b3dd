// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface AutocannonClient extends EventEmitter {
    setHeaders(headers: Record<string, string>): void;
  }

  export interface AutocannonOptions {
    url: string;
    method?: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: AutocannonClient) => void;
  }

  export interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p99: number; average: number };
    non2xx: number;
    errors: number;
  }

  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}

import type { ErrorCode } from "@unaa/contracts";
import { AppError } from "../errors.ts";

/** A named limit: at most `max` events per `windowMs` for one key. */
export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  /** The code a refusal answers with (429): `RATE_LIMITED` unless said otherwise. */
  code?: ErrorCode;
}

export interface RateState {
  count: number;
  /** Seconds until the window resets (0 when nothing is counted). */
  retryAfterSeconds: number;
  /** True when no further event is allowed in this window. */
  isFull: boolean;
}

/** Counts events per key (codes sent, failed sign-ins): in memory, or in Redis when configured. */
export interface RateCounter {
  readonly rule: RateRule;
  peek(key: string): Promise<RateState>;
  hit(key: string): Promise<RateState>;
}

/** A refusal carrying its Retry-After, set on the answer by the hook below. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(code: ErrorCode, retryAfterSeconds: number) {
    super(code);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export function refuseWhenFull(counter: RateCounter, state: RateState): void {
  if (state.isFull) throw new RateLimitedError(counter.rule.code ?? "RATE_LIMITED", state.retryAfterSeconds);
}

/**
 * The exchange's side of rate limiting: a fixed window per endpoint and key (the account for
 * UID limits, the caller's address for IP limits), plus the 6000/min ceiling per IP. A request
 * over the limit is answered HTTP 429, code `429`, and not executed.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Duration from "effect/Duration"

interface Counter {
  start: number
  count: number
}

export class RateLimits {
  private readonly counters = new Map<string, Counter>()
  /** Requests refused so far. */
  refused = 0
  /**
   * Whether limits are enforced (the default). A test of something else may turn them off, with
   * its client's limiter (`layerClient({ limiter: "none" })`), so it never waits out a window.
   */
  enabled = true

  private hit(key: string, limit: RateLimit.RateLimit, now: number): boolean {
    const window = Duration.toMillis(limit.window)
    let counter = this.counters.get(key)
    if (counter === undefined || now >= counter.start + window) {
      counter = { start: now, count: 0 }
      this.counters.set(key, counter)
    }
    counter.count++
    return counter.count <= limit.limit
  }

  /** Counts one request; `false` when it is over a limit. */
  allow(endpoint: Endpoint.Any, uid: string | undefined, ip: string, now: number): boolean {
    if (!this.enabled) return true
    const owner = endpoint.rateLimit.key === "uid" && uid !== undefined ? `uid:${uid}` : `ip:${ip}`
    const ok = this.hit(`ceiling:${ip}`, RateLimit.ipCeiling, now) &&
      this.hit(`${owner}:${endpoint.method} ${endpoint.path}`, endpoint.rateLimit, now)
    if (!ok) this.refused++
    return ok
  }

  reset(): void {
    this.counters.clear()
    this.refused = 0
  }
}

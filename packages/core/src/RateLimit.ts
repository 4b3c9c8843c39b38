/**
 * An endpoint's rate limit as Bitget documents it: so many requests per window, counted per
 * UID (private endpoints: per API key's account) or per IP (public market data).
 */
import * as Duration from "effect/Duration"

export interface RateLimit {
  readonly limit: number
  readonly window: Duration.Duration
  readonly key: "uid" | "ip"
}

/** `limit` requests per second per UID. */
export const uid = (limit: number, window: Duration.DurationInput = "1 second"): RateLimit => ({
  limit,
  window: Duration.decode(window),
  key: "uid"
})

/** `limit` requests per second per IP. */
export const ip = (limit: number, window: Duration.DurationInput = "1 second"): RateLimit => ({
  limit,
  window: Duration.decode(window),
  key: "ip"
})

/** The ceiling every IP shares across all endpoints. */
export const ipCeiling: RateLimit = ip(6000, "1 minute")

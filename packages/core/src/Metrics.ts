/**
 * The client's metrics, all declared here and recorded by the client, the limiter, the streams
 * and the WebSocket connections (names after OpenTelemetry's conventions: `bitget.` then what is
 * measured, durations in ms). They go to Effect's metric registry, so `Metric.snapshot` reads
 * them and `@effect/opentelemetry` exports them (see the guide's OpenTelemetry recipe).
 *
 * Off by default: `BitgetConfig`'s `metrics` (`BITGET_METRICS=true`) turns them on. The switch is
 * read once, when the client and the limiter are built, and the client then runs a measured call
 * or the plain one: off, a call does exactly what it did without metrics (no fiber step, no
 * allocation, no check). A FiberRef would let a program turn them on for a part of itself, but
 * would cost a look-up on every call, and the limiter (built before any call) could not follow it.
 */
import * as Metric from "effect/Metric"
import * as MetricBoundaries from "effect/MetricBoundaries"
import { labels1, labels2 } from "./internal/labels.js"

// Buckets of 1 ms to ≈ 16 s, doubling: a loopback call (≈ 0.3 ms) to a call retried after 429s.
const millis = MetricBoundaries.exponential({ start: 1, factor: 2, count: 15 })

/** Calls made (tags `endpoint`, `outcome`: `success` or the error's tag, e.g. `RateLimitError`). */
export const requests = Metric.counter("bitget.requests", {
  description: "Calls of Bitget endpoints, by endpoint and outcome (success or the error's tag)",
  incremental: true
})

/** How long a call took, ms, from its start to its answer, retries included (tag `endpoint`). */
export const requestDuration = Metric.histogram(
  "bitget.request.duration",
  millis,
  "Duration of Bitget calls in milliseconds, retries and limiter waits included, by endpoint"
)

/** Requests sent again (tags `endpoint`, `reason`: `rate_limit`, `clock_resync`, `transport`). */
export const retries = Metric.counter("bitget.retries", {
  description: "Requests sent again, by endpoint and reason (rate_limit, clock_resync, transport)",
  incremental: true
})

/** How long a call waited for a token of the client's rate limiter, ms (tag `endpoint`). */
export const limiterWait = Metric.histogram(
  "bitget.limiter.wait",
  millis,
  "Time a call waited for the client-side rate limiter, in milliseconds, by endpoint"
)

/** Tokens left in the endpoint's bucket after a call took one (tag `endpoint`). */
export const limiterAvailable = Metric.gauge("bitget.limiter.available", {
  description: "Tokens left in the endpoint's rate-limit bucket after the last call took one"
})

/** Rows a history stream emitted (`items`, `pages`; tag `endpoint`). */
export const streamRows = Metric.counter("bitget.stream.rows", {
  description: "Rows emitted by history streams, by endpoint",
  incremental: true
})

/** WebSocket connections open now (+1 on open, −1 on close; tag `connection`). */
export const websocketConnections = Metric.counter("bitget.websocket.connections", {
  description: "WebSocket connections open, by connection (public, private, business)"
})

/** WebSocket connections made again after one was lost (tag `connection`). */
export const websocketReconnects = Metric.counter("bitget.websocket.reconnects", {
  description: "WebSocket reconnections, by connection",
  incremental: true
})

/** Order books fetched again because an update did not follow (checksum or sequence; tag `channel`). */
export const orderBookResyncs = Metric.counter("bitget.websocket.orderbook.resyncs", {
  description: "Order books resynchronised after a checksum or sequence gap, by channel",
  incremental: true
})

/** WebSocket messages received (tag `channel`). */
export const websocketMessages = Metric.counter("bitget.websocket.messages", {
  description: "WebSocket messages received, by channel",
  incremental: true
})

/** Why a request was sent again. */
export type RetryReason = "rate_limit" | "clock_resync" | "transport"

// The recorders below update the registry at once (no Effect): they are called from inside the
// client's own steps, only when metrics are on.

/** Records one finished call. */
export const unsafeRequest = (endpoint: string, outcome: string, durationMillis: number): void => {
  requests.unsafeUpdate(1, labels2(endpoint, "outcome", outcome))
  requestDuration.unsafeUpdate(durationMillis, labels1("endpoint", endpoint))
}

/** Records one retry. */
export const unsafeRetry = (endpoint: string, reason: RetryReason): void =>
  retries.unsafeUpdate(1, labels2(endpoint, "reason", reason))

/** Records what the limiter did for one call: how long it waited and the tokens left. */
export const unsafeLimiter = (endpoint: string, waitMillis: number, available: number): void => {
  const tags = labels1("endpoint", endpoint)
  limiterWait.unsafeUpdate(waitMillis, tags)
  limiterAvailable.unsafeUpdate(available, tags)
}

/** Records rows a stream emitted. */
export const unsafeRows = (endpoint: string, rows: number): void =>
  streamRows.unsafeUpdate(rows, labels1("endpoint", endpoint))

/** A WebSocket connection opened (`connection`: public, private, business …). */
export const unsafeConnectionOpened = (connection: string): void =>
  websocketConnections.unsafeUpdate(1, labels1("connection", connection))

/** A WebSocket connection closed. */
export const unsafeConnectionClosed = (connection: string): void =>
  websocketConnections.unsafeUpdate(-1, labels1("connection", connection))

/** A WebSocket connection made again after it was lost. */
export const unsafeReconnect = (connection: string): void =>
  websocketReconnects.unsafeUpdate(1, labels1("connection", connection))

/** An order book of `channel` fetched again. */
export const unsafeOrderBookResync = (channel: string): void =>
  orderBookResyncs.unsafeUpdate(1, labels1("channel", channel))

/** `count` messages received on `channel`. */
export const unsafeMessages = (channel: string, count = 1): void =>
  websocketMessages.unsafeUpdate(count, labels1("channel", channel))

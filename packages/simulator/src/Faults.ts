/**
 * Fault knobs: what the simulated exchange does wrong on purpose, so clients can be tested
 * against the failures the real one has. Faults are queued and each one spoils the next request;
 * latency and clock skew stay until changed.
 */

export type Fault =
  /** An HTTP 5xx with a CDN-style HTML page instead of the envelope. */
  | { readonly _tag: "ServerError"; readonly status: number }
  /** HTTP 200 with a body that is not JSON (a cut or HTML body). */
  | { readonly _tag: "Malformed" }
  /** The connection is closed without an answer. */
  | { readonly _tag: "Drop" }
  /** HTTP 429 with code `429`, as the exchange's own limiter answers. */
  | { readonly _tag: "TooMany" }

export interface Settings {
  /** Added before every answer (ms). */
  readonly latencyMillis: number
  /** Added to the server's clock (ms): a client that never syncs sees 40008. */
  readonly clockSkewMillis: number
}

export class Faults {
  private queue: Array<Fault> = []
  settings: Settings = { latencyMillis: 0, clockSkewMillis: 0 }

  /** Spoils the next `times` requests with `fault`. */
  inject(fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.queue.push(fault)
  }

  set(settings: Partial<Settings>): void {
    this.settings = { ...this.settings, ...settings }
  }

  /** Clears queued faults, latency and skew. */
  reset(): void {
    this.queue = []
    this.settings = { latencyMillis: 0, clockSkewMillis: 0 }
  }

  /** The fault for the request being served, if any. */
  next(): Fault | undefined {
    return this.queue.shift()
  }
}

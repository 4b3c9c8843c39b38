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
  /**
   * Bitget's envelope with a chosen `code` and `msg`, at HTTP `status` (400 unless given), and
   * the request not executed: maintenance (`40725`), an account mode (`40054`), a margin call…
   */
  | { readonly _tag: "Answer"; readonly code: string; readonly msg: string; readonly status?: number }

/** A fault for some endpoints only: by declaration name (`spot.trade.placeOrder`) or `METHOD /path`. */
interface Rule {
  readonly fault: Fault
  readonly endpoints: ReadonlySet<string>
  remaining: number
}

export interface Settings {
  /** Added before every answer (ms). */
  readonly latencyMillis: number
  /** Added to the server's clock (ms): a client that never syncs sees 40008. */
  readonly clockSkewMillis: number
}

export class Faults {
  private queue: Array<Fault> = []
  private rules: Array<Rule> = []
  settings: Settings = { latencyMillis: 0, clockSkewMillis: 0 }

  /**
   * Spoils the next `times` requests with `fault`; with `endpoints` (declaration names such as
   * `spot.trade.placeOrder`, or `METHOD /path`), the next `times` requests of those endpoints
   * only (`Infinity`: until `reset`).
   */
  inject(fault: Fault, times = 1, endpoints?: ReadonlyArray<string>): void {
    if (endpoints !== undefined) {
      this.rules.push({ fault, endpoints: new Set(endpoints), remaining: times })
      return
    }
    for (let i = 0; i < times; i++) this.queue.push(fault)
  }

  /**
   * Makes `endpoints` answer Bitget's `code` and `msg` (HTTP `status`, 400 unless given), not
   * executed, `times` times (every time until `reset` when left out): e.g.
   * `faults.answer({ endpoints: ["spot.trade.placeOrder"], code: "40725", msg: "service maintenance" })`.
   */
  answer(options: {
    readonly endpoints: ReadonlyArray<string>
    readonly code: string
    readonly msg: string
    readonly status?: number
    readonly times?: number
  }): void {
    const fault: Fault = options.status === undefined
      ? { _tag: "Answer", code: options.code, msg: options.msg }
      : { _tag: "Answer", code: options.code, msg: options.msg, status: options.status }
    this.inject(fault, options.times ?? Infinity, options.endpoints)
  }

  set(settings: Partial<Settings>): void {
    this.settings = { ...this.settings, ...settings }
  }

  /** Clears queued faults, latency and skew. */
  reset(): void {
    this.queue = []
    this.rules = []
    this.settings = { latencyMillis: 0, clockSkewMillis: 0 }
  }

  /** The fault for the request being served (`METHOD /path`, its declaration's name), if any. */
  next(key?: string, name?: string): Fault | undefined {
    for (let i = 0; i < this.rules.length; i++) {
      const rule = this.rules[i]!
      if ((key !== undefined && rule.endpoints.has(key)) || (name !== undefined && rule.endpoints.has(name))) {
        if (--rule.remaining <= 0) this.rules.splice(i, 1)
        return rule.fault
      }
    }
    return this.queue.shift()
  }
}

/**
 * The knobs of the simulator's WebSocket server, for tests and users: Bitget's timings (made
 * short for tests) and the faults the real exchange has, each one on purpose and observable.
 */

export interface Settings {
  /** The server closes a connection that sent no `ping` for this long (Bitget: 2 minutes). */
  readonly idleMillis: number
  /** Client messages a connection may send in any second; one more closes it (Bitget: 10). */
  readonly messagesPerSecond: number
  /** How often the market is pushed (tickers, candles, trades, book updates) and accounts swept. */
  readonly tickMillis: number
  /** The server closes every connection after this long (Bitget: 24 h). */
  readonly maxLifeMillis: number
  /** Book updates carry Bitget's former CRC32 `checksum` (a correct one); Bitget dropped it in 2026. */
  readonly checksum: boolean
}

export const defaults: Settings = {
  idleMillis: 120_000,
  messagesPerSecond: 10,
  tickMillis: 100,
  maxLifeMillis: 24 * 60 * 60 * 1000,
  checksum: false
}

/** What the server has seen, for tests that prove what a client did (or did not) send. */
export interface Stats {
  /** WebSocket connections accepted. */
  connects: number
  /** Login frames received, accepted or not. */
  logins: number
  /** Subscribe frames received. */
  subscribes: number
  /** `ping` texts received. */
  pings: number
  /** Every client message received. */
  messages: number
  /** `op:"trade"` frames received. */
  trades: number
}

export const emptyStats = (): Stats => ({ connects: 0, logins: 0, subscribes: 0, pings: 0, messages: 0, trades: 0 })

export interface Control {
  readonly settings: Settings
  /** Changes settings (a new `tickMillis` applies at once). */
  readonly set: (settings: Partial<Settings>) => void
  readonly stats: Stats
  /** Open connections now. */
  readonly open: () => number
  /** Drops every open connection (or those on `path`) without a close frame: the client sees 1006. */
  readonly drop: (path?: string) => void
  /** Sends nothing at all (no pushes, no `pong`, no answers) for `millis`. */
  readonly stall: (millis: number) => void
  /** Loses the next `count` updates of every full-depth book: the next one delivered has a `pseq` gap. */
  readonly skipSeq: (count?: number) => void
  /** The next update of every full-depth book has `pseq` 0, as after a server restart. */
  readonly resetSeq: () => void
  /** Sends the maintenance notice (`30033`) to every connection; closes them after `closeAfterMillis` if given. */
  readonly notice: (closeAfterMillis?: number) => void
  /** Refuses the next `count` logins with `30005` (then closes, as Bitget does). */
  readonly refuseLogins: (count?: number) => void
  /**
   * Loses the next `count` private pushes (Bitget's FAQ admits private messages can be lost): the
   * change stays in the world, only REST shows it.
   */
  readonly losePrivate: (count?: number) => void
}

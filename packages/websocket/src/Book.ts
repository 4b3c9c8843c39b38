/**
 * An order book kept from the incremental `books` channel that is never silently wrong
 * (reference §5): a snapshot, then updates applied in order, each update's `pseq` equal to the
 * previous push's `seq`. A gap, a `pseq` of 0 (server restart), an update before any snapshot, a
 * crossed book or a wrong checksum (verified when the server sends one) drops the book and asks
 * for a fresh snapshot; nothing is emitted until it arrives. After every reconnect the book starts
 * over from the snapshot the resubscription brings: a fresh snapshot is never merged into a stale
 * book.
 */
import type { InvalidRequest } from "@effect-bitget/core/BitgetError"
import * as Decimal from "@effect-bitget/core/Decimal"
import type { Level } from "@effect-bitget/core/OrderBook"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import type * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import type { BitgetSocket } from "./BitgetSocket.js"
import * as Channel from "./Channel.js"
import type { StreamError } from "./SocketError.js"
import * as V2Public from "./V2Public.js"
import * as V3Public from "./V3Public.js"
import type { BookRow } from "./Values.js"

/** A consistent book: the best `depth` levels of each side. */
export interface Book {
  /** Lowest price first. */
  readonly asks: ReadonlyArray<Level>
  /** Highest price first. */
  readonly bids: ReadonlyArray<Level>
  /** The `seq` of the last push applied, when the server numbers its pushes. */
  readonly seq: bigint | undefined
  /** Match-engine time of the last push applied. */
  readonly ts: DateTime.Utc
}

export interface Options {
  /** Levels per side in each emitted book (all kept levels when left out). */
  readonly depth?: number | undefined
}

/** Why a book was dropped and rebuilt, for observability (`Book.stream`'s `onResync`). */
export type ResyncReason = "gap" | "restart" | "crossed" | "checksum" | "no snapshot"

const compare = (a: BigDecimal.BigDecimal, b: BigDecimal.BigDecimal): number =>
  a.scale === b.scale ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0) : BigDecimal.Order(a, b)

/**
 * Sets `level` into a side sorted by `direction` (1 ascending, -1 descending); size 0 deletes.
 * Answers the index it changed (levels from there on moved or changed), or `Infinity` for nothing.
 */
const apply = (side: Array<Level>, level: Level, direction: 1 | -1): number => {
  let lo = 0
  let hi = side.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    // Stryker disable next-line ArithmeticOperator: direction is 1 or -1, where x / d equals x * d (-0 too)
    const c = compare(side[mid]!.price, level.price) * direction
    if (c === 0) {
      if (BigDecimal.isZero(level.size)) side.splice(mid, 1)
      else side[mid] = level
      return mid
    }
    if (c < 0) lo = mid + 1
    else hi = mid
  }
  if (BigDecimal.isZero(level.size)) return Infinity
  side.splice(lo, 0, level)
  return lo
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

/** CRC32 of a string's UTF-8 bytes (ASCII here), as a signed 32-bit integer like Bitget's. */
export const crc32 = (text: string): number => {
  let crc = -1
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8)
  return (crc ^ -1) | 0
}

/**
 * Bitget's checksum text: the top 25 levels interleaved `bid1:ask1:bid2:ask2…`, each `price:size`
 * in the exact digits sent (`Decimal.format` keeps them: `0.5000` stays `0.5000`).
 */
export const checksumText = (bids: ReadonlyArray<Level>, asks: ReadonlyArray<Level>): string => {
  const parts: Array<string> = []
  for (let i = 0; i < 25; i++) {
    const bid = bids[i]
    const ask = asks[i]
    if (bid !== undefined) parts.push(`${Decimal.format(bid.price)}:${Decimal.format(bid.size)}`)
    if (ask !== undefined) parts.push(`${Decimal.format(ask.price)}:${Decimal.format(ask.size)}`)
  }
  return parts.join(":")
}

/** The book state machine, one per Stream (exported for the benchmark: `Book.keeper(depth)`). */
export class Keeper {
  asks: Array<Level> = []
  bids: Array<Level> = []
  seq: bigint | undefined = undefined
  live = false
  /** A fresh snapshot was asked for and has not come yet. */
  asked = false
  /**
   * The sides of the last book emitted, reused while no update reaches into the top `depth`
   * (emitted arrays are never changed: a deep update must not cost two copies of the top).
   */
  private shownAsks: ReadonlyArray<Level> | undefined = undefined
  private shownBids: ReadonlyArray<Level> | undefined = undefined

  constructor(readonly depth: number | undefined) {}

  snapshot(row: BookRow): Book {
    this.asks = row.asks.filter((l) => !BigDecimal.isZero(l.size)).sort((a, b) => compare(a.price, b.price))
    this.bids = row.bids.filter((l) => !BigDecimal.isZero(l.size)).sort((a, b) => compare(b.price, a.price))
    this.seq = row.seq
    this.live = true
    this.asked = false
    this.shownAsks = this.shownBids = undefined
    return this.view(row)
  }

  /** Applies an update; a reason when the book can no longer be trusted. */
  update(row: BookRow): ResyncReason | Book {
    if (!this.live) return "no snapshot"
    if (row.pseq !== undefined && row.pseq === 0n && row.seq !== undefined) return "restart"
    if (row.pseq !== undefined && this.seq !== undefined && row.pseq !== this.seq) return "gap"
    const depth = this.depth ?? Infinity
    for (const level of row.asks) if (apply(this.asks, level, 1) < depth) this.shownAsks = undefined
    for (const level of row.bids) if (apply(this.bids, level, -1) < depth) this.shownBids = undefined
    this.seq = row.seq ?? this.seq
    const bid = this.bids[0]
    const ask = this.asks[0]
    if (bid !== undefined && ask !== undefined && compare(bid.price, ask.price) >= 0) return "crossed"
    if (
      row.checksum !== undefined && row.checksum !== 0 && crc32(checksumText(this.bids, this.asks)) !== row.checksum
    ) {
      return "checksum"
    }
    return this.view(row)
  }

  drop(): void {
    this.live = false
    this.asks = []
    this.bids = []
    this.seq = undefined
    this.shownAsks = this.shownBids = undefined
  }

  view(row: BookRow): Book {
    const depth = this.depth
    // `slice(0, undefined)` copies every level.
    const asks = this.shownAsks ??= this.asks.slice(0, depth)
    const bids = this.shownBids ??= this.bids.slice(0, depth)
    // Without a depth every level is shown: each book gets its own copy.
    if (depth === undefined) this.shownAsks = this.shownBids = undefined
    return { asks, bids, seq: this.seq, ts: row.ts }
  }
}

/** A book keeper on its own, without a socket: `snapshot(row)`, then `update(row)` per push. */
export const keeper = (depth?: number): Keeper => new Keeper(depth)

/**
 * The book of an incremental `books` channel (`V2Public.Books` or `V3Public.Books`) as a Stream
 * of consistent books, rebuilt from a fresh snapshot whenever it could be wrong.
 */
export const stream = <C extends Channel.Channel<any, BookRow>>(
  channel: C,
  request: Channel.Channel.Request<C>,
  options: Options & { readonly onResync?: (reason: ResyncReason) => void } = {}
): Stream.Stream<Book, StreamError | InvalidRequest, BitgetSocket> =>
  // The book is kept inside the subscription's own read (`Channel.selecting`): no Stream stage per chunk.
  Channel.selecting(channel, request, (socket, arg) => {
    const keeper = new Keeper(options.depth)
    const resync = (reason: ResyncReason): Effect.Effect<void> => {
      keeper.drop()
      options.onResync?.(reason)
      if (keeper.asked) return Effect.void
      keeper.asked = true
      return socket.resync(channel, arg)
    }
    return (events) => {
      const out: Array<Book> = []
      let effect: Effect.Effect<void> = Effect.void
      for (const event of events) {
        if (event._tag === "Subscribed") {
          // A (re)subscription sends a snapshot next: whatever was kept is stale.
          keeper.drop()
          keeper.asked = false
          continue
        }
        for (const row of event.rows) {
          if (event.action === "snapshot") {
            out.push(keeper.snapshot(row))
            continue
          }
          if (keeper.asked) continue // waiting for the fresh snapshot
          const result = keeper.update(row)
          if (typeof result === "string") {
            effect = Effect.zipRight(effect, resync(result))
            break
          }
          out.push(result)
        }
      }
      const chunk = Chunk.unsafeFromArray(out)
      return effect === Effect.void ? Effect.succeed(chunk) : Effect.as(effect, chunk)
    }
  })

/** The V2 book of one instrument: `Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }, { depth: 20 })`. */
export const v2 = (request: V2Public.Instrument, options?: Options) => stream(V2Public.Books, request, options)

/** The V3 book of one instrument: `Book.v3({ instType: "spot", symbol: "BTCUSDT" }, { depth: 20 })`. */
export const v3 = (request: V3Public.Instrument, options?: Options) => stream(V3Public.Books, request, options)

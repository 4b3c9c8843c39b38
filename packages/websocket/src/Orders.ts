/**
 * Order streams that lose nothing. Bitget's `orders` channel pushes nothing on subscribe and may
 * drop pushes (its FAQ says so): after every (re)connect, login and subscription the open orders
 * are read over REST, and every order this Stream knew open that is no longer open is looked up,
 * so its terminal state (filled, cancelled) is emitted even when its push was lost. Pushes and REST
 * reads are merged so an order never goes backwards: nothing after a terminal state, no older
 * state after a newer one, no repeat of the same state.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as FuturesQuery from "@effect-bitget/futures/OrderQuery"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import type * as UnifiedSchemas from "@effect-bitget/unified/Schemas"
import * as UnifiedTrade from "@effect-bitget/unified/Trade"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type { BitgetSocket } from "./BitgetSocket.js"
import * as Channel from "./Channel.js"
import { reread } from "./internal/reread.js"
import * as V2Private from "./V2Private.js"
import * as V3Private from "./V3Private.js"

/** An order's state, and where it was learned: a push, or the REST read after a (re)connect. */
export interface Update<Row> {
  readonly source: "push" | "rest"
  readonly order: Row
}

/** `live` < `partially_filled` < terminal; older spellings included. */
export const rank = (status: string): number =>
  status === "partially_filled"
    ? 1
    : status === "filled" || status === "full_fill" || status === "cancelled" || status === "canceled"
    ? 2
    : 0

interface Seen {
  readonly rank: number
  readonly uTime: number
  readonly filled: BigDecimal.BigDecimal | undefined
}

/** Terminal orders remembered to refuse late pushes; the oldest are forgotten past this many. */
const REMEMBERED = 10_000

export interface Source<Row, E = unknown> {
  readonly id: (row: Row) => string
  readonly status: (row: Row) => string
  readonly uTime: (row: Row) => number
  readonly filled: (row: Row) => BigDecimal.BigDecimal | undefined
  /** The open orders, read over REST. */
  readonly open: Effect.Effect<ReadonlyArray<Row>, E, BitgetClient>
  /** One order by id, read over REST (`None` when not found). */
  readonly one: (row: Row) => Effect.Effect<Option.Option<Row>, E, BitgetClient>
}

export interface Options {
  /**
   * How often the REST read also runs while connected: Bitget may lose a push on a live socket
   * too (its FAQ Q15). One minute by default (one open-orders request; the limit is 10-20/s).
   */
  readonly every?: Duration.DurationInput | undefined
}

/** Merges a channel's events with REST reads after each (re)subscription and every `every`. */
export const reconcile = <Row, E, E2>(
  events: Stream.Stream<Channel.Event<Row>, E, BitgetSocket>,
  source: Source<Row, E2>,
  options: Options = {}
): Stream.Stream<Update<Row>, E | E2, BitgetSocket | BitgetClient> =>
  Stream.suspend(() => {
    const seen = new Map<string, Seen>()
    const open = new Map<string, Row>()
    const advance = (row: Row): boolean => {
      const id = source.id(row)
      const next: Seen = { rank: rank(source.status(row)), uTime: source.uTime(row), filled: source.filled(row) }
      const prev = seen.get(id)
      if (prev !== undefined) {
        if (prev.rank === 2 || next.rank < prev.rank) return false
        if (next.rank === prev.rank) {
          const more = next.filled !== undefined && prev.filled !== undefined &&
            BigDecimal.greaterThan(next.filled, prev.filled)
          if (!more && next.uTime <= prev.uTime) return false
        }
      }
      seen.delete(id)
      seen.set(id, next)
      if (next.rank === 2) {
        open.delete(id)
        if (seen.size > REMEMBERED) seen.delete(seen.keys().next().value!)
      } else {
        open.set(id, row)
      }
      return true
    }
    const retry = reread
    const read = Effect.gen(function*() {
      const out: Array<Update<Row>> = []
      const rows = yield* retry(source.open)
      const now = new Set(rows.map(source.id))
      for (const row of rows) if (advance(row)) out.push({ source: "rest", order: row })
      // Known open, no longer open: it ended while the socket was down or its push was lost.
      for (const [id, row] of [...open]) {
        if (now.has(id)) continue
        const found = yield* retry(source.one(row))
        if (Option.isSome(found) && advance(found.value)) out.push({ source: "rest", order: found.value })
      }
      return out
    })
    const ticks = Stream.fromSchedule(Schedule.spaced(options.every ?? "1 minute")).pipe(
      Stream.map((): Channel.Event<Row> => ({ _tag: "Subscribed" }))
    )
    const all = Stream.merge(events, ticks, { haltStrategy: "left" })
    return Stream.mapConcatChunkEffect(all, (event) => {
      if (event._tag === "Subscribed") return Effect.map(read, Chunk.unsafeFromArray)
      const out: Array<Update<Row>> = []
      for (const row of event.rows) if (advance(row)) out.push({ source: "push", order: row })
      return Effect.succeed(Chunk.unsafeFromArray(out))
    })
  })

/** Copies the defined values only (optional fields stay missing, never `undefined`). */
const defined = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

const normal = (status: string) =>
  status === "full_fill" ? "filled" : status === "new" || status === "init" ? "live" : status

const spotRow = (order: SpotTrade.OpenOrder | SpotTrade.Order): V2Private.SpotOrderRow =>
  defined({
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    price: "price" in order ? order.price : order.priceAvg,
    size: order.size,
    orderType: order.orderType,
    side: order.side,
    status: normal(order.status),
    accBaseVolume: order.baseVolume,
    priceAvg: "price" in order ? order.priceAvg : undefined,
    cancelReason: "cancelReason" in order ? order.cancelReason : undefined,
    cTime: order.cTime,
    uTime: order.uTime ?? order.cTime
  })

const millis = (t: Parameters<typeof Timestamp.toMillis>[0]) => Timestamp.toMillis(t)

/**
 * Spot order updates that lose nothing: `V2Private.spotOrders` merged with `spot.trade`'s
 * unfilled orders after every (re)connect and `orderInfo` for orders that ended meanwhile.
 */
export const spot = (selector: V2Private.SpotSelector = {}, options?: Options) =>
  reconcile(Channel.events(V2Private.SpotOrders)(selector), {
    id: (row) => row.orderId,
    status: (row) => row.status,
    uTime: (row) => millis(row.uTime),
    filled: (row) => row.accBaseVolume,
    open: Stream.runCollect(
      SpotTrade.unfilledOrders.items(selector.instId === undefined ? {} : { symbol: selector.instId })
    ).pipe(Effect.map((rows) => Chunk.toReadonlyArray(rows).map(spotRow))),
    one: (row) =>
      SpotTrade.orderInfo({ orderId: row.orderId }).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), spotRow)),
        Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none()))
      )
  }, options)

const futuresRow = (order: FuturesQuery.Order | FuturesQuery.OrderDetail): V2Private.FuturesOrderRow =>
  defined({
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid,
    price: order.price,
    size: order.size,
    orderType: order.orderType,
    force: order.force,
    side: order.side,
    posSide: order.posSide,
    tradeSide: order.tradeSide,
    marginMode: order.marginMode === "cross" ? "crossed" : order.marginMode,
    marginCoin: order.marginCoin,
    status: "status" in order ? order.status : order.state,
    accBaseVolume: order.baseVolume,
    priceAvg: order.priceAvg,
    leverage: order.leverage,
    reduceOnly: order.reduceOnly === undefined ? undefined : order.reduceOnly ? "yes" : "no",
    cTime: order.cTime,
    uTime: order.uTime ?? order.cTime
  })

/**
 * Futures order updates that lose nothing: `V2Private.futuresOrders` merged with
 * `futures.orderQuery.ordersPending` after every (re)connect and `detail` for orders that ended.
 */
export const futures = (selector: V2Private.FuturesSelector, options?: Options) =>
  reconcile(Channel.events(V2Private.FuturesOrders)(selector), {
    id: (row) => row.orderId,
    status: (row) => row.status,
    uTime: (row) => millis(row.uTime),
    filled: (row) => row.accBaseVolume,
    open: Stream.runCollect(
      FuturesQuery.ordersPending.items({
        productType: selector.instType,
        ...(selector.instId === undefined ? {} : { symbol: selector.instId })
      })
    ).pipe(Effect.map((rows) => Chunk.toReadonlyArray(rows).map(futuresRow))),
    one: (row) =>
      FuturesQuery.detail({ symbol: row.instId, productType: selector.instType, orderId: row.orderId }).pipe(
        Effect.map((order) => Option.some(futuresRow(order))),
        Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none()))
      )
  }, options)

type UnifiedCategory = (typeof UnifiedSchemas.categories)[number]

type UnifiedOrder = Effect.Effect.Success<ReturnType<typeof UnifiedTrade.orderInfo>>

const unifiedRow = (order: UnifiedOrder): V3Private.OrderRow =>
  defined({
    orderId: order.orderId,
    clientOid: order.clientOid,
    // REST decodes categories to upper case; the channel sends them lower case.
    category: order.category.toLowerCase(),
    symbol: order.symbol,
    orderType: order.orderType,
    side: order.side,
    price: order.price,
    qty: order.qty,
    amount: order.amount,
    cumExecQty: order.cumExecQty,
    cumExecValue: order.cumExecValue,
    avgPrice: order.avgPrice,
    timeInForce: order.timeInForce,
    // REST says `live` where the channel says `new`: the channel's spelling, so one stream speaks one.
    orderStatus: order.orderStatus === "live" ? "new" : order.orderStatus,
    posSide: order.posSide,
    holdSide: order.posSide,
    holdMode: order.holdMode,
    reduceOnly: order.reduceOnly === undefined ? undefined : String(order.reduceOnly).toLowerCase(),
    stpMode: order.stpMode,
    cancelReason: order.cancelReason,
    createdTime: order.createdTime,
    updatedTime: order.updatedTime ?? order.createdTime
  })

/** The unified account's order updates of one category, or of every one. */
export interface UnifiedSelector {
  readonly category?: V3Private.OrderRow["category"] | undefined
}

/**
 * Unified-account (V3) order updates that lose nothing: `V3Private.order` merged with
 * `unified.trade.unfilledOrders` after every (re)connect and `unified.trade.orderInfo` for orders
 * that ended meanwhile. With a `category`, only that category's orders are emitted.
 */
export const unified = (selector: UnifiedSelector = {}, options?: Options) => {
  const category = selector.category
  const events = Channel.events(V3Private.Order)({})
  const mine = category === undefined ?
    events :
    Stream.map(events, (event) =>
      event._tag === "Subscribed" ? event : {
        ...event,
        rows: event.rows.filter((row) => row.category === category)
      })
  return reconcile(mine, {
    id: (row) => row.orderId,
    status: (row) => row.orderStatus,
    uTime: (row) => millis(row.updatedTime),
    filled: (row) => row.cumExecQty,
    open: Stream.runCollect(
      UnifiedTrade.unfilledOrders.items(
        category === undefined ? {} : { category: category.toUpperCase() as UnifiedCategory }
      )
    ).pipe(Effect.map((rows) => Chunk.toReadonlyArray(rows).map(unifiedRow))),
    one: (row) =>
      UnifiedTrade.orderInfo({ orderId: row.orderId }).pipe(
        Effect.map((order) => Option.some(unifiedRow(order))),
        Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none()))
      )
  }, options)
}

/**
 * Fills that lose nothing. A fill channel pushes nothing on subscribe, so a fill made while the
 * socket was down, or whose push Bitget lost, never arrives on a plain Stream. Here, after every
 * (re)connect, login and subscription (and every `every`), the fills since the newest one seen (or
 * since the Stream started) are read over REST and the ones not yet emitted are emitted, oldest
 * first; every fill is emitted once, by its id, whether it came by push or by REST.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import * as UnifiedTrade from "@effect-bitget/unified/Trade"
import * as Chunk from "effect/Chunk"
import * as Clock from "effect/Clock"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type { BitgetSocket } from "./BitgetSocket.js"
import * as Channel from "./Channel.js"
import * as V2Private from "./V2Private.js"
import * as V3Private from "./V3Private.js"

/** A fill, and where it was learned: a push, or the REST read after a (re)connect. */
export interface Update<Row> {
  readonly source: "push" | "rest"
  readonly fill: Row
}

export interface Source<Row, E = unknown> {
  /** The fill's id (`execId`). */
  readonly id: (row: Row) => string
  /** When it was made (ms). */
  readonly time: (row: Row) => number
  /** The fills made since `from` (ms), read over REST. */
  readonly since: (from: number) => Effect.Effect<ReadonlyArray<Row>, E, BitgetClient>
}

export interface Options {
  /** How often the REST read also runs while connected (a push may be lost on a live socket): 1 minute. */
  readonly every?: Duration.DurationInput | undefined
}

/** Fill ids remembered to refuse repeats; the oldest are forgotten past this many. */
const REMEMBERED = 10_000

/**
 * REST reads start this long before the newest fill seen: fills of one millisecond, or listed by
 * REST a little after their push, are not skipped (repeats are dropped by id).
 */
const OVERLAP = 5_000

/** Merges a fill channel's events with REST reads after each (re)subscription and every `every`. */
export const reconcile = <Row, E, E2>(
  events: Stream.Stream<Channel.Event<Row>, E, BitgetSocket>,
  source: Source<Row, E2>,
  options: Options = {}
): Stream.Stream<Update<Row>, E | E2, BitgetSocket | BitgetClient> =>
  Stream.unwrap(Effect.map(Clock.currentTimeMillis, (started) => {
    const seen = new Set<string>()
    let newest = started
    const fresh = (row: Row): boolean => {
      const id = source.id(row)
      if (seen.has(id)) return false
      seen.add(id)
      if (seen.size > REMEMBERED) seen.delete(seen.values().next().value!)
      newest = Math.max(newest, source.time(row))
      return true
    }
    const read = Effect.suspend(() =>
      Effect.retry(source.since(Math.max(started, newest - OVERLAP)), {
        times: 3,
        schedule: Schedule.exponential("200 millis")
      })
    ).pipe(
      Effect.map((rows) =>
        [...rows].sort((a, b) => source.time(a) - source.time(b)).filter(fresh).map((fill): Update<Row> => ({
          source: "rest",
          fill
        }))
      )
    )
    const ticks = Stream.fromSchedule(Schedule.spaced(options.every ?? "1 minute")).pipe(
      Stream.map((): Channel.Event<Row> => ({ _tag: "Subscribed" }))
    )
    return Stream.mapConcatChunkEffect(
      Stream.merge(events, ticks, { haltStrategy: "left" }),
      (event) =>
        event._tag === "Subscribed"
          ? Effect.map(read, Chunk.unsafeFromArray)
          : Effect.succeed(
            Chunk.unsafeFromArray(event.rows.filter(fresh).map((fill): Update<Row> => ({ source: "push", fill })))
          )
    )
  }))

/** Copies the defined values only (optional fields stay missing, never `undefined`). */
const defined = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

type UnifiedFill = Stream.Stream.Success<ReturnType<typeof UnifiedTrade.fills.items>>

const unifiedFill = (fill: UnifiedFill): V3Private.FillRow =>
  defined({
    orderId: fill.orderId,
    clientOid: fill.clientOid,
    execId: fill.execId,
    execLinkId: fill.execLinkId,
    // REST decodes categories to upper case; the channel sends them lower case.
    category: fill.category.toLowerCase(),
    symbol: fill.symbol,
    side: fill.side,
    orderType: fill.orderType,
    execPrice: fill.execPrice,
    execQty: fill.execQty,
    execValue: fill.execValue,
    execPnl: fill.execPnl,
    tradeScope: fill.tradeScope,
    holdSide: fill.posSide,
    tradeSide: fill.tradeSide,
    execTime: fill.createdTime,
    createdTime: fill.createdTime,
    updatedTime: fill.updatedTime
  })

const fillTime = (row: V3Private.FillRow): number => {
  const time = row.execTime ?? row.createdTime ?? row.updatedTime
  return time === undefined ? 0 : Timestamp.toMillis(time)
}

/**
 * The unified account's fills (every category) that lose nothing: `V3Private.fill` with
 * `unified.trade.fills` since the newest fill seen after each (re)connect; each fill once.
 */
export const unified = (options?: Options) =>
  reconcile(Channel.events(V3Private.Fill)({}), {
    id: (row) => row.execId,
    time: fillTime,
    since: (from) =>
      Stream.runCollect(UnifiedTrade.fills.items({ startTime: Timestamp.fromMillis(from) })).pipe(
        Effect.map((rows) => Chunk.toReadonlyArray(rows).map(unifiedFill))
      )
  }, options)

type SpotFill = Stream.Stream.Success<ReturnType<typeof SpotTrade.fills.items>>

const spotFill = (fill: SpotFill): V2Private.SpotFillRow =>
  defined({
    orderId: fill.orderId,
    tradeId: fill.tradeId,
    symbol: fill.symbol,
    orderType: fill.orderType,
    side: fill.side,
    priceAvg: fill.priceAvg,
    size: fill.size,
    amount: fill.amount,
    tradeScope: fill.tradeScope,
    cTime: fill.cTime,
    uTime: fill.uTime
  })

/**
 * Spot fills (one symbol, or all) that lose nothing: `V2Private.spotFill` with `spot.trade.fills`
 * since the newest fill seen after each (re)connect; each fill once by `tradeId`.
 */
export const spot = (selector: V2Private.SpotSelector = {}, options?: Options) =>
  reconcile(Channel.events(V2Private.SpotFill)(selector), {
    id: (row) => row.tradeId,
    time: (row) => Timestamp.toMillis(row.cTime),
    since: (from) =>
      Stream.runCollect(
        SpotTrade.fills.items({
          startTime: Timestamp.fromMillis(from),
          ...(selector.instId === undefined ? {} : { symbol: selector.instId })
        })
      ).pipe(Effect.map((rows) => Chunk.toReadonlyArray(rows).map(spotFill)))
  }, options)

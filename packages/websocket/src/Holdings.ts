/**
 * Positions and balances that stay true across reconnects. A private channel's snapshot on
 * subscribe is all a plain Stream has after a reconnect, and a push can be lost (Bitget's FAQ):
 * here, after every (re)connect and subscription, and every `every`, the state is read over REST
 * and replaces what was held, then pushes update it. Each element is the whole state, one row per
 * key (a position's symbol and side, a coin), never a row twice; a push older than what is held
 * (its update time) is not applied, and a position whose size is zero is removed.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as FuturesAccount from "@effect-bitget/futures/Account"
import * as FuturesPosition from "@effect-bitget/futures/Position"
import * as SpotAccount from "@effect-bitget/spot/Account"
import * as UnifiedAccount from "@effect-bitget/unified/Account"
import * as UnifiedPosition from "@effect-bitget/unified/Position"
import * as BigDecimal from "effect/BigDecimal"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as Stream from "effect/Stream"
import type { BitgetSocket } from "./BitgetSocket.js"
import * as Channel from "./Channel.js"
import { reread } from "./internal/reread.js"
import * as V2Private from "./V2Private.js"
import * as V3Private from "./V3Private.js"

/** The whole state after a push or a REST read. */
export interface View<Row> {
  readonly source: "push" | "rest"
  /** Every row held now, one per key, in the order first seen. */
  readonly rows: ReadonlyArray<Row>
}

export interface Source<Row, E = unknown> {
  /** What makes a row one thing: a position's symbol and side, a coin. */
  readonly key: (row: Row) => string
  /** Its update time (ms) when sent: an older push is not applied over a newer row. */
  readonly uTime: (row: Row) => number | undefined
  /** A row that holds nothing any more (a closed position): removed. */
  readonly gone: (row: Row) => boolean
  /** The whole state, read over REST. */
  readonly read: Effect.Effect<ReadonlyArray<Row>, E, BitgetClient>
  /**
   * A REST row completed with what only pushes carry (a V2 position's `posId`), from the row last
   * pushed for its key; `undefined` when that push was of something else (a position since reopened).
   */
  readonly complete?: ((rest: Row, pushed: Row) => Row | undefined) | undefined
  /**
   * Each `snapshot` push lists every row (V2 `positions`: the full list on every change, an empty
   * one once flat), so a held row it does not list is gone.
   */
  readonly whole?: boolean | undefined
}

export interface Options {
  /** How often the REST read also runs while connected (a push may be lost on a live socket): 1 minute. */
  readonly every?: Duration.DurationInput | undefined
}

/** Holds a channel's state: REST reads after each (re)subscription and every `every`, pushes between. */
export const reconcile = <Row, E, E2>(
  events: Stream.Stream<Channel.Event<Row>, E, BitgetSocket>,
  source: Source<Row, E2>,
  options: Options = {}
): Stream.Stream<View<Row>, E | E2, BitgetSocket | BitgetClient> =>
  Stream.suspend(() => {
    const held = new Map<string, Row>()
    // The row last pushed per key, for `complete`; forgotten with the row once it is gone.
    const pushed = new Map<string, Row>()
    // The newest update time seen per key, kept across REST reads: a late push older than what a
    // REST read showed (a position since closed, a balance since changed) is not applied.
    const newest = new Map<string, number>()
    const seen = (key: string, row: Row) => {
      const time = source.uTime(row)
      if (time !== undefined && time > (newest.get(key) ?? -Infinity)) newest.set(key, time)
    }
    const view = (from: "push" | "rest"): View<Row> => ({ source: from, rows: [...held.values()] })
    const read = reread(source.read).pipe(
      Effect.map((rows) => {
        // REST is the truth at this moment: what it does not list is gone.
        held.clear()
        for (const read of rows) {
          const key = source.key(read)
          const last = source.complete === undefined ? undefined : pushed.get(key)
          const row = last === undefined ? read : source.complete!(read, last) ?? read
          seen(key, row)
          if (!source.gone(row)) held.set(key, row)
        }
        for (const key of pushed.keys()) if (!held.has(key)) pushed.delete(key)
        return view("rest")
      })
    )
    const ticks = Stream.fromSchedule(Schedule.spaced(options.every ?? "1 minute")).pipe(
      Stream.map((): Channel.Event<Row> => ({ _tag: "Subscribed" }))
    )
    return Stream.mapEffect(Stream.merge(events, ticks, { haltStrategy: "left" }), (event) => {
      if (event._tag === "Subscribed") return Effect.map(read, (v) => [v])
      let changed = false
      if (source.whole === true && event.action === "snapshot") {
        const listed = new Set(event.rows.map(source.key))
        for (const key of [...held.keys()]) {
          if (listed.has(key)) continue
          held.delete(key)
          pushed.delete(key)
          changed = true
        }
      }
      for (const row of event.rows) {
        const key = source.key(row)
        const then = newest.get(key)
        const now = source.uTime(row)
        // Older than known, or as old as a row REST no longer lists (a repeat of the push before its end).
        if (then !== undefined && now !== undefined && (now < then || (now === then && !held.has(key)))) continue
        seen(key, row)
        if (source.gone(row)) {
          pushed.delete(key)
          changed = held.delete(key) || changed
        } else {
          held.set(key, row)
          pushed.set(key, row)
          changed = true
        }
      }
      return Effect.succeed(changed ? [view("push")] : [])
    }).pipe(Stream.flattenIterables)
  })

/** Copies the defined values only (optional fields stay missing, never `undefined`). */
const defined = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

const millis = (t: Parameters<typeof Timestamp.toMillis>[0] | undefined) =>
  t === undefined ? undefined : Timestamp.toMillis(t)

// ---- Classic (V2) -----------------------------------------------------------------------------

const spotAsset = (asset: SpotAccount.Asset): V2Private.SpotAccountRow =>
  defined({
    coin: asset.coin,
    available: asset.available,
    frozen: asset.frozen,
    locked: asset.locked,
    limitAvailable: asset.limitAvailable,
    uTime: asset.uTime
  })

/** The spot balance of every coin: `V2Private.spotAccount` with `spot.account.assets` after each (re)connect. */
export const spotAssets = (options?: Options) =>
  reconcile(Channel.events(V2Private.SpotAccount)({}), {
    key: (row) => row.coin,
    uTime: (row) => millis(row.uTime),
    gone: () => false,
    read: Effect.map(SpotAccount.assets({}), (assets) => assets.map(spotAsset))
  }, options)

const futuresBalance = (account: FuturesAccount.AccountSummary): V2Private.FuturesAccountRow =>
  defined({
    marginCoin: account.marginCoin,
    frozen: account.locked,
    available: account.available,
    maxTransferOut: account.maxTransferOut,
    equity: account.accountEquity,
    usdtEquity: account.usdtEquity,
    crossedRiskRate: account.crossedRiskRate,
    unrealizedPL: account.unrealizedPL
  })

/**
 * A futures product type's margin balances: `V2Private.futuresAccount` with
 * `futures.account.accounts` after each (re)connect.
 */
export const futuresAccounts = (selector: V2Private.ProductSelector, options?: Options) =>
  reconcile(Channel.events(V2Private.FuturesAccount)(selector), {
    key: (row) => row.marginCoin.toUpperCase(),
    uTime: () => undefined,
    gone: () => false,
    read: Effect.map(FuturesAccount.accounts({ productType: selector.instType }), (rows) => rows.map(futuresBalance))
  }, options)

/**
 * A position's identity, what REST and the channel both carry: symbol, side (`long`/`short`, one
 * position each in hedge mode) and margin coin. Not `posId` (V2 REST names none: Bitget's Get All
 * Positions page, reference bitget-endpoint-shapes.md §positions) and not the margin mode (one per
 * symbol and margin coin: Bitget's Change Margin Mode refuses while a position is open).
 */
const positionKey = (symbol: string, side: string, marginCoin: string | undefined) =>
  `${symbol.toUpperCase()}|${side}|${(marginCoin ?? "").toUpperCase()}`

const futuresPosition = (position: FuturesPosition.Position): V2Private.PositionRow =>
  defined({
    // REST answers carry no position id: empty until a push names it.
    posId: "",
    instId: position.symbol,
    marginCoin: position.marginCoin,
    marginSize: position.marginSize,
    marginMode: position.marginMode,
    holdSide: position.holdSide,
    posMode: position.posMode,
    total: position.total,
    available: position.available,
    frozen: position.locked,
    openPriceAvg: position.openPriceAvg,
    leverage: position.leverage,
    achievedProfits: position.achievedProfits,
    unrealizedPL: position.unrealizedPL,
    liquidationPrice: position.liquidationPrice,
    keepMarginRate: position.keepMarginRate,
    marginRate: position.marginRatio,
    markPrice: position.markPrice,
    breakEvenPrice: position.breakEvenPrice,
    totalFee: position.totalFee,
    deductedFee: position.deductedFee,
    assetMode: position.assetMode,
    autoMargin: position.autoMargin,
    cTime: position.cTime,
    uTime: position.uTime
  })

/**
 * A futures product type's open positions: `V2Private.positions` with
 * `futures.position.allPosition` after each (re)connect; a position closed while the socket was
 * down is gone from the next element.
 */
export const futuresPositions = (selector: V2Private.ProductSelector, options?: Options) =>
  reconcile(Channel.events(V2Private.Positions)(selector), {
    key: (row) => positionKey(row.instId, row.holdSide, row.marginCoin),
    uTime: (row) => millis(row.uTime),
    gone: (row) => BigDecimal.isZero(row.total),
    read: Effect.map(
      FuturesPosition.allPosition({ productType: selector.instType }),
      (rows) => rows.map(futuresPosition)
    ),
    // Bitget sends the whole list on every change: the channel's page shows `action: snapshot` only,
    // and ccxt's handler of it skips the empty lists it sends once flat (pro/bitget.ts handlePositions).
    whole: true,
    // REST's row keeps the `posId` a push named for the same position (opened at the same time);
    // a position closed and reopened since is another one, and stays without until pushed.
    complete: (rest, pushed) =>
      rest.posId === "" && pushed.posId !== "" && rest.cTime !== undefined &&
        millis(rest.cTime) === millis(pushed.cTime)
        ? { ...rest, posId: pushed.posId }
        : undefined
  }, options)

// ---- unified (V3) -----------------------------------------------------------------------------

type FuturesCategory = "USDT-FUTURES" | "COIN-FUTURES" | "USDC-FUTURES"

const unifiedPosition = (position: UnifiedPosition.Position): V3Private.PositionRow =>
  defined({
    symbol: position.symbol,
    // REST decodes categories to upper case; rows say them lower case (the channel sends none).
    category: position.category.toLowerCase(),
    marginCoin: position.marginCoin,
    marginSize: position.positionBalance,
    posSide: position.posSide,
    holdMode: position.holdMode,
    marginMode: position.marginMode,
    size: position.total,
    available: position.available,
    frozen: position.frozen,
    avgPrice: position.avgPrice,
    markPrice: position.markPrice,
    leverage: position.leverage,
    unrealisedPnl: position.unrealisedPnl,
    curRealisedPnl: position.curRealisedPnl,
    liqPrice: position.liquidationPrice,
    mmr: position.mmr,
    breakEvenPrice: position.breakEvenPrice,
    profitRate: position.profitRate,
    openFeeTotal: position.openFeeTotal,
    closeFeeTotal: position.closeFeeTotal,
    createdTime: position.createdTime,
    updatedTime: position.updatedTime
  })

/** The futures categories whose positions REST reads (one category a request). */
const futuresCategories: ReadonlyArray<FuturesCategory> = ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"]

/**
 * The unified account's open positions: `V3Private.position` with
 * `unified.position.currentPosition` of each futures category after each (re)connect. The
 * channel names no category, so a position is its symbol (categories spell them apart), side
 * and margin coin; one pushed with size 0 or `positionStatus: "ended"` is gone.
 */
export const unifiedPositions = (options?: Options) =>
  reconcile(Channel.events(V3Private.Position)({}), {
    key: (row) => positionKey(row.symbol, row.posSide ?? "", row.marginCoin),
    uTime: (row) => millis(row.updatedTime),
    gone: (row) => {
      const size = row.size ?? row.total
      return row.positionStatus === "ended" || (size !== undefined && BigDecimal.isZero(size))
    },
    read: Effect.map(
      Effect.forEach(futuresCategories, (category) => UnifiedPosition.currentPosition({ category })),
      (pages) => pages.flatMap((page) => page.list.map(unifiedPosition))
    )
  }, options)

const unifiedAccountRow = (assets: UnifiedAccount.AccountAssets): V3Private.AccountRow =>
  defined({
    totalEquity: assets.accountEquity,
    effEquity: assets.effEquity,
    unrealisedPnL: assets.unrealisedPnl,
    mmr: assets.mmr,
    imr: assets.imr,
    mgnRatio: assets.mgnRatio,
    positionMgnRatio: assets.positionMgnRatio,
    coin: assets.assets.map((coin) =>
      defined<V3Private.CoinRow>({
        coin: coin.coin,
        equity: coin.equity,
        usdValue: coin.usdValue,
        balance: coin.balance,
        available: coin.available,
        locked: coin.locked,
        debts: coin.debt
      })
    )
  })

/**
 * The unified account (equity, margin, every coin): `V3Private.account` with
 * `unified.account.assets` after each (re)connect. One row, the account.
 */
export const unifiedAccount = (options?: Options) =>
  reconcile(Channel.events(V3Private.Account)({}), {
    key: () => "account",
    uTime: (row) => millis(row.uTime),
    gone: () => false,
    read: Effect.map(UnifiedAccount.assets({}), (assets) => [unifiedAccountRow(assets)])
  }, options)

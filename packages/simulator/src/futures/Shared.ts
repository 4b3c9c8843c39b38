/** What the futures routes share: value helpers, the account key, and lookups over the world. */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Order from "@effect-bitget/futures/Order"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Context } from "../Domain.js"

import { reject } from "../Rejection.js"
import * as Contracts from "./Contracts.js"
import { isOpen, type Order as WorldOrder, type OrderInput, Refusal } from "./Records.js"
import * as Rows from "./Rows.js"
import { type BD, canonical, World, ZERO } from "./World.js"

export const dec = (value: BigDecimal.BigDecimal | string): BD =>
  typeof value === "string" ? Decimal.unsafeMake(value) : value
export const opt = (value: BigDecimal.BigDecimal | string | undefined): BD | undefined =>
  value === undefined ? undefined : dec(value)

export const accountOf = (context: Context): string =>
  `${context.account?.uid ?? "anonymous"}${context.demo ? ":demo" : ""}`

/** Runs world code, turning its refusals into Bitget errors. */
export const run = <A>(f: () => A) =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (error) {
      if (error instanceof Refusal) return reject(error.code, error.msg)
      throw error
    }
  })

/** Lookups and operations over one world, used by several route modules. */
export const make = (world: World) => {
  /** A page of the account's open (pending) or finished (history) orders, with the shared filters. */
  const orderPage = (
    context: Context,
    request: Rows.PageRequest & {
      readonly productType: string
      readonly symbol?: string | undefined
      readonly orderId?: string | undefined
      readonly clientOid?: string | undefined
    },
    open: boolean,
    keep: (order: WorldOrder) => boolean
  ) => {
    const account = accountOf(context)
    const rows = Rows.newest(world.orders).filter((o) =>
      o.account === account && isOpen(o) === open && o.productType === canonical(request.productType) &&
      (request.symbol === undefined || o.symbol === request.symbol.toUpperCase()) &&
      (request.orderId === undefined || o.orderId === request.orderId) &&
      (request.clientOid === undefined || o.clientOid === request.clientOid) && keep(o)
    )
    const result = Rows.page(rows, (o) => o.orderId, (o) => o.cTime, request)
    return Rows.compact<any>({ entrustedList: result.rows.map(Rows.orderRow), endId: result.endId })
  }

  const byProductType = (productType: string) =>
    [...world.contracts.values()].filter((c) => c.productType === canonical(productType))

  const marginCoins = (productType: string) => [...new Set(byProductType(productType).flatMap((c) => c.marginCoins))]

  const summary = (account: string, marginCoin: string) => {
    const coin = marginCoin.toUpperCase()
    const cash = world.balance(account, coin)
    // Resting orders hold their margin: locked, not available (World.held).
    const locked = world.frozen(account, coin)
    const available = BigDecimal.subtract(cash, locked)
    const positions = [...world.positions.values()].filter((p) =>
      p.account === account && p.marginCoin === coin && BigDecimal.isPositive(p.total)
    )
    const margin = positions.reduce((sum, p) => BigDecimal.sum(sum, p.margin), ZERO)
    const unrealized = positions.reduce(
      (sum, p) => BigDecimal.sum(sum, world.unrealized(p, world.mark(p.symbol))),
      ZERO
    )
    const equity = BigDecimal.sum(BigDecimal.sum(cash, margin), unrealized)
    const btc = world.mark("BTCUSDT")
    const usd = Contracts.linearCoins.has(coin)
      ? equity
      : BigDecimal.multiply(equity, world.mark(coin.replace(/^S/, "").startsWith("ETH") ? "ETHUSDT" : "BTCUSDT"))
    return {
      marginCoin: coin,
      locked,
      available,
      crossedMaxAvailable: available,
      isolatedMaxAvailable: available,
      maxTransferOut: available,
      accountEquity: equity,
      usdtEquity: usd,
      btcEquity: BigDecimal.normalize(BigDecimal.scale(BigDecimal.unsafeDivide(usd, btc), 8)),
      crossedRiskRate: ZERO,
      unrealizedPL: unrealized,
      coupon: ZERO,
      crossedUnrealizedPL: unrealized,
      isolatedUnrealizedPL: ZERO,
      assetMode: "single" as const
    }
  }

  const orderInput = (request: {
    readonly symbol: string
    readonly productType: string
    readonly marginCoin: string
    readonly marginMode: "crossed" | "isolated"
  }, item: Order.BatchOrder): OrderInput => ({
    symbol: request.symbol,
    productType: request.productType,
    marginCoin: request.marginCoin,
    marginMode: request.marginMode,
    size: dec(item.size),
    price: opt(item.price),
    side: item.side,
    tradeSide: item.tradeSide,
    orderType: item.orderType,
    force: item.force,
    clientOid: item.clientOid,
    reduceOnly: item.reduceOnly,
    presetStopSurplusPrice: opt(item.presetStopSurplusPrice),
    presetStopLossPrice: opt(item.presetStopLossPrice)
  })

  const findOrder = (
    account: string,
    ref: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined },
    symbol?: string
  ) =>
    world.orders.find((o) =>
      o.account === account && (symbol === undefined || o.symbol === symbol.toUpperCase()) &&
      (ref.orderId !== undefined ? o.orderId === ref.orderId : o.clientOid === ref.clientOid)
    )

  const findPlan = (
    account: string,
    ref: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }
  ) =>
    world.plans.find((p) =>
      p.account === account && (ref.orderId !== undefined ? p.orderId === ref.orderId : p.clientOid === ref.clientOid)
    )

  const notFound = () => {
    throw new Refusal("40768", "Order does not exist")
  }

  /** Closes a whole position at market: the order one-way or hedge mode needs for it. */
  const closePosition = (account: string, p: ReturnType<World["openPositions"]>[number], now: number, source: string) =>
    world.place(account, {
      symbol: p.symbol,
      productType: p.productType,
      marginCoin: p.marginCoin,
      marginMode: p.marginMode,
      size: p.total,
      side: p.posMode === "hedge_mode"
        ? (p.holdSide === "long" ? "buy" : "sell")
        : p.holdSide === "long"
        ? "sell"
        : "buy",
      tradeSide: p.posMode === "hedge_mode" ? "close" : undefined,
      orderType: "market",
      reduceOnly: p.posMode === "one_way_mode",
      orderSource: source
    }, now)

  return {
    world,
    orderPage,
    byProductType,
    marginCoins,
    summary,
    orderInput,
    findOrder,
    findPlan,
    notFound,
    closePosition
  }
}

export type Shared = ReturnType<typeof make>

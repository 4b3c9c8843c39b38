/**
 * Order entry over the V2 private socket (`op:"trade"`, channels `place-order` and
 * `cancel-order`, one order per request; reference §6.1), against the same worlds and the same
 * matching as REST: a WebSocket order is the order REST lists, and its changes are pushed on the
 * account's private channels like any other.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type * as BD from "effect/BigDecimal"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import { isOpen, Refusal } from "../futures/Records.js"
import type { World as SpotWorld } from "../spot/World.js"
import { futuresTypes } from "./Instruments.js"

export interface Reply {
  readonly code: number
  readonly msg: string
  readonly orderId?: string | undefined
  readonly clientOid?: string | undefined
}

/** The `id` Bitget accepts: at most 40 characters of `[0-9A-Za-z_:#-+ ]` (reference §6.1). */
export const ID = /^[0-9A-Za-z_:#\-+\s]{1,40}$/

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined

const decimal = (value: unknown): BD.BigDecimal | undefined => {
  const text = str(value)
  return text === undefined ? undefined : Decimal.parse(text)
}

const paramError = (msg: string): Reply => ({ code: 40019, msg })

export const handle = (
  worlds: { readonly spot: SpotWorld | undefined; readonly futures: FuturesControl | undefined },
  uid: string,
  arg: Record<string, unknown>,
  now: number
): Reply => {
  const instType = str(arg.instType)
  const instId = str(arg.instId)
  const channel = str(arg.channel)
  const params = (typeof arg.params === "object" && arg.params !== null ? arg.params : {}) as Record<string, unknown>
  if (instType === undefined || instId === undefined) return paramError("instType and instId are required")
  if (channel !== "place-order" && channel !== "cancel-order") {
    return { code: 30016, msg: `channel:${channel} is not supported` }
  }
  const clientOid = str(params.clientOid)
  const orderId = str(params.orderId)
  if (instType === "SPOT" && worlds.spot !== undefined) {
    const world = worlds.spot
    if (channel === "cancel-order") {
      if (orderId === undefined && clientOid === undefined) return paramError("orderId or clientOid is required")
      const done = Effect.runSyncExit(world.cancel(uid, orderId, orderId === undefined ? clientOid : undefined, now))
      return done._tag === "Success"
        ? { code: 0, msg: "Success", orderId: done.value.orderId, clientOid: done.value.clientOid }
        : refused(done.cause)
    }
    const side = str(params.side)
    const orderType = str(params.orderType)
    const size = decimal(params.size)
    const price = decimal(params.price)
    if (side !== "buy" && side !== "sell") return paramError("side must be buy or sell")
    if (orderType !== "limit" && orderType !== "market") return paramError("orderType must be limit or market")
    if (size === undefined) return paramError("size is required")
    const placed = Effect.runSyncExit(world.place({
      uid,
      symbol: instId,
      side,
      orderType,
      force: str(params.force) ?? "gtc",
      price,
      size,
      clientOid
    }, now))
    return placed._tag === "Success"
      ? { code: 0, msg: "Success", orderId: placed.value.orderId, clientOid: placed.value.clientOid }
      : refused(placed.cause)
  }
  if (futuresTypes.has(instType) && worlds.futures !== undefined) {
    const world = worlds.futures.world
    try {
      if (channel === "cancel-order") {
        const order = world.orders.find((o) =>
          o.account === uid && o.symbol === instId &&
          (orderId !== undefined ? o.orderId === orderId : o.clientOid === clientOid)
        )
        if (order === undefined || !isOpen(order)) return { code: 40768, msg: "Order does not exist" }
        world.cancel(order, now, "cancelled by user")
        return { code: 0, msg: "Success", orderId: order.orderId, clientOid: order.clientOid }
      }
      const side = str(params.side)
      const orderType = str(params.orderType)
      const size = decimal(params.size)
      const marginCoin = str(params.marginCoin)
      const marginMode = str(params.marginMode)
      if (side !== "buy" && side !== "sell") return paramError("side must be buy or sell")
      if (orderType !== "limit" && orderType !== "market") return paramError("orderType must be limit or market")
      if (size === undefined) return paramError("size is required")
      if (marginCoin === undefined) return paramError("marginCoin is required")
      if (marginMode !== "crossed" && marginMode !== "isolated") {
        return paramError("marginMode must be crossed or isolated")
      }
      const tradeSide = str(params.tradeSide)
      const order = world.place(uid, {
        symbol: instId,
        productType: instType,
        marginCoin,
        marginMode,
        size,
        price: decimal(params.price),
        side,
        tradeSide: tradeSide === "open" || tradeSide === "close" ? tradeSide : undefined,
        orderType,
        force: str(params.force),
        clientOid,
        reduceOnly: str(params.reduceOnly)?.toUpperCase() === "YES",
        presetStopSurplusPrice: decimal(params.presetStopSurplusPrice),
        presetStopLossPrice: decimal(params.presetStopLossPrice)
      }, now)
      return { code: 0, msg: "Success", orderId: order.orderId, clientOid: order.clientOid }
    } catch (error) {
      if (error instanceof Refusal) return { code: Number(error.code), msg: error.msg }
      throw error
    }
  }
  return { code: 30001, msg: `instType:${instType},channel:${channel},instId:${instId} doesn't exist` }
}

const refused = (cause: Cause.Cause<{ readonly code: string; readonly msg: string }>): Reply => {
  const failure = Cause.failureOption(cause)
  if (failure._tag === "None") throw new Error(`simulator defect in a WebSocket order: ${Cause.pretty(cause)}`)
  return { code: Number(failure.value.code), msg: failure.value.msg }
}

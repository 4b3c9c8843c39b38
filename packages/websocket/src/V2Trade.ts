/**
 * Classic (V2) order entry over the private socket (`op: "trade"`, channels `place-order` and
 * `cancel-order`, since 2025-07-01; reference §6.1): one order per request, no modify. The rate
 * limit is shared with REST, and spot access may need Bitget's approval (BD/RM). Requests get the
 * REST operations' local checks (their field schemas are reused); a lost answer is settled by
 * looking the order up by `clientOid` over REST, never by placing it twice.
 */
import { PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Placement from "@effect-bitget/core/Placement"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as FuturesQuery from "@effect-bitget/futures/OrderQuery"
import * as FuturesSchemas from "@effect-bitget/futures/Schemas"
import * as SpotSchemas from "@effect-bitget/spot/Schemas"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Trade from "./internal/trade.js"

const limitNeedsPrice = (
  order: { readonly orderType: typeof SpotSchemas.OrderType.Type | FuturesSchemas.OrderType; readonly price?: unknown }
) => !Spelling.is(order.orderType, "limit") || order.price !== undefined || "price: required for a limit order"

const hasId = (request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }) =>
  (request.orderId ?? "") !== "" || (request.clientOid ?? "") !== "" || "orderId or clientOid: one is required"

/** A spot order sent over the socket: the subset of REST's `placeOrder` the channel takes. */
export const SpotOrderRequest = Schema.Struct({
  symbol: Schema.String,
  side: SpotSchemas.Side,
  orderType: SpotSchemas.OrderType,
  force: SpotSchemas.Force,
  /** Required for limit orders. */
  price: Schema.optional(PositiveDecimalInput),
  /** Base coin; for a market buy, the quote coin to spend. */
  size: PositiveDecimalInput,
  /** Generated when left out (and returned); it is how a lost answer is settled. */
  clientOid: Schema.optional(SpotSchemas.ClientOid),
  stpMode: Schema.optional(SpotSchemas.StpMode)
}).pipe(Schema.filter(limitNeedsPrice))
export interface SpotOrderRequest extends Schema.Schema.Type<typeof SpotOrderRequest> {}

/** A futures order sent over the socket. */
export const FuturesOrderRequest = Schema.Struct({
  symbol: Schema.String,
  productType: FuturesSchemas.ProductType,
  marginMode: FuturesSchemas.MarginMode,
  marginCoin: FuturesSchemas.MarginCoin,
  size: PositiveDecimalInput,
  price: Schema.optional(PositiveDecimalInput),
  side: FuturesSchemas.Side,
  /** Hedge mode only. */
  tradeSide: Schema.optional(FuturesSchemas.TradeSide),
  orderType: FuturesSchemas.OrderType,
  force: Schema.optional(FuturesSchemas.Force),
  clientOid: Schema.optional(SpotSchemas.ClientOid),
  reduceOnly: Schema.optional(YES_NO),
  presetStopSurplusPrice: Schema.optional(PositiveDecimalInput),
  presetStopLossPrice: Schema.optional(PositiveDecimalInput),
  stpMode: Schema.optional(FuturesSchemas.StpMode)
}).pipe(Schema.filter(limitNeedsPrice))
export interface FuturesOrderRequest extends Schema.Schema.Type<typeof FuturesOrderRequest> {}

export const CancelRequest = Schema.Struct({
  /** `SPOT` or a futures product type. */
  instType: Schema.Literal("SPOT", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"),
  symbol: Schema.String,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasId))
export interface CancelRequest extends Schema.Schema.Type<typeof CancelRequest> {}

const frame = (instType: string, instId: string, channel: string, params: Record<string, unknown>) => (id: string) =>
  JSON.stringify({ op: "trade", args: [{ id, instType, instId, channel, params }] })

/** The ids of a V2 trade answer (`arg[0].params`), or its refusal. */
const answer = (operation: string, clientOid: string | undefined) => (reply: Record<string, unknown>) => {
  const code = Trade.codeOf(reply)
  if (code !== "0") return Effect.fail(Trade.refused(operation, code, String(reply.msg ?? "")))
  const params = Array.isArray(reply.arg) ? reply.arg[0]?.params : undefined
  const orderId = typeof params?.orderId === "string" ? params.orderId : ""
  return Effect.succeed({
    orderId,
    clientOid: typeof params?.clientOid === "string" ? params.clientOid : clientOid ?? ""
  })
}

const place = <R>(
  operation: string,
  instType: string,
  wire: { readonly [key: string]: any },
  lookup: (clientOid: string) => Effect.Effect<Option.Option<string>, unknown, R>
) => {
  const { symbol, productType: _productType, ...rest } = wire
  const clientOid: string = wire.clientOid ?? Placement.newClientOid()
  const params = { ...rest, clientOid }
  return Trade.placeOne({
    operation,
    clientOid,
    attempt: Effect.flatMap(
      Trade.send(operation, "v2", frame(instType, symbol, "place-order", params)),
      answer(operation, clientOid)
    ),
    lookup: Option.some(lookup(clientOid))
  })
}

/**
 * Places a spot order over the socket: `{ orderId, clientOid }` once Bitget received it (confirm
 * its state on `V2Private.spotOrders`). A lost answer is settled with `spot.trade.orderInfo`.
 */
export const placeSpotOrder = (request: SpotOrderRequest) =>
  Effect.flatMap(
    Trade.check("websocket.v2Trade.placeSpotOrder", SpotOrderRequest, request),
    (wire) =>
      place("websocket.v2Trade.placeSpotOrder", "SPOT", wire, (clientOid) =>
        SpotTrade.orderInfo({ clientOid }).pipe(
          Effect.map((rows) => Option.fromNullable(rows.find((row) => row.clientOid === clientOid)?.orderId)),
          Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none()))
        ))
  )

/**
 * Places a futures order over the socket. A lost answer is settled with `futures.orderQuery.detail`.
 */
export const placeFuturesOrder = (request: FuturesOrderRequest) =>
  Effect.flatMap(Trade.check("websocket.v2Trade.placeFuturesOrder", FuturesOrderRequest, request), (wire) =>
    place(
      "websocket.v2Trade.placeFuturesOrder",
      String(wire.productType).toUpperCase(),
      wire,
      (clientOid) =>
        FuturesQuery.detail({ symbol: wire.symbol, productType: wire.productType, clientOid }).pipe(
          Effect.map((order) => Option.some(order.orderId)),
          Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none()))
        )
    ))

/**
 * Cancels an order by `orderId` or `clientOid` (`orderId` wins when both are given). A cancel is
 * safe to repeat, so a lost answer is reported (`SocketRequestError`) for the caller to retry.
 */
export const cancelOrder = (request: CancelRequest) =>
  Effect.flatMap(Trade.check("websocket.v2Trade.cancelOrder", CancelRequest, request), (wire) => {
    const { instType, symbol, ...params } = wire
    return Effect.flatMap(
      Trade.send("websocket.v2Trade.cancelOrder", "v2", frame(instType, symbol, "cancel-order", params)),
      answer("websocket.v2Trade.cancelOrder", wire.clientOid)
    )
  })

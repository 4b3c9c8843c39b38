/**
 * Unified-account (V3) order entry over the private socket (`op: "trade"` with top-level `id`,
 * `category` and `topic`; reference §6.2): place, cancel and modify one order, or batches of up to
 * 20. Answers carry `code` as a string; a batch answers per item. Modify is asynchronous: its
 * answer means received, not done. Every `clientOid` is generated when left out, so an order whose
 * answer is lost is never sent again blindly: it is looked up by `clientOid` over REST
 * (`unified.trade.orderInfo`); one order not found is sent once more under the same `clientOid`
 * (Bitget refuses a second order with a `clientOid` it has); a batch reports the orders found and
 * fails with `UnknownOrderFate` naming the others.
 */
import * as BitgetError from "@effect-bitget/core/BitgetError"
import { PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Placement from "@effect-bitget/core/Placement"
import * as UnifiedTrade from "@effect-bitget/unified/Trade"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Trade from "./internal/trade.js"
import type { SocketAuthenticationError, SocketRequestError, TradeRefused } from "./SocketError.js"
import { Symbol } from "./Values.js"

export const Category = Schema.Literal("spot", "margin", "usdt-futures", "coin-futures", "usdc-futures")

/** `^[0-9A-Za-z_:#\-+\s]{1,32}$` (Bitget's UTA place-order page). */
export const ClientOid = Schema.String.pipe(
  Schema.pattern(/^[0-9A-Za-z_:#\-+\s]{1,32}$/, {
    message: () => "clientOid: 1 to 32 of letters, digits, spaces and _:#-+"
  })
)

/** Batches take at most 20 orders (Bitget's UTA batch pages). */
export const MAX_BATCH = 20

const limitNeedsPrice = (order: { readonly orderType: string; readonly price?: unknown }) =>
  order.orderType !== "limit" || order.price !== undefined || "price: required for a limit order"

const hasId = (request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }) =>
  (request.orderId ?? "") !== "" || (request.clientOid ?? "") !== "" || "orderId or clientOid: one is required"

const orderFields = {
  symbol: Symbol,
  orderType: Schema.Literal("limit", "market"),
  /** Base coin; quote coin for a spot market buy and for coin-futures. */
  qty: PositiveDecimalInput,
  /** Required for limit orders. */
  price: Schema.optional(PositiveDecimalInput),
  side: Schema.Literal("buy", "sell"),
  /** Hedge mode only. */
  posSide: Schema.optional(Schema.Literal("long", "short")),
  timeInForce: Schema.optional(Schema.Literal("gtc", "ioc", "fok", "post_only", "rpi")),
  reduceOnly: Schema.optional(Schema.Literal("yes", "no")),
  clientOid: Schema.optional(ClientOid),
  stpMode: Schema.optional(Schema.Literal("none", "cancel_taker", "cancel_maker", "cancel_both")),
  marginMode: Schema.optional(Schema.Literal("crossed", "isolated"))
}

export const OrderItem = Schema.Struct(orderFields).pipe(Schema.filter(limitNeedsPrice))
export interface OrderItem extends Schema.Schema.Type<typeof OrderItem> {}

export const PlaceOrderRequest = Schema.Struct({ category: Category, ...orderFields }).pipe(
  Schema.filter(limitNeedsPrice)
)
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const BatchPlaceRequest = Schema.Struct({
  category: Category,
  orders: Schema.Array(OrderItem).pipe(Schema.minItems(1), Schema.maxItems(MAX_BATCH))
})
export interface BatchPlaceRequest extends Schema.Schema.Type<typeof BatchPlaceRequest> {}

const orderRef = {
  symbol: Schema.optional(Symbol),
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}

export const CancelRequest = Schema.Struct({ category: Category, ...orderRef }).pipe(Schema.filter(hasId))
export interface CancelRequest extends Schema.Schema.Type<typeof CancelRequest> {}

export const BatchCancelRequest = Schema.Struct({
  category: Category,
  orders: Schema.Array(Schema.Struct(orderRef).pipe(Schema.filter(hasId))).pipe(
    Schema.minItems(1),
    Schema.maxItems(MAX_BATCH)
  )
})
export interface BatchCancelRequest extends Schema.Schema.Type<typeof BatchCancelRequest> {}

const modifyFields = {
  symbol: Symbol,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  qty: Schema.optional(PositiveDecimalInput),
  price: Schema.optional(PositiveDecimalInput),
  /** `yes`: cancel the order when the modification fails. */
  autoCancel: Schema.optional(Schema.Literal("yes", "no"))
}

export const ModifyRequest = Schema.Struct({ category: Category, ...modifyFields }).pipe(Schema.filter(hasId))
export interface ModifyRequest extends Schema.Schema.Type<typeof ModifyRequest> {}

export const BatchModifyRequest = Schema.Struct({
  category: Category,
  orders: Schema.Array(Schema.Struct(modifyFields).pipe(Schema.filter(hasId))).pipe(
    Schema.minItems(1),
    Schema.maxItems(MAX_BATCH)
  )
})
export interface BatchModifyRequest extends Schema.Schema.Type<typeof BatchModifyRequest> {}

/** One item of an answer: its ids, and for batches its own code (`"0"` when it succeeded). */
export interface ItemResult {
  readonly orderId: string | undefined
  readonly clientOid: string | undefined
  readonly code: string
  readonly msg: string
}

type Failure = TradeRefused | SocketRequestError | SocketAuthenticationError

const frame = (category: string, topic: string, args: ReadonlyArray<unknown>) => (id: string) =>
  JSON.stringify({ op: "trade", id, category, topic, args })

const items = (reply: Record<string, unknown>): Array<ItemResult> =>
  (Array.isArray(reply.args) ? reply.args : []).map((item: any) => ({
    orderId: typeof item?.orderId === "string" && item.orderId !== "" ? item.orderId : undefined,
    clientOid: typeof item?.clientOid === "string" && item.clientOid !== "" ? item.clientOid : undefined,
    code: item?.code === undefined ? "0" : Trade.codeOf(item),
    msg: String(item?.msg ?? "")
  }))

const request = (operation: string, category: string, topic: string, args: ReadonlyArray<unknown>) =>
  Effect.flatMap(Trade.send(operation, "v3", frame(category, topic, args)), (reply) => {
    const code = Trade.codeOf(reply)
    return code === "0"
      ? Effect.succeed(items(reply))
      : Effect.fail(Trade.refused(operation, code, String(reply.msg ?? "")))
  })

/** An order's id by `clientOid`, over REST (`None`: no such order). */
const lookup = (clientOid: string) =>
  UnifiedTrade.orderInfo({ clientOid }).pipe(
    Effect.map((order) => Option.some(order.orderId)),
    Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none<string>()))
  )

/**
 * A lost answer of a batch: every `clientOid` is looked up; all found, their ids are the answer;
 * otherwise `UnknownOrderFate` names the missing ones and lists those found (nothing resent).
 */
const settle = (operation: string, clientOids: ReadonlyArray<string>) =>
<R>(
  effect: Effect.Effect<ReadonlyArray<ItemResult>, Failure, R>
) =>
  Effect.catchIf(
    effect,
    (error): error is SocketRequestError => error._tag === "SocketRequestError" && error.sent,
    () =>
      Effect.gen(function*() {
        const unknown = (reason: string, placed: ReadonlyArray<{ clientOid: string; orderId: string }> = []) =>
          new BitgetError.UnknownOrderFate({
            endpoint: operation,
            clientOids: clientOids.filter((c) => !placed.some((p) => p.clientOid === c)),
            placed,
            reason
          })
        const found = yield* Effect.forEach(
          clientOids,
          (clientOid) => Effect.map(lookup(clientOid), (orderId) => ({ clientOid, orderId }))
        ).pipe(
          Effect.mapError(() => unknown("its answer was lost and the look-up by clientOid failed"))
        )
        const placed = found.flatMap(({ clientOid, orderId }) =>
          Option.isSome(orderId) ? [{ clientOid, orderId: orderId.value }] : []
        )
        if (placed.length < clientOids.length) {
          return yield* Effect.fail(unknown("its answer was lost; these orders were not found", placed))
        }
        return placed.map((p): ItemResult => ({ orderId: p.orderId, clientOid: p.clientOid, code: "0", msg: "" }))
      })
  )

/**
 * Places one order; `{ orderId, clientOid }` once received (confirm on `V3Private.order`). A lost
 * answer is settled with `unified.trade.orderInfo` by `clientOid`, never by placing it twice.
 */
export const placeOrder = (req: PlaceOrderRequest) =>
  Effect.flatMap(Trade.check("websocket.v3Trade.placeOrder", PlaceOrderRequest, req), (wire) => {
    const { category, ...order } = wire
    const clientOid: string = order.clientOid ?? Placement.newClientOid()
    return Trade.placeOne({
      operation: "websocket.v3Trade.placeOrder",
      clientOid,
      attempt: request("websocket.v3Trade.placeOrder", category, "place-order", [{ ...order, clientOid }]).pipe(
        Effect.map((answer) => ({ orderId: answer[0]?.orderId ?? "", clientOid }))
      ),
      lookup: Option.some(lookup(clientOid))
    })
  })

/**
 * Places up to 20 orders; each item answers for itself (a partly successful batch succeeds). A lost
 * answer is settled by looking every `clientOid` up.
 */
export const batchPlace = (req: BatchPlaceRequest) =>
  Effect.flatMap(Trade.check("websocket.v3Trade.batchPlace", BatchPlaceRequest, req), (wire) => {
    const orders = (wire.orders as ReadonlyArray<any>).map((o) => ({
      ...o,
      clientOid: o.clientOid ?? Placement.newClientOid()
    }))
    return request("websocket.v3Trade.batchPlace", wire.category, "batch-place", orders).pipe(
      settle("websocket.v3Trade.batchPlace", orders.map((o) => o.clientOid))
    )
  })

/** Cancels one order by `orderId` or `clientOid`. Safe to repeat: a lost answer is `SocketRequestError`. */
export const cancelOrder = (req: CancelRequest) =>
  Effect.flatMap(
    Trade.check("websocket.v3Trade.cancelOrder", CancelRequest, req),
    ({ category, ...ref }) => request("websocket.v3Trade.cancelOrder", category, "cancel-order", [ref])
  )

/** Cancels up to 20 orders; some may fail on their own (per-item `code`). */
export const batchCancel = (req: BatchCancelRequest) =>
  Effect.flatMap(
    Trade.check("websocket.v3Trade.batchCancel", BatchCancelRequest, req),
    (wire) => request("websocket.v3Trade.batchCancel", wire.category, "batch-cancel", wire.orders)
  )

/** Modifies an order's price or size; the answer means received: watch `V3Private.order` for the result. */
export const modifyOrder = (req: ModifyRequest) =>
  Effect.flatMap(
    Trade.check("websocket.v3Trade.modifyOrder", ModifyRequest, req),
    ({ category, ...change }) => request("websocket.v3Trade.modifyOrder", category, "modify-order", [change])
  )

/** Modifies up to 20 orders. */
export const batchModify = (req: BatchModifyRequest) =>
  Effect.flatMap(
    Trade.check("websocket.v3Trade.batchModify", BatchModifyRequest, req),
    (wire) => request("websocket.v3Trade.batchModify", wire.category, "batch-modify", wire.orders)
  )

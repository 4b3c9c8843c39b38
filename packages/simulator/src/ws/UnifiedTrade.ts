/**
 * Order entry over the V3 private socket (`op:"trade"` with top-level `id`, `category` and
 * `topic`; reference websocket.md §6.2 and Bitget's UTA Place/Cancel/Modify/Batch pages): each
 * order goes through the V3 REST route itself (`unified/TradeRoutes.ts`): the same request
 * Schema decodes it (same field checks, same 40017 "Parameter verification failed" text), the
 * same `UnifiedOrders` places it in the one world, the same 25xxx codes refuse it. Only the
 * envelope differs: `code` is a string ("0" on success), a batch answers per item, and a refused
 * single order is an `error` event naming the request's `id`.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import { reason } from "@effect-bitget/core/internal/request"
import * as Trade from "@effect-bitget/unified/Trade"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import type { Context, Handler } from "../Domain.js"
import { codes } from "../Rejection.js"
import * as Spelling from "../Spelling.js"
import type { UnifiedOrders } from "../unified/Orders.js"
import { tradeRoutes } from "../unified/TradeRoutes.js"

/** The topics of `op:"trade"` on V3 (§6.2). */
export const TOPICS = new Set([
  "place-order",
  "cancel-order",
  "modify-order",
  "batch-place",
  "batch-cancel",
  "batch-modify"
])

/** `category` as the socket takes it (lower case; Place-Order-Channel page). */
const CATEGORIES = new Set(["spot", "margin", "usdt-futures", "coin-futures", "usdc-futures"])

/** Batches take at most 20 orders (Batch-Place-Order-Channel page). */
export const MAX_BATCH = 20

type Outcome =
  | { readonly ok: true; readonly orderId: string; readonly clientOid: string }
  | { readonly ok: false; readonly code: string; readonly msg: string }

interface Compiled {
  readonly decode: (input: unknown) => Either.Either<unknown, import("effect/ParseResult").ParseError>
  readonly spell: (wire: Record<string, unknown>) => Record<string, unknown>
  readonly handler: Handler<any, any>
}

/** The socket's spellings of REST fields (the WS place page writes `takeprofit`, `stoploss`). */
const RENAMES: Readonly<Record<string, string>> = { takeprofit: "takeProfit", stoploss: "stopLoss" }

const restFields = (arg: Record<string, unknown>, category: string | undefined): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(arg)) {
    // The socket's order TTL has no REST twin (bitget-api types it); it changes nothing here.
    if (key === "receiveWindow") continue
    out[RENAMES[key] ?? key] = value
  }
  if (category !== undefined && out.category === undefined) out.category = category
  return out
}

export interface Request {
  readonly id: string
  readonly topic: string
  readonly category: string | undefined
  readonly args: ReadonlyArray<Record<string, unknown>>
}

/** What the server sends back: the frame's fields after `event`, without `connId` and `ts`. */
export type Reply =
  | { readonly event: "trade"; readonly args: ReadonlyArray<Record<string, unknown>> }
  | { readonly event: "error"; readonly code: string; readonly msg: string }

export const make = (orders: UnifiedOrders) => {
  const routes = tradeRoutes(orders)
  const compile = (endpoint: Endpoint.Any): Compiled => ({
    decode: Schema.decodeUnknownEither(endpoint.request as Schema.Schema<unknown, unknown>, {
      onExcessProperty: "error",
      errors: "first"
    }),
    spell: Spelling.make(endpoint.request),
    handler: routes.find((route) => route.endpoint === endpoint)!.handler
  })
  const place = compile(Trade.PlaceOrder)
  const cancel = compile(Trade.CancelOrder)
  const modify = compile(Trade.ModifyOrder)

  /** One order through its REST route. */
  const run = (compiled: Compiled, wire: Record<string, unknown>, context: Context): Outcome => {
    const decoded = compiled.decode(compiled.spell(wire))
    if (Either.isLeft(decoded)) {
      return { ok: false, code: codes.parameter, msg: `Parameter verification failed: ${reason(decoded.left)}` }
    }
    const exit = Effect.runSyncExit(compiled.handler(decoded.right, context))
    if (exit._tag === "Success") {
      const ids = exit.value as { orderId: string; clientOid?: string }
      return { ok: true, orderId: ids.orderId, clientOid: ids.clientOid ?? "" }
    }
    const failure = Cause.failureOption(exit.cause)
    if (failure._tag === "None") {
      throw new Error(`simulator defect in a V3 WebSocket order: ${Cause.pretty(exit.cause)}`)
    }
    return { ok: false, code: failure.value.code, msg: failure.value.msg }
  }

  const item = (outcome: Outcome, echo: Record<string, unknown>): Record<string, unknown> =>
    outcome.ok
      ? { code: "0", msg: "Success", ...echo, orderId: outcome.orderId, clientOid: outcome.clientOid }
      : { code: outcome.code, msg: outcome.msg, ...echo }

  const ids = (arg: Record<string, unknown>) => {
    const out: Record<string, unknown> = {}
    if (typeof arg.orderId === "string") out.orderId = arg.orderId
    if (typeof arg.clientOid === "string") out.clientOid = arg.clientOid
    return out
  }

  const handle = (request: Request, uid: string, now: number): Reply => {
    const { args, category, topic } = request
    const context: Context = { account: { uid, apiKey: "" }, now, demo: false }
    const single = !topic.startsWith("batch-")
    if (args.length === 0) return { event: "error", code: "30016", msg: "Param error" }
    if (single && args.length !== 1) return { event: "error", code: "30016", msg: "Param error" }
    if (args.length > MAX_BATCH) {
      return { event: "error", code: codes.parameter, msg: `args: a batch takes at most ${MAX_BATCH} orders` }
    }
    if (category !== undefined && !CATEGORIES.has(category)) {
      return { event: "error", code: codes.parameter, msg: `category: not one of ${[...CATEGORIES].join(", ")}` }
    }
    const placing = topic === "place-order" || topic === "batch-place"
    if (placing && category === undefined) {
      return { event: "error", code: codes.parameter, msg: "category: required to place orders" }
    }
    const one = (arg: Record<string, unknown>): Outcome =>
      placing
        ? run(place, restFields(arg, category), context)
        : topic.endsWith("cancel-order") || topic === "batch-cancel"
        ? run(cancel, restFields(arg, category), context)
        : run(modify, restFields(arg, category), context)
    if (single) {
      const outcome = one(args[0]!)
      if (!outcome.ok) return { event: "error", code: outcome.code, msg: outcome.msg }
      if (!placing) return { event: "trade", args: [{ orderId: outcome.orderId, clientOid: outcome.clientOid }] }
      const ref = orders.find(uid, outcome.orderId, undefined)
      return {
        event: "trade",
        args: [{
          symbol: ref?.order.symbol ?? args[0]!.symbol,
          orderId: outcome.orderId,
          clientOid: outcome.clientOid,
          cTime: String(ref?.order.cTime ?? now)
        }]
      }
    }
    return {
      event: "trade",
      args: args.map((arg) => item(one(arg), placing ? { symbol: arg.symbol } : ids(arg)))
    }
  }
  return { handle }
}

/**
 * V3 values shared by every unified module: `category` and the subsets each endpoint takes, the
 * order vocabularies (`side`, `orderType`, `timeInForce`, `posSide`, `reduceOnly`, statuses), the
 * V3 `clientOid` pattern, a batch's per-item answer and the `createdTime`/`updatedTime` pair.
 * Requests take closed literals in any letter case and send the documented spelling; answers
 * decode open enums. Source of every rule: shared/reference/v3-unified-api.md §b.6–b.7.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { YesNo } from "@effect-bitget/core/Flag"
import { IdString } from "@effect-bitget/core/Id"
import { FastDeclaration } from "@effect-bitget/core/internal/fastDecode"
import * as Lazy from "@effect-bitget/core/Lazy"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Level } from "@effect-bitget/core/OrderBook"
import * as Placement from "@effect-bitget/core/Placement"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

export { Level }

/** Every product V3 knows, as sent (upper case). */
export const categories = ["SPOT", "MARGIN", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"] as const
export type CategoryName = typeof categories[number]

/**
 * An endpoint's own `category` subset (reference §b.6): accepted in any letter case, sent upper
 * case, and any other product refused locally with the values the endpoint takes.
 */
export const categoryOf = <const L extends readonly [CategoryName, ...Array<CategoryName>]>(...subset: L) =>
  Spelling.literal(...subset)

/** All five products (instruments, public fills, fee rate, place-order, history orders, …). */
export const Category = Lazy.schema(() => categoryOf(...categories))

/** Spot and the three futures products, no `MARGIN` (tickers, order book, candles). */
export const MarketCategory = Lazy.schema(() => categoryOf("SPOT", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"))

/** The three futures products (open interest, funding, positions, close-positions). */
export const FuturesCategory = Lazy.schema(() => categoryOf("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"))

/** `MARGIN` and the three futures products (position tiers, set-leverage). */
export const LeveragedCategory = Lazy.schema(() => categoryOf("MARGIN", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"))

/**
 * A `category` in an answer: answers are not uniformly upper case (`"Margin"` in financial
 * records, `"usdt-futures"` in rpi-symbols; reference §b.6), so it decodes to upper case and code
 * can compare with `categories`. Unknown products still decode.
 */
export const CategoryOut = Lazy.schema(() =>
  Schema.declare(
    [],
    {
      decode: () => (input, _, ast) =>
        typeof input === "string"
          ? ParseResult.succeed(upper(input))
          : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a string")),
      // Declarations check decoded values too: a category is already one.
      encode: () => (input, _, ast) =>
        typeof input === "string"
          ? ParseResult.succeed(input)
          : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a string"))
    },
    {
      identifier: "CategoryOut",
      description: `one of ${categories.join(", ")} (or a value added later), upper case`,
      arbitrary: () => (fc) => fc.constantFrom(...categories),
      // A plain function for the fast decoder: one call a row instead of a transformation's
      // `Either` and an open enum's check (≈ 54 → ≈ 5 ns, FINDINGS §18.4 and §24).
      [FastDeclaration]: upperValue
    }
  ) as unknown as Schema.Schema<CategoryName | (string & {}), string>
)

/**
 * `toUpperCase`, without a new string when nothing can change: no code unit from `a` (97) up, and
 * below it ASCII has no lower-case letter (every documented answer but two is already upper case).
 */
const upper = (wire: string): string => {
  for (let i = 0; i < wire.length; i++) if (wire.charCodeAt(i) >= 97) return wire.toUpperCase()
  return wire
}
const upperValue = (input: unknown): string | undefined => typeof input === "string" ? upper(input) : undefined

/** `buy` or `sell`. */
export const Side = Lazy.schema(() => Spelling.literal("buy", "sell"))
export const SideOut = Lazy.schema(() => OpenEnum("buy", "sell"))

/** `limit` or `market`. */
export const OrderType = Lazy.schema(() => Spelling.literal("limit", "market"))
export const OrderTypeOut = Lazy.schema(() => OpenEnum("limit", "market"))

/** V3's time in force (V2 called it `force`); `gtc` is the default for limit orders. */
export const TimeInForce = Lazy.schema(() => Spelling.literal("gtc", "ioc", "fok", "post_only"))
export const TimeInForceOut = Lazy.schema(() => OpenEnum("gtc", "ioc", "fok", "post_only"))

/** A futures position's side (V2's `holdSide`); required in hedge mode. */
export const PosSide = Lazy.schema(() => Spelling.literal("long", "short"))
export const PosSideOut = Lazy.schema(() => OpenEnum("long", "short"))

/** `reduceOnly`: sent `yes`/`no` lower case; answers say `"NO"`/`"YES"` too (reference §e.18). */
export const ReduceOnly = YesNo

/** Self-trade prevention. */
export const StpMode = Lazy.schema(() => Spelling.literal("none", "cancel_taker", "cancel_maker", "cancel_both"))
export const StpModeOut = Lazy.schema(() => OpenEnum("none", "cancel_taker", "cancel_maker", "cancel_both"))

/** Position (hold) mode. */
export const HoldMode = Lazy.schema(() => Spelling.literal("one_way_mode", "hedge_mode"))
export const HoldModeOut = Lazy.schema(() => OpenEnum("one_way_mode", "hedge_mode"))

/** Margin mode. */
export const MarginMode = Lazy.schema(() => Spelling.literal("crossed", "isolated"))
export const MarginModeOut = Lazy.schema(() => OpenEnum("crossed", "isolated"))

/** An order's state. */
export const OrderStatus = Lazy.schema(() => OpenEnum("live", "new", "partially_filled", "filled", "cancelled"))

/** Why a fill happened. */
export const ExecType = Lazy.schema(() => OpenEnum("normal", "offset", "reduce", "liquidation", "delivery"))

/** Maker or taker side of a fill. */
export const TradeScope = Lazy.schema(() => OpenEnum("taker", "maker"))

/**
 * A V3 client order id: 1 to 32 of letters, digits and `.:/_-` (Bitget's Place-Batch page,
 * https://www.bitget.com/api-doc/uta/trade/Place-Batch; reference §b.7). Generated ones (32 hex
 * digits, `Placement.newClientOid`) fit.
 */
export const ClientOid = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.pattern(/^[.A-Z:/a-z0-9_-]{1,32}$/, {
      message: () => "clientOid: 1 to 32 of letters, digits and .:/_-"
    })
  )
)

/** A request naming an order by `orderId` or `clientOid` needs one of them. */
export const hasId = (request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }) =>
  (request.orderId !== undefined && request.orderId !== "") ||
  (request.clientOid !== undefined && request.clientOid !== "") ||
  "orderId or clientOid: one is required"

/** The answer to placing, amending or cancelling one order. */
export const OrderResult = Lazy.schema(() =>
  Schema.Struct({
    orderId: Absent.optional(Schema.String),
    clientOid: Absent.optional(Schema.String)
  })
)
export interface OrderResult extends Schema.Schema.Type<typeof OrderResult> {}

/**
 * The answer to placing one order: the `clientOid` it was placed under is always known (the client
 * sends one with every order and puts it back when the answer leaves it out: core
 * `Placement.clientOid`); `orderId` is `null` when a one-way reduce-only order replaced an existing
 * one (reference v3-unified-api.md, place-order rules).
 */
export const PlacedOrder = Lazy.schema(() =>
  Schema.Struct({
    orderId: Absent.optional(Schema.String),
    clientOid: Placement.clientOid
  })
)
export interface PlacedOrder extends Schema.Schema.Type<typeof PlacedOrder> {}

/** When a row was created and last changed (V2's `cTime`/`uTime`). */
export const times = Lazy.value(() => ({
  createdTime: Timestamp,
  updatedTime: Absent.optional(Timestamp)
}))

/** The largest batch V3 takes (go-bitget; Bitget's Place-Batch page: "maximum 20 orders"). */
export const maxBatch = 20

/**
 * A batch request's raw JSON array: 1 to 20 items, refused locally past that (reference §d.1,
 * place-batch / cancel-batch / batch-modify-order).
 */
export const batchOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Array(item).pipe(
    Schema.filter((items) =>
      items.length === 0
        ? "a batch needs at least one item"
        : items.length <= maxBatch || `a batch takes at most ${maxBatch} items, got ${items.length}`
    )
  )

/** One item of a batch as the wire has it: failed items add `code` and `msg`. */
const BatchItemWire = Lazy.schema(() =>
  Schema.Struct({
    orderId: Absent.optional(Schema.String),
    clientOid: Absent.optional(Schema.String),
    /** A string or a JSON number; absent, `""` or `"00000"` on success. */
    code: Absent.optional(IdString),
    msg: Absent.optional(Schema.String)
  })
)

/** A batch item that went through. */
export const BatchSucceeded = Lazy.schema(() =>
  Schema.TaggedStruct("Succeeded", {
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  })
)
export interface BatchSucceeded extends Schema.Schema.Type<typeof BatchSucceeded> {}

/** A batch item the exchange refused, with its code (e.g. 25204, 24056) and message. */
export const BatchFailed = Lazy.schema(() =>
  Schema.TaggedStruct("Failed", {
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String),
    code: Schema.String,
    msg: Schema.String
  })
)
export interface BatchFailed extends Schema.Schema.Type<typeof BatchFailed> {}

const idsOf = (item: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }) => ({
  ...(item.orderId === undefined ? {} : { orderId: item.orderId }),
  ...(item.clientOid === undefined ? {} : { clientOid: item.clientOid })
})

const succeeded = (code: string | undefined) => code === undefined || code === "00000" || code === "0"

/**
 * One item of a batch's answer, in the order sent: `Succeeded` or `Failed` (with Bitget's code).
 * A partly successful batch is a success value; `partition` splits it.
 */
export const BatchItem = Lazy.schema(() =>
  Schema.transform(BatchItemWire, Schema.Union(BatchSucceeded, BatchFailed), {
    strict: true,
    decode: (wire) => {
      const ids = idsOf(wire)
      return succeeded(wire.code)
        ? { _tag: "Succeeded" as const, ...ids }
        : { _tag: "Failed" as const, ...ids, code: wire.code!, msg: wire.msg ?? "" }
    },
    encode: (item) => item._tag === "Succeeded" ? idsOf(item) : { ...idsOf(item), code: item.code, msg: item.msg }
  })
)
export type BatchItem = BatchSucceeded | BatchFailed

/** A batch's items split into those that went through and those refused, each in sent order. */
export const partition = (
  items: ReadonlyArray<BatchItem>
): { readonly succeeded: ReadonlyArray<BatchSucceeded>; readonly failed: ReadonlyArray<BatchFailed> } => ({
  succeeded: items.filter((item): item is BatchSucceeded => item._tag === "Succeeded"),
  failed: items.filter((item): item is BatchFailed => item._tag === "Failed")
})

/** An order book: asks ascending (`a`), bids descending (`b`), levels as strings or numbers (§e.10). */
export const OrderBook = Lazy.schema(() =>
  Schema.Struct({
    a: Schema.Array(Level),
    b: Schema.Array(Level),
    ts: Timestamp
  })
)
export interface OrderBook extends Schema.Schema.Type<typeof OrderBook> {}

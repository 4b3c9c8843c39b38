/**
 * P2P orders of a unified account (`/api/v3/p2p/*-orders`, `order-*`): the orders taken on a
 * merchant's ads, seen by both sides. The buyer marks an order paid (`pay`) once the fiat is
 * sent; the seller, having received it, releases the token (`release`), which moves from the
 * seller's P2P balance to the buyer's. Orders are placed by buyers in Bitget's app; the API reads
 * them and moves them on. From Bitget's UTA P2P pages
 * (https://www.bitget.com/api-doc/uta/p2p/order-management/Get-Order-Info and its siblings),
 * bitget-api and go-bitget. 10/s per UID.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Flag from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { CursorPage, P2P_RATE, Side, SideOut } from "./P2PAds.js"

const PAGES = "https://www.bitget.com/api-doc/uta/p2p/order-management"

/** An order's state: waiting for the fiat, waiting for the token, done, cancelled, or disputed. */
export const OrderStatus = Lazy.schema(() =>
  Spelling.literal(
    "pending_payment",
    "pending_release",
    "completed",
    "cancelled",
    "in_appeal"
  )
)
export const OrderStatusOut = Lazy.schema(() =>
  OpenEnum("pending_payment", "pending_release", "completed", "cancelled", "in_appeal")
)

export const OrderRow = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    /** The caller's side of the order. */
    side: SideOut,
    token: Schema.String,
    fiat: Schema.String,
    price: Decimal.Decimal,
    /** Fiat paid, and token traded. */
    amount: Decimal.Decimal,
    quantity: Decimal.Decimal,
    fee: Absent.optional(Decimal.Decimal),
    /** The other side's nickname. */
    counterparty: Absent.optional(Schema.String),
    status: OrderStatusOut,
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface OrderRow extends Schema.Schema.Type<typeof OrderRow> {}

/** A page of orders. */
export const OrderPage = Lazy.schema(() => CursorPage(Named.as<OrderRow>()(OrderRow)))
export interface OrderPage extends Schema.Schema.Type<typeof OrderPage> {}

/** The request of `pendingOrders`. */
export const PendingOrdersRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    side: Schema.optional(Side),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    // Any string: Bitget's examples write order ids (and so `nextId`) as `ORD123456`.
    cursor: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface PendingOrdersRequest extends Schema.Schema.Type<typeof PendingOrdersRequest> {}

export const PendingOrders = Lazy.value(() =>
  Endpoint.list("/api/v3/p2p/pending-orders", {
    name: "unified.p2POrders.pendingOrders",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<PendingOrdersRequest>()(PendingOrdersRequest),
    data: Named.as<OrderPage>()(OrderPage),
    pagination: {
      list: "items",
      cursor: Pagination.dataField("nextId", "orderId", "cursor"),
      limit: { param: "limit", max: 10, source: `${PAGES}/Get-Pending-Orders` }
    }
  })
)

/**
 * `GET /api/v3/p2p/pending-orders`: your orders still under way (`pending_payment`,
 * `pending_release`, `in_appeal`), as buyer or as merchant, newest first; at most 10 a page, the
 * next from the page's `nextId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.nextId`; at most 10 a page (`limit`).
 */
export const pendingOrders = Operation.make(PendingOrders)

/** The request of `allOrders`. */
export const AllOrdersRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    // Any string: Bitget's examples write order ids (and so `nextId`) as `ORD123456`.
    cursor: Schema.optional(Schema.String),
    orderId: Schema.optional(Schema.String),
    side: Schema.optional(Side),
    status: Schema.optional(OrderStatus)
  })
)
export interface AllOrdersRequest extends Schema.Schema.Type<typeof AllOrdersRequest> {}

export const AllOrders = Lazy.value(() =>
  Endpoint.list("/api/v3/p2p/all-orders", {
    name: "unified.p2POrders.allOrders",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<AllOrdersRequest>()(AllOrdersRequest),
    data: Named.as<OrderPage>()(OrderPage),
    pagination: {
      list: "items",
      cursor: Pagination.dataField("nextId", "orderId", "cursor"),
      // The page gives the default, 10, and no larger maximum; pending-orders states 10.
      limit: { param: "limit", max: 10, default: 10, source: `${PAGES}/Get-All-Orders` },
      // "Maximum query range is 90 days; single query range cannot exceed 30 days" (same page).
      window: Pagination.window("30 days", "createdTime"),
      // "Maximum query range is 90 days" back (the page above).
      history: Pagination.history("90 days", `${PAGES}/Get-All-Orders`)
    }
  })
)

/**
 * `GET /api/v3/p2p/all-orders`: every order of yours, of any status unless `status` is given,
 * newest first; 10 a page, the next from `nextId`; `startTime`–`endTime` at most 30 days (checked
 * locally; `items` walks longer ranges window by window) within the last 90. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.nextId`; at most 10 a page (`limit`, 10 when omitted); one
 * request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const allOrders = Operation.make(AllOrders)

export const PayInfoField = Lazy.schema(() =>
  Schema.Struct({
    name: Schema.String,
    /** `txt`, `number` or `file` (a link to an image). */
    type: OpenEnum("txt", "number", "file"),
    value: Absent.optional(Schema.String)
  })
)

export const UserNames = Lazy.schema(() =>
  Schema.Struct({
    nickName: Absent.optional(Schema.String),
    realName: Absent.optional(Schema.String)
  })
)

export const OrderInfo = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    side: SideOut,
    token: Schema.String,
    fiat: Schema.String,
    price: Decimal.Decimal,
    quantity: Decimal.Decimal,
    amount: Decimal.Decimal,
    status: OrderStatusOut,
    advId: Schema.String,
    remark: Absent.optional(Schema.String),
    /** Seconds left for the buyer to pay before the order is cancelled. */
    orderCancelCountdown: Absent.optional(Schema.NumberFromString),
    fee: Absent.optional(Decimal.Decimal),
    /** Whether the funds' source must be verified. */
    verifyCapital: Absent.optional(Flag.YesNo),
    /** Where the buyer pays: the seller's account of the chosen method. */
    payMethodDetail: Absent.optional(Schema.Struct({
      payMethodId: Schema.String,
      payMethodName: Absent.optional(Schema.String),
      payMethodUserName: Absent.optional(Schema.String),
      postscript: Absent.optional(Schema.String),
      payMethodInfo: Schema.optionalWith(Schema.Array(PayInfoField), { default: () => [] })
    })),
    sellUserInfo: Absent.optional(UserNames),
    buyUserInfo: Absent.optional(UserNames),
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface OrderInfo extends Schema.Schema.Type<typeof OrderInfo> {}

export const OrderInfoOf = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/order-info", {
    name: "unified.p2POrders.orderInfo",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["OrderNotFound"],
    request: Schema.Struct({ orderId: Limit.NonEmpty }),
    data: Named.as<OrderInfo>()(OrderInfo)
  })
)

/**
 * `GET /api/v3/p2p/order-info`: one order in full: its ad, status, the countdown to pay, where to
 * pay (`payMethodDetail`) and both sides' names. An order that is not yours: `OrderNotFound`
 * (60003). 10/s per UID.
 */
export const orderInfo = Operation.make(OrderInfoOf)

export const Pay = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/order-pay", {
    name: "unified.p2POrders.pay",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["OrderNotFound"],
    request: Schema.Struct({ orderId: Limit.NonEmpty }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/p2p/order-pay`: the buyer says the fiat is sent: `pending_payment` becomes
 * `pending_release`. Only the buyer of a `pending_payment` order may (60006 otherwise). 10/s per UID.
 */
export const pay = Operation.make(Pay)

export const Release = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/order-release", {
    name: "unified.p2POrders.release",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["OrderNotFound"],
    request: Schema.Struct({ orderId: Limit.NonEmpty }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/p2p/order-release`: the seller, paid, releases the token: it leaves the seller's
 * P2P balance (held since the order was taken) and arrives in the buyer's, and the order is
 * `completed`. Only the seller, and only once marked paid (60006 otherwise). Not retried: a second
 * release of a completed order is refused. 10/s per UID.
 */
export const release = Operation.make(Release)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PendingOrders,
  AllOrders,
  OrderInfoOf,
  Pay,
  Release
]

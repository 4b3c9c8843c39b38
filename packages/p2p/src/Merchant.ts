/**
 * P2P merchant queries: the merchant list, the signed-in merchant's own information, its
 * advertisements and its P2P orders. Lists page by the `min…Id` a page returns (`minMerchantId`,
 * `minAdvId`, `minOrderId`) fed back as `idLessThan`; adverts and orders also walk `[startTime,
 * endTime]` in 90-day windows, so a whole history is one Stream.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { TrueFalse, YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { withTimes } from "./internal/times.js"

const DOCS = "https://www.bitget.com/api-doc/common/p2p"

/** A count of orders (a whole number sent as a string). */
const Count = Schema.NumberFromString

// ---- merchants ---------------------------------------------------------------------------

/** The statistics every merchant answer shares. */
const merchantFields = {
  registerTime: Timestamp,
  nickName: Schema.String,
  /** Average payment time, minutes. */
  avgPaymentTime: Decimal,
  /** Average time to release coins, minutes. */
  avgReleaseTime: Decimal,
  totalTrades: Count,
  totalBuy: Count,
  totalSell: Count,
  /** Completion rate over all orders, a ratio (`0.8`). */
  totalCompletionRate: Decimal,
  trades30d: Count,
  sell30d: Count,
  buy30d: Count,
  completionRate30d: Decimal
}

/** One merchant of the P2P merchant list. */
export const Merchant = Schema.Struct({
  ...merchantFields,
  /** `yes` / `no` on the wire. */
  isOnline: YesNo,
  /** Not in Bitget's field table; kept when an answer carries it. */
  merchantId: Absent.optional(Schema.String)
})
export interface Merchant extends Schema.Schema.Type<typeof Merchant> {}

export const MerchantPage = Schema.Struct({
  merchantList: Schema.Array(Named.as<Merchant>()(Merchant)),
  /** The smallest merchant id of this page: the next page's `idLessThan`. */
  minMerchantId: Absent.optional(Schema.String)
})
export interface MerchantPage extends Schema.Schema.Type<typeof MerchantPage> {}

export const MerchantListRequest = Schema.Struct({
  /** Only merchants online (`true`) or offline (`false`). */
  online: Schema.optional(YesNo),
  /** Only this merchant (in Bitget's request table, not in the specification's list). */
  merchantId: Schema.optional(Schema.String),
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize)
})
export interface MerchantListRequest extends Schema.Schema.Type<typeof MerchantListRequest> {}

const MerchantListDeclaration = Endpoint.list("/api/v2/p2p/merchantList", {
  name: "p2p.merchant.merchantList",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // Request table of https://www.bitget.com/api-doc/common/p2p/Get-P2P-Merchant-List: `online`,
  // `merchantId`, `idLessThan`, `limit`.
  request: Named.as<MerchantListRequest>()(MerchantListRequest),
  data: Named.as<MerchantPage>()(MerchantPage),
  pagination: {
    list: "merchantList",
    // The next page: `idLessThan` = `data.minMerchantId`.
    cursor: Pagination.dataField("minMerchantId", "merchantId"),
    // Default 100; no larger value is documented (pagination audit: 100).
    limit: { param: "limit", max: 100, default: 100, source: `${DOCS}/Get-P2P-Merchant-List` }
  }
})

/**
 * `GET /api/v2/p2p/merchantList`: the P2P merchant list, online or offline (or one merchant by `merchantId`), newest
 * merchant id first: at most 100 a page (the default), next page by `idLessThan` = the page's `minMerchantId`.
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minMerchantId`; at most 100 a page (`limit`, 100 when
 * omitted).
 */
export const merchantList = Operation.make(MerchantListDeclaration)

export const MerchantInfo = Schema.Struct({
  ...merchantFields,
  merchantId: Schema.String,
  /** JSON booleans on the wire. */
  kycStatus: TrueFalse,
  emailBindStatus: TrueFalse,
  mobileBindStatus: TrueFalse,
  /** Masked, e.g. `******@*****.com`. */
  email: Absent.optional(Schema.String),
  /** Masked, e.g. `18*34`. */
  mobile: Absent.optional(Schema.String)
})
export interface MerchantInfo extends Schema.Schema.Type<typeof MerchantInfo> {}

const MerchantInfoDeclaration = Endpoint.get("/api/v2/p2p/merchantInfo", {
  name: "p2p.merchant.merchantInfo",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Named.as<MerchantInfo>()(MerchantInfo)
})

/**
 * `GET /api/v2/p2p/merchantInfo`: the signed-in merchant's own information: id, KYC and binding flags (JSON booleans), masked
 * email and phone, and trading statistics. 10/s per UID.
 */
export const merchantInfo = Operation.make(MerchantInfoDeclaration)

// ---- advertisements ----------------------------------------------------------------------

/** The range, cursor and page size adverts and orders take. */
const rangeFields = {
  /** Required (specification; Bitget answers 60001 without it). */
  startTime: Limit.Time,
  /** At most 90 days after `startTime`; now when left out. */
  endTime: Schema.optional(Limit.Time),
  /** The previous page's `minAdvId` / `minOrderId`. */
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize)
}

/** Advert statuses; any letter case is accepted and the documented lower case sent. */
export const advStatuses = ["online", "offline", "editing", "completed"] as const
export const AdvStatus = Spelling.literal(...advStatuses)
/** `buy` / `sell`; any letter case is accepted, lower case sent (as on every other line). */
export const sides = ["buy", "sell"] as const
export const Side = Spelling.literal(...sides)
export const Language = Schema.Literal("zh-CN", "en-US")

const UserLimit = Schema.Struct({
  minCompleteNum: Count,
  maxCompleteNum: Count,
  /** Most orders one user may place on the advert. */
  placeOrderNum: Count,
  allowMerchantPlace: YesNo,
  completeRate30d: Decimal,
  /** Countries allowed to order; empty for all. */
  country: Absent.optional(Schema.String)
})

/** Documented as an array, sent as one object in the sample: both decode to an array. */
const UserLimits = Schema.Union(
  Schema.Array(UserLimit),
  Schema.transform(UserLimit, Schema.Array(Schema.typeSchema(UserLimit)), {
    strict: true,
    decode: (one) => [one],
    encode: (all) => all[0]!
  })
)

export const Advert = withTimes({
  advId: Schema.String,
  advNo: Schema.String,
  side: OpenEnum(...sides),
  /** Total size of the advert. */
  advSize: Decimal,
  /** Size filled so far. */
  size: Decimal,
  coin: Schema.String,
  price: Decimal,
  /** Decimals of the coin. */
  coinPrecision: Count,
  fiat: Schema.String,
  fiatPrecision: Count,
  fiatSymbol: Schema.String,
  status: OpenEnum(...advStatuses),
  /** `yes` / `no` on the wire. */
  hide: YesNo,
  maxTradeAmount: Decimal,
  minTradeAmount: Decimal,
  /** Minutes the buyer has to pay after ordering. */
  payDuration: Count,
  turnoverNum: Decimal,
  turnoverRate: Decimal,
  label: Absent.optional(Schema.String),
  userLimitList: Absent.optional(UserLimits),
  paymentMethodList: Schema.Array(Schema.Struct({
    paymentMethod: Schema.String,
    paymentId: Schema.String,
    paymentInfo: Schema.Array(Schema.Struct({
      name: Schema.String,
      /** A JSON boolean here (the order list's payment details say `yes`/`no`). */
      required: TrueFalse,
      type: Absent.optional(Schema.String)
    }))
  })),
  merchantCertifiedList: Absent.optional(Schema.Array(Schema.Struct({
    imageUrl: Schema.String,
    desc: Absent.optional(Schema.String)
  })))
})
export interface Advert extends Schema.Schema.Type<typeof Advert> {}

export const AdvertPage = Schema.Struct({
  advList: Schema.Array(Named.as<Advert>()(Advert)),
  /** The smallest advert id of this page: the next page's `idLessThan`. */
  minAdvId: Absent.optional(Schema.String)
})
export interface AdvertPage extends Schema.Schema.Type<typeof AdvertPage> {}

export const AdvListRequest = Schema.Struct({
  ...rangeFields,
  status: AdvStatus,
  advNo: Schema.optional(Schema.String),
  side: Side,
  coin: Limit.NonEmpty,
  language: Schema.optional(Language),
  fiat: Limit.NonEmpty,
  /** Sort field, descending; `createTime` by default. */
  orderBy: Schema.optional(Schema.Literal("createTime", "price")),
  payMethodId: Schema.optional(Schema.String),
  /** Whose adverts: the merchant's own (default), other merchants' (Bitget's spelling), or both. */
  sourceType: Schema.optional(Schema.Literal("owner", "competitior", "ownerAndCompetitior"))
})
export interface AdvListRequest extends Schema.Schema.Type<typeof AdvListRequest> {}

const AdvListDeclaration = Endpoint.list("/api/v2/p2p/advList", {
  name: "p2p.merchant.advList",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // https://www.bitget.com/api-doc/common/p2p/Get-P2P-Adv-List exists in two versions: one marks
  // `status`, `side`, `coin` and `fiat` required with `limit` "Default: 20, max: 20"
  // (tiagosiebler/bitget-api's GetMerchantAdvertisementsRequest agrees), the other optional with
  // "Default: 100". The stricter is kept: what it accepts, both accept.
  request: Named.as<AdvListRequest>()(AdvListRequest),
  data: Named.as<AdvertPage>()(AdvertPage),
  pagination: {
    list: "advList",
    cursor: Pagination.dataField("minAdvId", "advId"),
    // "Default: 20, max: 20"., default: 20
    limit: { param: "limit", max: 20, source: `${DOCS}/Get-P2P-Adv-List` },
    // "Maximum interval between start time and end time is 90 days".
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/p2p/advList`: the merchant's advertisements of one status, side, coin and fiat since `startTime`
 * (required; `endTime` at most 90 days later): at most 20 a page, next page by `idLessThan` =
 * the page's `minAdvId`. `userLimitList` (an object in Bitget's sample, an array in its table)
 * decodes to an array; `ctime`/`utime` decode as `cTime`/`uTime`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minAdvId`; at most 20 a page (`limit`); one request spans
 * at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const advList = Operation.make(AdvListDeclaration)

// ---- orders ------------------------------------------------------------------------------

/**
 * P2P order statuses as the English request table and the specification spell them (`Paid`,
 * `Appeal`, `Completed`); Bitget's Chinese table writes `paid`, `appeal`, `completed`
 * (https://www.bitget.com/zh-CN/api-doc/common/p2p/Get-P2P-Order-List). Either case is
 * accepted and the specification's spelling sent.
 */
export const orderStatuses = ["pending_pay", "Paid", "Appeal", "Completed", "cancelled"] as const
export const OrderStatus = Spelling.literal(...orderStatuses)

export const PaymentInfo = Schema.Struct({
  paymethodName: Schema.String,
  paymethodId: Schema.String,
  paymethodInfo: Schema.Array(Schema.Struct({
    name: Schema.String,
    /** `yes` / `no` on the wire. */
    required: YesNo,
    /** `number` or `file`; Bitget says to ignore it. */
    type: Absent.optional(Schema.String),
    /** Possibly masked (`11****`), or a file's address. */
    value: Absent.optional(Schema.String)
  }))
})
export type PaymentInfo = typeof PaymentInfo.Type

/** One P2P order of the merchant. */
export const Order = withTimes({
  orderId: Schema.String,
  orderNo: Schema.String,
  advNo: Schema.String,
  side: OpenEnum(...sides),
  /** Size in `coin`. */
  count: Decimal,
  /** The digital currency (the table's "fiat currency" label is a slip; `fiat` is separate). */
  coin: Schema.String,
  price: Decimal,
  fiat: Schema.String,
  /** Value in `fiat`. */
  amount: Decimal,
  /** Case as Bitget writes it: `pending_pay`, `Paid`, `Appeal`, `Completed`, `cancelled`. */
  status: OpenEnum(...orderStatuses),
  /** `""` on the wire while unset, as are the other times. */
  withdrawTime: Absent.optional(Timestamp),
  /** Appeal time. */
  representTime: Absent.optional(Timestamp),
  /** Coin release time. */
  releaseTime: Absent.optional(Timestamp),
  paymentTime: Absent.optional(Timestamp),
  buyerRealName: Absent.optional(Schema.String),
  sellerRealName: Absent.optional(Schema.String),
  paymentInfo: Absent.optional(PaymentInfo)
})
export interface Order extends Schema.Schema.Type<typeof Order> {}

export const OrderPage = Schema.Struct({
  orderList: Schema.Array(Named.as<Order>()(Order)),
  /** The smallest order id of this page: the next page's `idLessThan`. */
  minOrderId: Absent.optional(Schema.String)
})
export interface OrderPage extends Schema.Schema.Type<typeof OrderPage> {}

export const OrderListRequest = Schema.Struct({
  ...rangeFields,
  status: Schema.optional(OrderStatus),
  /** Required: the advert whose orders to list. */
  advNo: Limit.NonEmpty,
  side: Schema.optional(Side),
  coin: Schema.optional(Schema.String),
  /** Required: `zh-CN` or `en-US`. */
  language: Language,
  fiat: Schema.optional(Schema.String),
  orderNo: Schema.optional(Schema.String)
})
export interface OrderListRequest extends Schema.Schema.Type<typeof OrderListRequest> {}

const OrderListDeclaration = Endpoint.list("/api/v2/p2p/orderList", {
  name: "p2p.merchant.orderList",
  signed: true,
  // Specification, Limits: 10 per second per UID.
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrderListRequest>()(OrderListRequest),
  data: Named.as<OrderPage>()(OrderPage),
  pagination: {
    list: "orderList",
    // Specification: `minOrderId`, the minimum orderId of the page, is the next `idLessThan`.
    cursor: Pagination.dataField("minOrderId", "orderId"),
    // Specification: default 100; no larger value is documented.
    limit: { param: "limit", max: 100, default: 100, source: `${DOCS}/Get-P2P-Order-List` },
    // Specification, Limits: at most 90 days between startTime and endTime.
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/p2p/orderList`: the merchant's P2P orders of one advert (`advNo` and `language` required) since `startTime`
 * (required; `endTime` at most 90 days later, checked before sending): newest first, at most
 * 100 a page, next page by `idLessThan` = the page's `minOrderId`. `items`/`pages` walk a longer
 * range in 90-day windows. Statuses keep Bitget's case (`pending_pay`, `Paid`, `Appeal`,
 * `Completed`, `cancelled`); a `status` filter in another case (`paid`, as Bitget's Chinese table
 * writes it) is accepted and sent as documented. `ctime`/`utime` (the sample's spelling) decode as `cTime`/`uTime`.
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minOrderId`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const orderList = Operation.make(OrderListDeclaration)

/** Every P2P declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  MerchantListDeclaration,
  MerchantInfoDeclaration,
  AdvListDeclaration,
  OrderListDeclaration
]

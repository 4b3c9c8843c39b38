/**
 * What an ND broker earns and what its sub-accounts do (`/api/v2/broker/...`, the broker's main
 * account only): commissions per sub-account, per order and in total, trading volumes, the rebate
 * terms of a customer, the sub-accounts' first deposits and trades, and their deposit and
 * withdrawal records (https://www.bitget.com/api-doc/broker/intro and its pages).
 *
 * Where a page prints no limit: 10/s per UID (../shared/reference/README.md). A page size a page
 * does not print is declared at 100 and said so; a walk still ends only on an empty page.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

const range = { startTime: Schema.optional(Limit.Time), endTime: Schema.optional(Limit.Time) }
const paged = { pageSize: Schema.optional(Limit.PageSize), pageNo: Schema.optional(Limit.PageNumber) }
const B = "https://www.bitget.com/api-doc/broker/subaccount"
// "pageSize … default is 100, maximum is 1000" and a range of at most 30 days, both ends or neither
// (https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Subaccounts); the sibling pages
// (commissions, trade volume) are taken to page the same way.
const byPageNo = (page: string) => ({
  cursor: Pagination.page("pageNo"),
  limit: { param: "pageSize", max: 1000, source: `${B}/${page}` }
})

export const BizType = Schema.Literal("spot", "futures")
export const SubBizType = Schema.Literal("spot_trade", "spot_margin", "usdt_futures", "usdc_futures", "coin_futures")

export const SubaccountInfo = Schema.Struct({
  uid: Schema.String,
  /** The sub-account's assets, in USDT. */
  asset: Absent.optional(Decimal),
  firstTimeDeposit: Absent.optional(Timestamp),
  firstTimeTrade: Absent.optional(Timestamp),
  registerTime: Absent.optional(Timestamp)
})
export interface SubaccountInfo extends Schema.Schema.Type<typeof SubaccountInfo> {}

export const SubaccountsRequest = Schema.Struct({ ...range, ...paged })
export interface SubaccountsRequest extends Schema.Schema.Type<typeof SubaccountsRequest> {}

export const Subaccounts = Endpoint.list("/api/v2/broker/subaccounts", {
  name: "broker.commission.subaccounts",
  signed: true,
  // "Rate limit: 5 req/sec/UID" (Get-Broker-Subaccounts).
  rateLimit: RateLimit.uid(5),
  request: Named.as<SubaccountsRequest>()(SubaccountsRequest),
  data: Schema.Array(Named.as<SubaccountInfo>()(SubaccountInfo)),
  pagination: byPageNo("Get-Broker-Subaccounts")
})
/**
 * `GET /api/v2/broker/subaccounts`: the broker's sub-accounts with their assets and first deposit
 * and trade times, page by page (`pageNo`). Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Subaccounts). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const subaccounts = Operation.make(Subaccounts)

export const CommissionRow = Schema.Struct({
  uid: Schema.String,
  coin: Absent.optional(Schema.String),
  symbol: Absent.optional(Schema.String),
  dealtAmount: Absent.optional(Decimal),
  totalFee: Absent.optional(Decimal),
  deductedFee: Absent.optional(Decimal),
  paidFee: Absent.optional(Decimal),
  markUpFee: Absent.optional(Decimal),
  totalCommission: Absent.optional(Decimal)
})
export interface CommissionRow extends Schema.Schema.Type<typeof CommissionRow> {}

export const CommissionsRequest = Schema.Struct({
  ...range,
  ...paged,
  bizType: Schema.optional(BizType),
  subBizType: Schema.optional(SubBizType)
})
export interface CommissionsRequest extends Schema.Schema.Type<typeof CommissionsRequest> {}

export const Commissions = Endpoint.list("/api/v2/broker/commissions", {
  name: "broker.commission.commissions",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CommissionsRequest>()(CommissionsRequest),
  data: Schema.Array(Named.as<CommissionRow>()(CommissionRow)),
  pagination: byPageNo("Get-Broker-Commissions")
})
/**
 * `GET /api/v2/broker/commissions`: the commission earned on each sub-account's trading (fees paid,
 * deducted and marked up), by line (`bizType`, `subBizType`), page by page. Beyond the
 * specification's list (https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Commissions).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const commissions = Operation.make(Commissions)

export const TradeVolumeRequest = Schema.Struct({ ...range, ...paged })
export interface TradeVolumeRequest extends Schema.Schema.Type<typeof TradeVolumeRequest> {}

export const UserTradeVolume = Schema.Struct({
  uid: Schema.String,
  volume: Decimal,
  spotVolume: Absent.optional(Decimal),
  futureVolume: Absent.optional(Decimal)
})
export interface UserTradeVolume extends Schema.Schema.Type<typeof UserTradeVolume> {}

export const TradeVolume = Endpoint.list("/api/v2/broker/trade-volume", {
  name: "broker.commission.tradeVolume",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<TradeVolumeRequest>()(TradeVolumeRequest),
  data: Schema.Array(Named.as<UserTradeVolume>()(UserTradeVolume)),
  pagination: byPageNo("Get-Broker-Trade-Volume")
})
/**
 * `GET /api/v2/broker/trade-volume`: each sub-account's spot and futures trading volume, page by
 * page. Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Trade-Volume). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const tradeVolume = Operation.make(TradeVolume)

const lineTotals = (prefix: "spot" | "futures") =>
  Schema.Struct({
    [`${prefix}TradingVolume`]: Absent.optional(Decimal),
    [`${prefix}TradingFee`]: Absent.optional(Decimal),
    [`${prefix}PureTradingFee`]: Absent.optional(Decimal),
    [`${prefix}Commission`]: Absent.optional(Decimal)
  })

export const TotalCommissionRequest = Schema.Struct(range)
export interface TotalCommissionRequest extends Schema.Schema.Type<typeof TotalCommissionRequest> {}

export const DailyCommission = Schema.Struct({
  date: Timestamp,
  totalTradingVolume: Decimal,
  totalActiveTraders: Absent.optional(Schema.String),
  totalCommission: Decimal,
  spot: Absent.optional(lineTotals("spot")),
  futures: Absent.optional(lineTotals("futures"))
})
export interface DailyCommission extends Schema.Schema.Type<typeof DailyCommission> {}

export const TotalCommission = Endpoint.get("/api/v2/broker/total-commission", {
  name: "broker.commission.totalCommission",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<TotalCommissionRequest>()(TotalCommissionRequest),
  data: Schema.Array(Named.as<DailyCommission>()(DailyCommission))
})
/**
 * `GET /api/v2/broker/total-commission`: the broker's daily totals: volume, active traders and
 * commission, split by spot and futures. Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Total-Commission). 10/s per UID.
 */
export const totalCommission = Operation.make(TotalCommission)

export const OrderCommissionRow = Schema.Struct({
  fillId: Schema.String,
  orderId: Schema.String,
  ts: Timestamp,
  clientOid: Absent.optional(Schema.String),
  bizType: OpenEnum("spot", "futures"),
  subBizType: Absent.optional(Schema.String),
  symbol: Schema.String,
  volume: Decimal,
  fee: Decimal,
  pureFee: Absent.optional(Decimal),
  rebateAmount: Decimal
})
export interface OrderCommissionRow extends Schema.Schema.Type<typeof OrderCommissionRow> {}

export const OrderCommissionRequest = Schema.Struct({
  ...range,
  limit: Schema.optional(Limit.PageSize),
  uid: Schema.optional(Schema.String),
  orderId: Schema.optional(Schema.String),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface OrderCommissionRequest extends Schema.Schema.Type<typeof OrderCommissionRequest> {}

export const OrderCommission = Endpoint.list("/api/v2/broker/order-commission", {
  name: "broker.commission.orderCommission",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrderCommissionRequest>()(OrderCommissionRequest),
  // The exchange spells the list `commissionlist` (bitget-api's type).
  data: Schema.Struct({
    commissionlist: Schema.Array(Named.as<OrderCommissionRow>()(OrderCommissionRow)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "commissionlist",
    cursor: Pagination.dataField("endId", "fillId"),
    // The page prints no maximum: 100 assumed (a short page does not end a walk).
    limit: { param: "limit", max: 100, source: `${B}/Get-Order-Commission` }
  }
})
/**
 * `GET /api/v2/broker/order-commission`: the rebate of each fill of the sub-accounts (one `uid` or
 * `orderId` when given), newest first, cursor `endId`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Order-Commission). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const orderCommission = Operation.make(OrderCommission)

export const RebateInfoRequest = Schema.Struct({ uid: Schema.String })
export interface RebateInfoRequest extends Schema.Schema.Type<typeof RebateInfoRequest> {}

export const Rebate = Schema.Struct({
  affiliationType: OpenEnum("affiliate", "official"),
  userLevel: Absent.optional(Schema.String),
  clientSpotRebateRatio: Absent.optional(Decimal),
  clientFuturesRebateRatio: Absent.optional(Decimal)
})
export interface Rebate extends Schema.Schema.Type<typeof Rebate> {}

export const RebateInfo = Endpoint.get("/api/v2/broker/rebate-info", {
  name: "broker.commission.rebateInfo",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<RebateInfoRequest>()(RebateInfoRequest),
  data: Named.as<Rebate>()(Rebate)
})
/**
 * `GET /api/v2/broker/rebate-info`: a customer's (`uid`) affiliation and spot and futures rebate
 * ratios. Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Rebate-Info). 10/s per UID.
 */
export const rebateInfo = Operation.make(RebateInfo)

export const DepositWithdrawal = Schema.Struct({
  uid: Schema.String,
  txId: Schema.String,
  type: OpenEnum("deposit", "withdrawal"),
  subType: OpenEnum("onchain", "internal", "fast"),
  coin: Schema.String,
  amount: Decimal,
  status: OpenEnum("pending", "fail", "success"),
  ts: Timestamp
})
export interface DepositWithdrawal extends Schema.Schema.Type<typeof DepositWithdrawal> {}

export const AllSubDepositWithdrawalRequest = Schema.Struct({
  ...range,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor),
  type: Schema.optional(Schema.Literal("all", "deposit", "withdrawal"))
}).pipe(
  // "Start time and end time must either both be provided or both be empty" (the page above).
  Schema.filter((r) =>
    (r.startTime === undefined) === (r.endTime === undefined) || "startTime and endTime: both or neither"
  )
)
export interface AllSubDepositWithdrawalRequest extends Schema.Schema.Type<typeof AllSubDepositWithdrawalRequest> {}

export const AllSubDepositWithdrawal = Endpoint.list("/api/v2/broker/all-sub-deposit-withdrawal", {
  name: "broker.commission.allSubDepositWithdrawal",
  signed: true,
  // "Rate limit:5 req/sec/UID" (https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-All-Deposit-Withdrawal-Records).
  rateLimit: RateLimit.uid(5),
  request: Named.as<AllSubDepositWithdrawalRequest>()(AllSubDepositWithdrawalRequest),
  data: Schema.Struct({
    list: Schema.Array(Named.as<DepositWithdrawal>()(DepositWithdrawal)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "list",
    cursor: Pagination.dataField("endId", "txId"),
    // "Default: 100, maximum: 100"; "An error will be reported if the time range exceeds 7 days".
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-All-Deposit-Withdrawal-Records"
    },
    window: Pagination.window("7 days", "ts")
  }
})
/**
 * `GET /api/v2/broker/all-sub-deposit-withdrawal`: every sub-account's deposits and withdrawals
 * (`type`), at most 7 days at a time (both ends or neither; without them, yesterday UTC), at most
 * 100 a page, cursor `endId`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-All-Deposit-Withdrawal-Records).
 * 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 7d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const allSubDepositWithdrawal = Operation.make(AllSubDepositWithdrawal)

const recordFields = {
  orderId: Schema.String,
  txId: Absent.optional(Schema.String),
  coin: Schema.String,
  type: Absent.optional(Schema.String),
  dest: Absent.optional(Schema.String),
  amount: Decimal,
  status: OpenEnum("pending", "fail", "success"),
  fromAddress: Absent.optional(Schema.String),
  toAddress: Absent.optional(Schema.String),
  fee: Absent.optional(Decimal),
  chain: Absent.optional(Schema.String),
  confirm: Absent.optional(Schema.String),
  tag: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
}

/** One deposit of a sub-account. */
export const SubaccountDepositRecord = Schema.Struct(recordFields)
export interface SubaccountDepositRecord extends Schema.Schema.Type<typeof SubaccountDepositRecord> {}

/** One withdrawal of a sub-account. */
export const SubaccountWithdrawalRecord = Schema.Struct({ ...recordFields, userId: Absent.optional(Schema.String) })
export interface SubaccountWithdrawalRecord extends Schema.Schema.Type<typeof SubaccountWithdrawalRecord> {}

export const RecordRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  /** The sub-account's uid. */
  userId: Schema.optional(Schema.String),
  ...range,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface RecordRequest extends Schema.Schema.Type<typeof RecordRequest> {}

// "limit: Default: 20, maximum: 100"; "The maximum time span supported is three months"
// (https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Deposit-Records).
const recordPaging = (source: string) => ({
  list: "resultList",
  cursor: Pagination.dataField("endId", "orderId"),
  limit: { param: "limit", max: 100, default: 20, source },
  window: Pagination.window("90 days", "cTime")
})

export const SubaccountDeposit = Endpoint.list("/api/v2/broker/subaccount-deposit", {
  name: "broker.commission.subaccountDeposit",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<RecordRequest>()(RecordRequest),
  // The page's example prints one record as `data`; its withdrawal twin pages `{ resultList, endId }`,
  // which is the shape declared for both.
  data: Schema.Struct({
    resultList: Schema.Array(Named.as<SubaccountDepositRecord>()(SubaccountDepositRecord)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: recordPaging("https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Deposit-Records")
})
/**
 * `GET /api/v2/broker/subaccount-deposit`: the sub-accounts' deposits (one `userId` or `orderId`),
 * ranges of at most 90 days, at most 100 a page, cursor `endId`. Bitget's page prints `POST` with the
 * parameters in the query string; bitget-api and the reference list call it with `GET`, which is
 * declared here (the check-coverage list counts either). Beyond the specification's list
 * (https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Deposit-Records). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const subaccountDeposit = Operation.make(SubaccountDeposit)

export const SubaccountWithdrawal = Endpoint.list("/api/v2/broker/subaccount-withdrawal", {
  name: "broker.commission.subaccountWithdrawal",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<RecordRequest>()(RecordRequest),
  data: Schema.Struct({
    resultList: Schema.Array(Named.as<SubaccountWithdrawalRecord>()(SubaccountWithdrawalRecord)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: recordPaging("https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Withdrawal-Records")
})
/**
 * `GET /api/v2/broker/subaccount-withdrawal`: the sub-accounts' withdrawals (one `userId` or
 * `orderId`), ranges of at most 90 days, at most 100 a page, cursor `endId`. Beyond the
 * specification's list (https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Withdrawal-Records).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const subaccountWithdrawal = Operation.make(SubaccountWithdrawal)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Subaccounts,
  Commissions,
  TradeVolume,
  TotalCommission,
  OrderCommission,
  RebateInfo,
  AllSubDepositWithdrawal,
  SubaccountDeposit,
  SubaccountWithdrawal
]

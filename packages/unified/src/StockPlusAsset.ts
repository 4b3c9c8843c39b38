/**
 * V3 Stock+ assets: the Stock+ account's cash and buying power, its share positions, its cash
 * flow, and transfers between the unified balance and the Stock+ account with their records.
 * Signed, 10/s per UID; a transfer 5/s (ccxt's rate table; the reference's stockplus rows).
 * Fields: bitget-api's Stock+ V3 types, the only source that types them. The parameters named
 * in Bitget's own way (`startTime`/`endTime`, `limit`, `cursor`) are taken as Bitget's
 * everywhere else: epoch milliseconds and a cursor string.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import { StockSymbol, Time } from "./StockPlusMarket.js"

export const CashInfo = Lazy.schema(() =>
  Schema.Struct({
    withdrawCash: Decimal,
    availableCash: Decimal,
    frozenCash: Decimal,
    /** Sold but not yet settled. */
    settlingCash: Decimal,
    currency: Schema.String
  })
)
export interface CashInfo extends Schema.Schema.Type<typeof CashInfo> {}

export const StockAccount = Lazy.schema(() =>
  Schema.Struct({
    totalCash: Decimal,
    maxFinanceAmount: Decimal,
    remainingFinanceAmount: Decimal,
    riskLevel: Decimal,
    marginCall: Decimal,
    netAssets: Decimal,
    initMargin: Decimal,
    maintenanceMargin: Decimal,
    currency: Schema.String,
    buyPower: Decimal,
    cashInfos: Schema.Array(CashInfo),
    /** Fees frozen by open orders (their fields vary: `currency`, `amount`, …). */
    frozenTransactionFees: Schema.Array(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
  })
)
export interface StockAccount extends Schema.Schema.Type<typeof StockAccount> {}

/** The stock account, currency by currency. */
export const StockAccounts = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<StockAccount>()(StockAccount)) })
)
export interface StockAccounts extends Schema.Schema.Type<typeof StockAccounts> {}

export const Account = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/asset/account", {
    name: "unified.stockPlusAsset.account",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ currency: Schema.optional(Limit.NonEmpty) }),
    data: Named.as<StockAccounts>()(StockAccounts)
  })
)
/** `GET /api/v3/stockplus/asset/account`: the Stock+ account (in one `currency`, or each): cash available, frozen and settling, net assets, buying power and margin. Signed, 10/s per UID. */
export const account = Operation.make(Account)

export const CashFlow = Lazy.schema(() =>
  Schema.Struct({
    transactionFlowName: Schema.String,
    /** `1` out, `2` in, as the backend numbers them (bitget-api types a string). */
    direction: Schema.String,
    businessType: Schema.String,
    /** The amount of the movement. */
    balance: Decimal,
    currency: Schema.String,
    businessTime: Time,
    symbol: Absent.optional(Schema.String),
    description: Absent.optional(Schema.String)
  })
)
export interface CashFlow extends Schema.Schema.Type<typeof CashFlow> {}

/** The request of `cashFlow`. */
export const CashFlowRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Limit.Time,
    endTime: Limit.Time,
    businessType: Schema.optional(Schema.String),
    symbol: Schema.optional(StockSymbol),
    // Page numbers from 1 and a page size; the sources give neither bound nor default.
    page: Schema.optional(Limit.PageNumber),
    size: Schema.optional(Limit.PageSize)
  }).pipe(
    Schema.filter((request) =>
      request.startTime.epochMillis <= request.endTime.epochMillis || "endTime: must not be before startTime"
    )
  )
)
export interface CashFlowRequest extends Schema.Schema.Type<typeof CashFlowRequest> {}

/** The account's cash movements. */
export const CashFlowList = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<CashFlow>()(CashFlow)) }))
export interface CashFlowList extends Schema.Schema.Type<typeof CashFlowList> {}

export const CashFlows = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/asset/cash-flow", {
    name: "unified.stockPlusAsset.cashFlow",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<CashFlowRequest>()(CashFlowRequest),
    data: Named.as<CashFlowList>()(CashFlowList)
  })
)
/**
 * `GET /api/v3/stockplus/asset/cash-flow`: the Stock+ account's cash movements in
 * `[startTime, endTime]` (transfers, trades, fees), newest first, by `page` of `size`. No Stream
 * is derived: the sources give no page-size bound. Signed, 10/s per UID.
 */
export const cashFlow = Operation.make(CashFlows)

export const Position = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    symbolName: Absent.optional(Schema.String),
    quantity: Decimal,
    /** What may be sold now (the rest is frozen by open sell orders). */
    availableQuantity: Decimal,
    currency: Schema.String,
    costPrice: Decimal,
    market: Schema.String,
    /** The quantity at the day's open. */
    initQuantity: Decimal
  })
)
export interface Position extends Schema.Schema.Type<typeof Position> {}

/** The stock positions, channel by channel. */
export const StockPositions = Lazy.schema(() =>
  Schema.Struct({
    channels: Schema.Array(
      Schema.Struct({ accountChannel: Schema.String, positions: Schema.Array(Named.as<Position>()(Position)) })
    )
  })
)
export interface StockPositions extends Schema.Schema.Type<typeof StockPositions> {}

export const StockPosition = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/asset/stock-position", {
    name: "unified.stockPlusAsset.stockPosition",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ symbol: Schema.optional(StockSymbol) }),
    data: Named.as<StockPositions>()(StockPositions)
  })
)
/** `GET /api/v3/stockplus/asset/stock-position`: the shares held (of one `symbol`, or all), per account channel: quantity, what may be sold, cost price. Signed, 10/s per UID. */
export const stockPosition = Operation.make(StockPosition)

/** `in`: from the unified balance into Stock+; `out`: back. */
export const Direction = Lazy.schema(() => Spelling.literal("in", "out"))

export const TransferRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Limit.NonEmpty,
    amount: PositiveDecimalInput,
    direction: Direction
  })
)
export interface TransferRequest extends Schema.Schema.Type<typeof TransferRequest> {}

export const Transfer = Lazy.value(() =>
  Endpoint.post("/api/v3/stockplus/asset/transfer", {
    name: "unified.stockPlusAsset.transfer",
    signed: true,
    rateLimit: RateLimit.uid(5),
    errors: ["InsufficientBalance"],
    // bitget-api marks the three optional; a transfer means nothing without them, so all are required.
    request: TransferRequest,
    data: Schema.Struct({ transferId: Schema.String })
  })
)
/**
 * `POST /api/v3/stockplus/asset/transfer`: moves `amount` of `coin` from the unified balance into
 * the Stock+ account (`in`) or back (`out`); short funds fail with `InsufficientBalance`. Not
 * retried: no idempotency key exists. Signed, 5/s per UID.
 */
export const transfer = Operation.make(Transfer)

export const TransferRecord = Lazy.schema(() =>
  Schema.Struct({
    transferId: Schema.String,
    coin: Schema.String,
    amount: Decimal,
    direction: OpenEnum("in", "out"),
    /** This row's cursor: pass it back for the rows after it. */
    cursor: Absent.optional(Schema.String)
  })
)
export interface TransferRecord extends Schema.Schema.Type<typeof TransferRecord> {}

/** The request of `transferRecords`. */
export const TransferRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    transferId: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    // The sources give `limit`, not its bound: a positive whole number is all that is checked.
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface TransferRecordsRequest extends Schema.Schema.Type<typeof TransferRecordsRequest> {}

export const TransferRecords = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/asset/transfer-records", {
    name: "unified.stockPlusAsset.transferRecords",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<TransferRecordsRequest>()(TransferRecordsRequest),
    // bitget-api types one record carrying a cursor; a list of such rows is what a records read
    // answers (as V3's sub-unified-assets does), so rows are decoded each with its own cursor.
    data: Schema.Array(Named.as<TransferRecord>()(TransferRecord))
  })
)
/** `GET /api/v3/stockplus/asset/transfer-records`: transfers between the unified balance and Stock+, newest first; pass the last row's `cursor` for more. Signed, 10/s per UID. */
export const transferRecords = Operation.make(TransferRecords)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Account,
  CashFlows,
  StockPosition,
  Transfer,
  TransferRecords
]

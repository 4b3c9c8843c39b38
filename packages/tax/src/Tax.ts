/**
 * Tax records: every change of the spot, futures, margin and P2P accounts, as an accountant asks
 * for them. Each query needs `startTime` and `endTime` at most 30 days apart (checked before
 * sending) and pages by `idLessThan` = the last row's `id`, at most 500 a page; `items`/`pages`
 * walk a year (or any range) in 30-day windows as one Stream. 1/s per UID each.
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
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

const DOCS = "https://www.bitget.com/api-doc/common/tax"

/** The range, page size and cursor every tax query takes. */
const rangeFields = {
  /** Required, as is `endTime`. */
  startTime: Limit.Time,
  /** At most 30 days after `startTime`. */
  endTime: Limit.Time,
  limit: Schema.optional(Limit.PageSize),
  /** The last row's `id` of the previous page. */
  idLessThan: Schema.optional(Limit.Cursor)
}

/**
 * A tax record list: its filters and `rangeFields`, 1/s per UID, and the paging rule all four follow
 * (the specification's futures tax record; the other three pages say the same): cursor = last
 * row's `id`, "Default: 500, maximum: 500", "The maximum interval between startTime and endTime
 * is 30 days" (1 year before 2024-01-19). Some versions of the pages (www.bitget.com's English
 * spot, futures, margin and P2P records, the Chinese spot page) still say 366 days; the
 * specification's Limits table says 30 and wins, so a longer range is walked in 30-day windows.
 */
const recordList = <Req, Row, RowI>(
  path: string,
  name: string,
  request: Schema.Schema<Req, any>,
  row: Schema.Schema<Row, RowI>,
  page: string
) =>
  Endpoint.list(path, {
    name,
    signed: true,
    rateLimit: RateLimit.uid(1),
    request,
    data: Schema.Array(row),
    pagination: {
      list: undefined,
      cursor: Pagination.lastRow("id"),
      limit: { param: "limit", max: 500, default: 500, source: `${DOCS}/${page}` },
      window: Pagination.window("30 days", "ts")
    }
  })

// ---- spot --------------------------------------------------------------------------------

export const SpotRecord = Schema.Struct({
  id: Schema.String,
  coin: Schema.String,
  /** A readable label, not a code: `Deposit`, `Buy`, `Sell`, `Transaction fee deduct`, `Transfer in` … */
  spotTaxType: Schema.String,
  /** Signed change. */
  amount: Decimal,
  fee: Decimal,
  /** The coin's balance after the change. */
  balance: Decimal,
  /** The business order (trade, deposit …) behind the record; in the newer page's sample and table. */
  bizOrderId: Absent.optional(Schema.String),
  ts: Timestamp
})
export interface SpotRecord extends Schema.Schema.Type<typeof SpotRecord> {}

export const SpotRecordRequest = Schema.Struct({ coin: Schema.optional(Schema.String), ...rangeFields })
export interface SpotRecordRequest extends Schema.Schema.Type<typeof SpotRecordRequest> {}

const SpotRecordDeclaration = recordList(
  "/api/v2/tax/spot-record",
  "tax.tax.spotRecord",
  Named.as<SpotRecordRequest>()(SpotRecordRequest),
  Named.as<SpotRecord>()(SpotRecord),
  "Get-Spot-Account-Record"
)

/**
 * `GET /api/v2/tax/spot-record`: spot account records (deposits, withdrawals, buys, sells, fees, transfers, conversions …) of
 * one coin or all, between `startTime` and `endTime` (both required, at most 30 days apart):
 * newest first, at most 500 a page, next page by `idLessThan` = the last row's `id`. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `id`; at most 500 a page (`limit`, 500 when omitted);
 * one request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const spotRecord = Operation.make(SpotRecordDeclaration)

// ---- futures -----------------------------------------------------------------------------

/**
 * The product types of https://www.bitget.com/api-doc/common/tax/Get-Future-Account-Record (no demo ones). The exchange takes
 * either case (as the futures line's product types): any letter case is accepted here and the
 * documented upper case sent.
 */
export const ProductType = Spelling.literal("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES")

/**
 * The specification's values (a transfer in or out, borrowing and repaying, liquidation fees,
 * fund compensation, `deal_in`/`deal_out` trades, `system_fee_in` fees, interest, confiscation,
 * conversion); Bitget's page also lists upper-case codes (`OPEN_LONG`, `CLOSE_SHORT`,
 * `CONTRACT_MAIN_SETTLE_FEE_USER_IN` …) and its sample says `close_long`. Any other value still decodes.
 */
export const FutureTaxType = OpenEnum(
  "transfer_in",
  "transfer_out",
  "borrow",
  "repay",
  "liquidation_fee",
  "compensate",
  "deal_in",
  "deal_out",
  "system_fee_in",
  "interest_repay",
  "confiscated",
  "exchange_in",
  "exchange_out"
)

export const FutureRecord = Schema.Struct({
  id: Schema.String,
  symbol: Absent.optional(Schema.String),
  marginCoin: Schema.String,
  futureTaxType: FutureTaxType,
  amount: Decimal,
  /** May be negative. */
  fee: Decimal,
  ts: Timestamp
})
export interface FutureRecord extends Schema.Schema.Type<typeof FutureRecord> {}

export const FutureRecordRequest = Schema.Struct({
  /** `USDT-FUTURES` when left out. */
  productType: Schema.optional(ProductType),
  /** Every margin coin when left out. */
  marginCoin: Schema.optional(Schema.String),
  ...rangeFields
})
export interface FutureRecordRequest extends Schema.Schema.Type<typeof FutureRecordRequest> {}

// Specification, Limits: 1 per second per user ID; 30 days; limit default and maximum 500.
const FutureRecordDeclaration = recordList(
  "/api/v2/tax/future-record",
  "tax.tax.futureRecord",
  Named.as<FutureRecordRequest>()(FutureRecordRequest),
  Named.as<FutureRecord>()(FutureRecord),
  "Get-Future-Account-Record"
)

/**
 * `GET /api/v2/tax/future-record`: futures account records of one product type (`USDT-FUTURES` by default) between `startTime`
 * and `endTime` (both required, at most 30 days apart, checked before sending): newest first,
 * at most 500 a page (the default), next page by `idLessThan` = the last row's `id`;
 * `items`/`pages` walk a year in 30-day windows. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `id`; at most 500 a page (`limit`, 500 when omitted);
 * one request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const futureRecord = Operation.make(FutureRecordDeclaration)

// ---- margin ------------------------------------------------------------------------------

// The specification's list (printed under the futures record's table, but naming margin's
// borrow, repay and margin buy/sell): ../shared/spec/bitget-v2-rest-api.md, "futureTaxType values";
// `system_fee_in` is a transaction fee. https://www.bitget.com/api-doc/common/tax/Get-Margin-Account-Record
export const MarginTaxType = OpenEnum(
  "transfer_in",
  "transfer_out",
  "borrow",
  "repay",
  "liquidation_fee",
  "compensate",
  "deal_in",
  "deal_out",
  "system_fee_in",
  "interest_repay",
  "confiscated",
  "exchange_in",
  "exchange_out"
)

export const MarginRecord = Schema.Struct({
  id: Schema.String,
  coin: Schema.String,
  symbol: Absent.optional(Schema.String),
  marginTaxType: MarginTaxType,
  amount: Decimal,
  fee: Decimal,
  /** The coin's balance after the change. */
  total: Decimal,
  ts: Timestamp
})
export interface MarginRecord extends Schema.Schema.Type<typeof MarginRecord> {}

export const MarginRecordRequest = Schema.Struct({
  /**
   * `crossed` when left out. Any letter case is accepted and lower case sent. One version of
   * Bitget's page writes `cross`; the others, the margin line and the specification say
   * `crossed`, which is what is taken.
   */
  marginType: Schema.optional(Spelling.literal("isolated", "crossed")),
  coin: Schema.optional(Schema.String),
  ...rangeFields
})
export interface MarginRecordRequest extends Schema.Schema.Type<typeof MarginRecordRequest> {}

const MarginRecordDeclaration = recordList(
  "/api/v2/tax/margin-record",
  "tax.tax.marginRecord",
  Named.as<MarginRecordRequest>()(MarginRecordRequest),
  Named.as<MarginRecord>()(MarginRecord),
  "Get-Margin-Account-Record"
)

/**
 * `GET /api/v2/tax/margin-record`: margin account records (cross by default, or isolated) between `startTime` and `endTime`
 * (both required, at most 30 days apart): newest first, at most 500 a page, next page by
 * `idLessThan` = the last row's `id`. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `id`; at most 500 a page (`limit`, 500 when omitted);
 * one request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const marginRecord = Operation.make(MarginRecordDeclaration)

// ---- P2P ---------------------------------------------------------------------------------

export const P2PTaxType = OpenEnum("transfer_in", "transfer_out", "sell", "buy")

export const P2PRecord = Schema.Struct({
  id: Schema.String,
  coin: Schema.String,
  p2pTaxType: P2PTaxType,
  /** The amount of `coin`. */
  total: Decimal,
  /** In Bitget's sample, not in its table. */
  ts: Timestamp
})
export interface P2PRecord extends Schema.Schema.Type<typeof P2PRecord> {}

export const P2PRecordRequest = Schema.Struct({ coin: Schema.optional(Schema.String), ...rangeFields })
export interface P2PRecordRequest extends Schema.Schema.Type<typeof P2PRecordRequest> {}

const P2PRecordDeclaration = recordList(
  "/api/v2/tax/p2p-record",
  "tax.tax.p2pRecord",
  Named.as<P2PRecordRequest>()(P2PRecordRequest),
  Named.as<P2PRecord>()(P2PRecord),
  "Get-P2P-Account-Record"
)

/**
 * `GET /api/v2/tax/p2p-record`: P2P account records (completed buys and sells, transfers in and out) between `startTime` and
 * `endTime` (both required, at most 30 days apart): newest first, at most 500 a page, next page
 * by `idLessThan` = the last row's `id`. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `id`; at most 500 a page (`limit`, 500 when omitted);
 * one request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const p2pRecord = Operation.make(P2PRecordDeclaration)

/** Every tax declaration. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  SpotRecordDeclaration,
  FutureRecordDeclaration,
  MarginRecordDeclaration,
  P2PRecordDeclaration
]

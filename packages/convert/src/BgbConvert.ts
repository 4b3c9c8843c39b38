/**
 * BGB convert (Bitget's "convert small balances to BGB"): the spot coins that convert into BGB
 * with the BGB each would give, converting a list of them at once, and the history. Beyond the
 * specification's 209 endpoints (its errata welcome them); shapes from Bitget's pages
 * (https://www.bitget.com/api-doc/common/bgb-convert/...) and the bodies other clients decode
 * (tiagosiebler/bitget-api `BGBConvertCoinV2`, `ConvertBGBResponseV2`, `BGBConvertHistoryV2`).
 */
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

const DOCS = "https://www.bitget.com/api-doc/common/bgb-convert"

// ---- coins -------------------------------------------------------------------------------

export const BgbCoin = Schema.Struct({
  coin: Schema.String,
  /** Available in the spot account: what converts. */
  available: Decimal,
  /** The BGB it would give, after the fee. */
  bgbEstAmount: Decimal,
  /** Decimals of the BGB amount. */
  precision: Schema.NumberFromString,
  feeDetail: Schema.Array(Schema.Struct({ feeRate: Decimal, fee: Decimal })),
  /** The time of the estimate. */
  cTime: Timestamp
})
export interface BgbCoin extends Schema.Schema.Type<typeof BgbCoin> {}

const CoinListDeclaration = Endpoint.get("/api/v2/convert/bgb-convert-coin-list", {
  name: "convert.bgbConvert.coinList",
  signed: true,
  // rate-limits.tsv: 10/1s UID (Get BGB Convert Coins).
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Schema.Struct({ coinList: Schema.Array(Named.as<BgbCoin>()(BgbCoin)) })
})

/**
 * `GET /api/v2/convert/bgb-convert-coin-list`: the spot coins that convert into BGB, each with
 * its available balance, the BGB it would give and the fee. 10/s per UID.
 */
export const coinList = Operation.make(CoinListDeclaration)

// ---- convert -----------------------------------------------------------------------------

export const ConvertRequest = Schema.Struct({
  /**
   * The coins to convert, each whole (Bitget's example: `["EOS","GROK"]`; its table types it
   * "String", its example and other clients send a JSON array). At least one.
   */
  coinList: Schema.Array(Limit.NonEmpty).pipe(
    Schema.minItems(1, { message: () => "coinList: give at least one coin" })
  )
})
export interface ConvertRequest extends Schema.Schema.Type<typeof ConvertRequest> {}

const ConvertDeclaration = Endpoint.post("/api/v2/convert/bgb-convert", {
  name: "convert.bgbConvert.convert",
  signed: true,
  // rate-limits.tsv: 10/1s UID (Convert BGB).
  rateLimit: RateLimit.uid(10),
  request: Named.as<ConvertRequest>()(ConvertRequest),
  data: Schema.Struct({
    orderList: Schema.Array(Schema.Struct({ coin: Schema.String, orderId: Schema.String }))
  })
})

/**
 * `POST /api/v2/convert/bgb-convert`: converts the whole spot balance of each coin listed into
 * BGB; one order per coin. A write without an idempotency key: a lost answer is not sent again
 * (look the orders up in `records`). 10/s per UID.
 */
export const convert = Operation.make(ConvertDeclaration)

// ---- records -----------------------------------------------------------------------------

export const BgbRecord = Schema.Struct({
  orderId: Schema.String,
  fromCoin: Schema.String,
  fromAmount: Decimal,
  /** The coin's price (USDT) used. */
  fromCoinPrice: Decimal,
  toCoin: Schema.String,
  toAmount: Decimal,
  toCoinPrice: Decimal,
  feeDetail: Schema.Array(Schema.Struct({ feeCoin: Schema.String, fee: Decimal })),
  /** `success` in Bitget's sample; other values decode too. */
  status: OpenEnum("success", "fail", "processing"),
  /** `ctime` on the wire (the table's `ts` is not in the sample). */
  cTime: Schema.propertySignature(Timestamp).pipe(Schema.fromKey("ctime"))
})
export interface BgbRecord extends Schema.Schema.Type<typeof BgbRecord> {}

export const RecordsRequest = Schema.Struct({
  /** One order. */
  orderId: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  /** At most 90 days after `startTime`. */
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  /** "From page 2 onward set idLessThan as the smallest orderId from the previous response". */
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface RecordsRequest extends Schema.Schema.Type<typeof RecordsRequest> {}

const RecordsDeclaration = Endpoint.list("/api/v2/convert/bgb-convert-records", {
  name: "convert.bgbConvert.records",
  signed: true,
  // rate-limits.tsv has no row: private 10/s per UID, as the page says.
  rateLimit: RateLimit.uid(10),
  // Request table of https://www.bitget.com/api-doc/common/bgb-convert/Get-BGB-Convert-Record:
  // every parameter optional.
  request: Named.as<RecordsRequest>()(RecordsRequest),
  data: Schema.Array(Named.as<BgbRecord>()(BgbRecord)),
  pagination: {
    list: undefined,
    cursor: Pagination.lastRow("orderId"),
    // "Default 20 Maximum 100".
    limit: { param: "limit", max: 100, default: 20, source: `${DOCS}/Get-BGB-Convert-Record` },
    // "The maximum interval between startTime and endTime is 90 days."
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/convert/bgb-convert-records`: BGB conversions, newest first, one order or all,
 * optionally between `startTime` and `endTime` (at most 90 days apart; `items`/`pages` walk a
 * longer range in 90-day windows): at most 100 a page, next page by `idLessThan` = the last
 * row's `orderId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 20 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const records = Operation.make(RecordsDeclaration)

/** Every BGB convert declaration. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CoinListDeclaration,
  ConvertDeclaration,
  RecordsDeclaration
]

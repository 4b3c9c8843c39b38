/**
 * Convert (Bitget's "flash" swap between coins of the spot account): the coins that convert and
 * their limits, a quote (an RFQ id, `traceId`, that holds for 8 seconds), trading that quote, and
 * the convert history.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

const DOCS = "https://www.bitget.com/api-doc/common/convert"

// ---- currencies --------------------------------------------------------------------------

export const Currency = Schema.Struct({
  coin: Schema.String,
  /** Available in the spot account. */
  available: Decimal,
  /** Most that converts: spendable as `fromCoin`, receivable as `toCoin`. */
  maxAmount: Decimal,
  /** Least that converts, likewise. */
  minAmount: Decimal
})
export interface Currency extends Schema.Schema.Type<typeof Currency> {}

const CurrenciesDeclaration = Endpoint.get("/api/v2/convert/currencies", {
  name: "convert.convert.currencies",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<Currency>()(Currency))
})

/**
 * `GET /api/v2/convert/currencies`: the coins that convert, with the account's available balance and the smallest and largest
 * amount each converts. 10/s per UID.
 */
export const currencies = Operation.make(CurrenciesDeclaration)

// ---- quote -------------------------------------------------------------------------------

/** How long a quote's `traceId` can be traded (Bitget: "RFQ id, valid for 8 seconds"). */
export const quoteValidity: Duration.Duration = Duration.seconds(8)

interface QuoteSizes {
  readonly fromCoin: string
  readonly toCoin: string
  readonly fromCoinSize?: unknown
  readonly toCoinSize?: unknown
}

/**
 * Exactly one size ("Only one of fromCoinSize and toCoinSize is allowed",
 * https://www.bitget.com/api-doc/common/convert/Get-Quoted-Price; older copies of the page garble
 * it as "only allowed to be passed in at the same time", and its curl example spells the
 * parameter `fromCoinSz`: the table's `fromCoinSize` is sent), and two different coins (ours:
 * converting a coin into itself has no quote).
 */
const quoteRule = (request: QuoteSizes): true | string =>
  request.fromCoin.toUpperCase() === request.toCoin.toUpperCase()
    ? "toCoin: must differ from fromCoin"
    : request.fromCoinSize !== undefined && request.toCoinSize !== undefined
    ? "fromCoinSize, toCoinSize: give one of them, not both"
    : request.fromCoinSize === undefined && request.toCoinSize === undefined
    ? "fromCoinSize: required (or toCoinSize)"
    : true

export const QuoteRequest = Schema.Struct({
  /** The coin spent. */
  fromCoin: Limit.NonEmpty,
  /** How much `fromCoin` to spend; give this or `toCoinSize`, not both. */
  fromCoinSize: Schema.optional(PositiveDecimalInput),
  /** The coin received. */
  toCoin: Limit.NonEmpty,
  /** How much `toCoin` to receive; give this or `fromCoinSize`, not both. */
  toCoinSize: Schema.optional(PositiveDecimalInput)
}).pipe(
  Schema.filter(quoteRule, {
    // The rule's own line is the whole reason, not the schema's report.
    message: (issue) => String(quoteRule(issue.actual as QuoteSizes))
  })
)
export interface QuoteRequest extends Schema.Schema.Type<typeof QuoteRequest> {}

/** A quote: both sizes at `cnvtPrice`, held under `traceId` for 8 seconds. */
export const Quote = Schema.Struct({
  fromCoin: Schema.String,
  /** A JSON number in Bitget's sample; a decimal here. */
  fromCoinSize: Decimal,
  /** `toCoin` per `fromCoin`. */
  cnvtPrice: Decimal,
  toCoin: Schema.String,
  toCoinSize: Decimal,
  /** The quote's (RFQ) id, traded by `trade`. */
  traceId: Schema.String,
  fee: Decimal
})
export interface Quote extends Schema.Schema.Type<typeof Quote> {}

const QuotedPriceDeclaration = Endpoint.get("/api/v2/convert/quoted-price", {
  name: "convert.convert.quotedPrice",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<QuoteRequest>()(QuoteRequest),
  data: Named.as<Quote>()(Quote)
})

/**
 * `GET /api/v2/convert/quoted-price`: a quote to convert `fromCoin` into `toCoin`, sized by exactly one of `fromCoinSize` and
 * `toCoinSize` (checked before sending, as is `fromCoin` ≠ `toCoin`). Its `traceId` can be traded
 * with `trade` for 8 seconds (`quoteValidity`); after that the exchange answers 12021. A `GET`
 * on the live exchange (the specification's `POST` is a mapping-table slip, see the errata).
 * 10/s per UID.
 */
export const quotedPrice = Operation.make(QuotedPriceDeclaration)

/** A quote and the time its `traceId` stops being tradable, by this process's clock. */
export interface HeldQuote extends Quote {
  readonly expiresAt: DateTime.Utc
}

/**
 * `quotedPrice`, plus `expiresAt`: the time of the answer plus `quoteValidity`, by the local
 * `Clock` (an estimate: the exchange's own clock decides).
 */
export const quote = (
  request: typeof QuoteRequest.Type
) =>
  Effect.flatMap(quotedPrice(request), (quote) =>
    Effect.map(
      Clock.currentTimeMillis,
      (now): HeldQuote => ({ ...quote, expiresAt: DateTime.unsafeMake(now + Duration.toMillis(quoteValidity)) })
    ))

// ---- trade -------------------------------------------------------------------------------

/** Every field required, as the quote gave it (https://www.bitget.com/api-doc/common/convert/Trade; "RFQ id, valid for 8 seconds"). */
export const TradeRequest = Schema.Struct({
  fromCoin: Limit.NonEmpty,
  fromCoinSize: PositiveDecimalInput,
  /** The quote's `cnvtPrice`. */
  cnvtPrice: PositiveDecimalInput,
  toCoin: Limit.NonEmpty,
  toCoinSize: PositiveDecimalInput,
  /** The quote's `traceId`. */
  traceId: Limit.NonEmpty
})
export interface TradeRequest extends Schema.Schema.Type<typeof TradeRequest> {}

export const TradeResult = Schema.Struct({
  ts: Timestamp,
  cnvtPrice: Decimal,
  toCoinSize: Decimal,
  toCoin: Schema.String
})
export interface TradeResult extends Schema.Schema.Type<typeof TradeResult> {}

const TradeDeclaration = Endpoint.post("/api/v2/convert/trade", {
  name: "convert.convert.trade",
  signed: true,
  // 5/s per UID since the changelog of 2024-12-24 (10 before); rate-limits.tsv.
  rateLimit: RateLimit.uid(5),
  request: Named.as<TradeRequest>()(TradeRequest),
  data: Named.as<TradeResult>()(TradeResult),
  // 43012: the spot balance cannot pay for the conversion.
  errors: ["InsufficientBalance"]
})

/**
 * `POST /api/v2/convert/trade`: trades a quote: every field as the quote gave it (`tradeQuote(quote)` copies them). The
 * exchange refuses a `traceId` older than 8 seconds (12021) and one it does not know or whose
 * fields differ from the quote (12022). The coins move in the spot account. 5/s per UID.
 */
export const trade = Operation.make(TradeDeclaration)

/** Trades `quote` as quoted. */
export const tradeQuote = (quote: Quote) =>
  trade({
    fromCoin: quote.fromCoin,
    fromCoinSize: quote.fromCoinSize,
    cnvtPrice: quote.cnvtPrice,
    toCoin: quote.toCoin,
    toCoinSize: quote.toCoinSize,
    traceId: quote.traceId
  })

// ---- records -----------------------------------------------------------------------------

export const ConvertRecord = Schema.Struct({
  id: Schema.String,
  ts: Timestamp,
  cnvtPrice: Decimal,
  fee: Decimal,
  /** A JSON number in Bitget's sample; a decimal here. */
  fromCoinSize: Decimal,
  fromCoin: Schema.String,
  toCoinSize: Decimal,
  toCoin: Schema.String
})
export interface ConvertRecord extends Schema.Schema.Type<typeof ConvertRecord> {}

export const ConvertRecordPage = Schema.Struct({
  dataList: Schema.Array(Named.as<ConvertRecord>()(ConvertRecord)),
  /** The last record's id: the next page's `idLessThan`. */
  endId: Absent.optional(Schema.String)
})
export interface ConvertRecordPage extends Schema.Schema.Type<typeof ConvertRecordPage> {}

export const ConvertRecordRequest = Schema.Struct({
  /** Required, as is `endTime`. */
  startTime: Limit.Time,
  /** At most 90 days after `startTime`. */
  endTime: Limit.Time,
  limit: Schema.optional(Limit.PageSize),
  /** The previous page's `endId`. */
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface ConvertRecordRequest extends Schema.Schema.Type<typeof ConvertRecordRequest> {}

const ConvertRecordDeclaration = Endpoint.list("/api/v2/convert/convert-record", {
  name: "convert.convert.convertRecord",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<ConvertRecordRequest>()(ConvertRecordRequest),
  data: Named.as<ConvertRecordPage>()(ConvertRecordPage),
  pagination: {
    list: "dataList",
    cursor: Pagination.dataField("endId", "id"),
    // "Default 20 Maximum 100".
    limit: { param: "limit", max: 100, default: 20, source: `${DOCS}/Get-Convert-Record` },
    // "The maximum interval between startTime and endTime is 90 days."
    window: Pagination.window("90 days", "ts")
  }
})

/**
 * `GET /api/v2/convert/convert-record`: the convert history between `startTime` and `endTime` (both required, at most 90 days apart;
 * `items`/`pages` walk a longer range in 90-day windows): newest first, at most 100 a page, next
 * page by `idLessThan` = the page's `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const convertRecord = Operation.make(ConvertRecordDeclaration)

/** Every convert declaration. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CurrenciesDeclaration,
  QuotedPriceDeclaration,
  TradeDeclaration,
  ConvertRecordDeclaration
]

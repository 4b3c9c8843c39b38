/**
 * Deposits into a unified account: its deposit addresses and deposit records, a sub-account's
 * address and records (main account's key), and which account a coin's deposits credit.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"

/** A deposit address, as V2's `spot.wallet.depositAddress` answers it. */
export const DepositAddress = Lazy.schema(() =>
  Schema.Struct({
    address: Schema.String,
    chain: Schema.String,
    coin: Schema.String,
    tag: Absent.optional(Schema.String),
    url: Absent.optional(Schema.String)
  })
)
export interface DepositAddress extends Schema.Schema.Type<typeof DepositAddress> {}

const LIGHTNING_MIN = Decimal.unsafeMake("0.000001")
const LIGHTNING_MAX = Decimal.unsafeMake("0.01")

/**
 * A Bitcoin Lightning amount: 0.000001 to 0.01 (Bitget's UTA Get-Deposit-Address page and the
 * agent-sdk catalog; go-bitget says 0.001, reference §e.25 leaves it open: the wider bound is
 * checked, the exchange decides within it).
 */
export const LightningSize = Lazy.schema(() =>
  Decimal.DecimalInput.pipe(
    Schema.filter((input) => {
      const value = Decimal.toBigDecimal(input)
      return (BigDecimal.greaterThanOrEqualTo(value, LIGHTNING_MIN) &&
        BigDecimal.lessThanOrEqualTo(value, LIGHTNING_MAX)) ||
        "size (Lightning) must be from 0.000001 to 0.01"
    })
  )
)

/** The request of `depositAddress`. */
export const DepositAddressRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Limit.NonEmpty,
    /** The exchange picks a chain when omitted. */
    chain: Schema.optional(Schema.String),
    /** Bitcoin Lightning only: the amount the invoice is for. */
    size: Schema.optional(LightningSize)
  })
)
export interface DepositAddressRequest extends Schema.Schema.Type<typeof DepositAddressRequest> {}

export const DepositAddressOf = Lazy.value(() =>
  Endpoint.get("/api/v3/account/deposit-address", {
    name: "unified.deposit.depositAddress",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<DepositAddressRequest>()(DepositAddressRequest),
    data: Named.as<DepositAddress>()(DepositAddress)
  })
)

/**
 * `GET /api/v3/account/deposit-address`: the unified account's deposit address for `coin` on
 * `chain` (the exchange picks one when omitted). `size` (Lightning) must be 0.000001–0.01, checked
 * locally. 10/s per UID.
 */
export const depositAddress = Operation.make(DepositAddressOf)

/** The request of `subDepositAddress`. */
export const SubDepositAddressRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    coin: Limit.NonEmpty,
    chain: Schema.optional(Schema.String),
    size: Schema.optional(LightningSize)
  })
)
export interface SubDepositAddressRequest extends Schema.Schema.Type<typeof SubDepositAddressRequest> {}

export const SubDepositAddress = Lazy.value(() =>
  Endpoint.get("/api/v3/account/sub-deposit-address", {
    name: "unified.deposit.subDepositAddress",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SubDepositAddressRequest>()(SubDepositAddressRequest),
    data: Named.as<DepositAddress>()(DepositAddress)
  })
)

/**
 * `GET /api/v3/account/sub-deposit-address`: a sub-account's deposit address (main account's
 * key). `size` (Lightning) must be 0.000001–0.01, checked locally. 10/s per UID.
 */
export const subDepositAddress = Operation.make(SubDepositAddress)

export const RecordStatus = Lazy.schema(() => OpenEnum("pending", "fail", "success"))

/** One deposit; `recordId` is the chain's hash on chain, the order id for an internal transfer. */
export const DepositRecord = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    recordId: Absent.optional(Schema.String),
    coin: Schema.String,
    type: Schema.String,
    /** `on_chain` or `internal_transfer`. */
    dest: Absent.optional(OpenEnum("on_chain", "internal_transfer")),
    size: Decimal.Decimal,
    status: RecordStatus,
    fromAddress: Absent.optional(Schema.String),
    toAddress: Absent.optional(Schema.String),
    chain: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Timestamp
  })
)
export interface DepositRecord extends Schema.Schema.Type<typeof DepositRecord> {}

/**
 * Deposit and withdrawal records page by the smallest `orderId` of the last page, sent back as
 * `cursor` (Bitget's UTA Get-Deposit-Records page: "use the smallest orderId returned from the
 * previous query"); 20 a page by default, 100 at most.
 */
export const recordPages = (source: string) => ({
  cursor: Pagination.lastRow("orderId", "cursor"),
  limit: { param: "limit", max: 100, default: 20, source }
})

/** The request of `depositRecords`. */
export const DepositRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.optional(Schema.String),
    orderId: Schema.optional(Schema.String),
    startTime: Limit.Time,
    endTime: Limit.Time,
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor)
  })
)
export interface DepositRecordsRequest extends Schema.Schema.Type<typeof DepositRecordsRequest> {}

export const DepositRecords = Lazy.value(() =>
  Endpoint.list("/api/v3/account/deposit-records", {
    name: "unified.deposit.depositRecords",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<DepositRecordsRequest>()(DepositRecordsRequest),
    data: Schema.Array(Named.as<DepositRecord>()(DepositRecord)),
    pagination: recordPages("https://www.bitget.com/api-doc/uta/account/deposit/Get-Deposit-Records")
  })
)

/**
 * `GET /api/v3/account/deposit-records`: deposits between `startTime` and `endTime` (both
 * required), newest first, a bare array; at most 100 a page (default 20), cursor `cursor` = the
 * smallest `orderId` so far. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `orderId`; at most 100 a page (`limit`, 20 when omitted).
 */
export const depositRecords = Operation.make(DepositRecords)

/** The request of `subDepositRecords`. */
export const SubDepositRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    coin: Schema.optional(Schema.String),
    startTime: Limit.Time,
    endTime: Limit.Time,
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor)
  })
)
export interface SubDepositRecordsRequest extends Schema.Schema.Type<typeof SubDepositRecordsRequest> {}

export const SubDepositRecords = Lazy.value(() =>
  Endpoint.list("/api/v3/account/sub-deposit-records", {
    name: "unified.deposit.subDepositRecords",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SubDepositRecordsRequest>()(SubDepositRecordsRequest),
    data: Schema.Array(Named.as<DepositRecord>()(DepositRecord)),
    pagination: recordPages("https://www.bitget.com/api-doc/uta/account/deposit/Get-Sub-Deposit-Records")
  })
)

/**
 * `GET /api/v3/account/sub-deposit-records`: a sub-account's deposits (main account's key), as
 * `depositRecords` pages them. Bitget's page heads it `POST` but its example is a GET with a query
 * string, as the agent-sdk catalog, ccxt and go-bitget send it (reference §e.2): declared as GET.
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `orderId`; at most 100 a page (`limit`, 20 when omitted).
 */
export const subDepositRecords = Operation.make(SubDepositRecords)

export const SetDepositAccount = Lazy.value(() =>
  Endpoint.post("/api/v3/account/deposit-account", {
    name: "unified.deposit.setDepositAccount",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Schema.Struct({
      coin: Limit.NonEmpty,
      /** `funding`, `unified` or `otc` (bitget-api 3.2.3 `SetDepositAccountRequestV3`). */
      accountType: Spelling.literal("funding", "unified", "otc")
    }),
    data: Schema.NullOr(Schema.String)
  })
)

/**
 * `POST /api/v3/account/deposit-account`: which account later deposits of `coin` credit
 * (`funding`, `unified` or `otc`); the choice stays until changed. Answers `"success"`. 1/s per UID.
 */
export const setDepositAccount = Operation.make(SetDepositAccount)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  DepositAddressOf,
  SubDepositAddress,
  DepositRecords,
  SubDepositRecords,
  SetDepositAccount
]

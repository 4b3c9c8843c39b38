/**
 * Withdrawals from a unified account: on chain or to another Bitget user, cancelled while still
 * pending, their records, the most that can be withdrawn, and the withdrawal address book.
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
import * as Schema from "effect/Schema"
import { recordPages, RecordStatus } from "./Deposit.js"

const given = (value: string | undefined) => value !== undefined && value.trim() !== ""

/** On chain, or to another Bitget user. */
const TransferType = Lazy.schema(() => Spelling.literal("on_chain", "internal_transfer"))
/** What an internal transfer's `address` is. */
const InnerToType = Lazy.schema(() => Spelling.literal("uid", "email", "mobile"))
/** The travel rule's recipient: a company or a person. */
const IdentityType = Lazy.schema(() => Spelling.literal("company", "user"))

/**
 * A withdrawal's dependent fields (Bitget's UTA Withdraw page, https://www.bitget.com/api-doc/uta/account/withdraw;
 * go-bitget `WithdrawService`): an on-chain withdrawal names its `chain`; an internal one to a
 * mobile number its `areaCode`; a company recipient its `companyName`, a person a first and last
 * name.
 */
const withdrawalRules = (request: {
  readonly transferType: typeof TransferType.Type
  readonly chain?: string | undefined
  readonly innerToType?: typeof InnerToType.Type | undefined
  readonly areaCode?: string | undefined
  readonly identityType?: typeof IdentityType.Type | undefined
  readonly companyName?: string | undefined
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
}) =>
  Spelling.is(request.transferType, "on_chain") && !given(request.chain)
    ? "chain: required for an on_chain withdrawal"
    : Spelling.is(request.innerToType, "mobile") && !given(request.areaCode)
    ? "areaCode: required when innerToType is mobile"
    : Spelling.is(request.identityType, "company") && !given(request.companyName)
    ? "companyName: required when identityType is company"
    : Spelling.is(request.identityType, "user") && (!given(request.firstName) || !given(request.lastName))
    ? "firstName and lastName: required when identityType is user"
    : true

/** The accounts a withdrawal may draw on: `funding`, `otc`, `uta`; several are drawn in that order. */
export const WithdrawAccount = Lazy.schema(() => Spelling.literal("funding", "otc", "uta"))

export const WithdrawalRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Limit.NonEmpty,
    transferType: TransferType,
    /** A chain address, or for an internal transfer the recipient's uid, email or mobile. */
    address: Limit.NonEmpty,
    size: Decimal.PositiveDecimalInput,
    chain: Schema.optional(Schema.String),
    innerToType: Schema.optional(InnerToType),
    areaCode: Schema.optional(Schema.String),
    tag: Schema.optional(Schema.String),
    remark: Schema.optional(Schema.String),
    clientOid: Schema.optional(Limit.NonEmpty),
    /* Travel-rule details for a large withdrawal to a Korean exchange (same table as V2's). */
    memberCode: Schema.optional(Spelling.literal("bithumb", "korbit", "coinone")),
    identityType: Schema.optional(IdentityType),
    companyName: Schema.optional(Schema.String),
    firstName: Schema.optional(Schema.String),
    lastName: Schema.optional(Schema.String),
    /**
     * The accounts to draw on, sent comma-separated (`funding,uta`); drawn funding → otc → uta
     * (go-bitget `SetAccountType`).
     */
    accountType: Schema.optional(
      Schema.transform(
        Schema.String,
        Schema.Array(WithdrawAccount).pipe(Schema.minItems(1, { message: () => "accountType: at least one account" })),
        {
          strict: false,
          decode: (wire) => wire.split(",").map((part) => part.trim()),
          encode: (accounts) => accounts.join(",")
        }
      )
    )
  }).pipe(Schema.filter(withdrawalRules))
)
export interface WithdrawalRequest extends Schema.Schema.Type<typeof WithdrawalRequest> {}

/** A withdrawal's order id. */
export const WithdrawalResult = Lazy.schema(() =>
  Schema.Struct({ orderId: Schema.String, clientOid: Absent.optional(Schema.String) })
)
export interface WithdrawalResult extends Schema.Schema.Type<typeof WithdrawalResult> {}

export const Withdrawal = Lazy.value(() =>
  Endpoint.post("/api/v3/account/withdrawal", {
    name: "unified.withdrawal.withdrawal",
    signed: true,
    rateLimit: RateLimit.uid(1),
    // 25202 insufficient balance, 25212 duplicate clientOid (../shared/reference/v3-unified-api.md §b.4)
    errors: ["InsufficientBalance", "DuplicateClientOid"],
    request: Named.as<WithdrawalRequest>()(WithdrawalRequest),
    data: Named.as<WithdrawalResult>()(WithdrawalResult)
  })
)

/**
 * `POST /api/v3/account/withdrawal`: withdraws `size` of `coin` on chain (`chain` required) or
 * transfers it to another Bitget user (`address` = their uid, email or mobile; a mobile needs
 * `areaCode`), all checked locally. A new withdrawal waits in a cooling-off period
 * (`cancelWithdrawal` takes it back) before it is sent. The path is `withdrawal`, as Bitget's page,
 * the agent-sdk catalog, ccxt, Bitget.Net and go-bitget name it (bitget-api's `withdraw` is not
 * declared; reference §e.1). 1/s per UID.
 */
export const withdrawal = Operation.make(Withdrawal)

export const WithdrawalRecord = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    clientOid: Absent.optional(Schema.String),
    recordId: Absent.optional(Schema.String),
    coin: Schema.String,
    type: Schema.String,
    dest: Absent.optional(OpenEnum("on_chain", "internal_transfer")),
    size: Decimal.Decimal,
    status: RecordStatus,
    fromAddress: Absent.optional(Schema.String),
    toAddress: Absent.optional(Schema.String),
    chain: Absent.optional(Schema.String),
    fee: Absent.optional(Decimal.Decimal),
    confirm: Absent.optional(Schema.String),
    tag: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Timestamp
  })
)
export interface WithdrawalRecord extends Schema.Schema.Type<typeof WithdrawalRecord> {}

/** The request of `withdrawalRecords`. */
export const WithdrawalRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.optional(Schema.String),
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String),
    startTime: Limit.Time,
    endTime: Limit.Time,
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor)
  })
)
export interface WithdrawalRecordsRequest extends Schema.Schema.Type<typeof WithdrawalRecordsRequest> {}

export const WithdrawalRecords = Lazy.value(() =>
  Endpoint.list("/api/v3/account/withdrawal-records", {
    name: "unified.withdrawal.withdrawalRecords",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<WithdrawalRecordsRequest>()(WithdrawalRecordsRequest),
    data: Schema.Array(Named.as<WithdrawalRecord>()(WithdrawalRecord)),
    pagination: recordPages("https://www.bitget.com/api-doc/uta/account/withdraw/Get-Withdraw-Records")
  })
)

/**
 * `GET /api/v3/account/withdrawal-records`: withdrawals between `startTime` and `endTime` (both
 * required), newest first, a bare array; at most 100 a page (default 20), cursor `cursor` = the
 * smallest `orderId` so far. A cancelled withdrawal stays, with status `fail`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `orderId`; at most 100 a page (`limit`, 20 when omitted).
 */
export const withdrawalRecords = Operation.make(WithdrawalRecords)

export const CancelWithdrawalRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }).pipe(
    Schema.filter((request) =>
      given(request.orderId) || given(request.clientOid) || "orderId or clientOid: one is required"
    )
  )
)

export const CancelWithdrawal = Lazy.value(() =>
  Endpoint.post("/api/v3/account/cancel-withdrawal", {
    name: "unified.withdrawal.cancelWithdrawal",
    signed: true,
    rateLimit: RateLimit.uid(1),
    errors: ["OrderNotFound"],
    request: CancelWithdrawalRequest,
    data: Schema.NullOr(Schema.String)
  })
)

/**
 * `POST /api/v3/account/cancel-withdrawal`: takes back a withdrawal still in its cooling-off
 * period, named by `orderId` or `clientOid` (one is required, checked locally; `orderId` wins when
 * both are given); the amount returns to the account. Answers `"success"`. One at a time. 1/s per UID.
 */
export const cancelWithdrawal = Operation.make(CancelWithdrawal)

export const MaxWithdrawal = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    /** From the OTC account. */
    otcMaxWithdrawal: Absent.optional(Decimal.Decimal),
    /** From the funding (spot) account. */
    spotMaxWithdrawal: Absent.optional(Decimal.Decimal),
    /** From the unified account. */
    utaMaxWithdrawal: Absent.optional(Decimal.Decimal),
    totalMaxWithdrawal: Decimal.Decimal
  })
)
export interface MaxWithdrawal extends Schema.Schema.Type<typeof MaxWithdrawal> {}

export const MaxWithdrawalOf = Lazy.value(() =>
  Endpoint.get("/api/v3/account/max-withdrawal", {
    name: "unified.withdrawal.maxWithdrawal",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ coin: Limit.NonEmpty }),
    data: Named.as<MaxWithdrawal>()(MaxWithdrawal)
  })
)

/**
 * `GET /api/v3/account/max-withdrawal`: the most of `coin` that can be withdrawn now, per account
 * (funding, OTC, unified) and in total. Computed at the time of asking; the withdrawal checks
 * again. 10/s per UID.
 */
export const maxWithdrawal = Operation.make(MaxWithdrawalOf)

export const WithdrawAddress = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    chain: Absent.optional(Schema.String),
    address: Schema.String,
    countryCode: Absent.optional(Schema.String),
    label: Absent.optional(Schema.String),
    memo: Absent.optional(Schema.String),
    /** `EVM`, `regular`, `universal` or `internal`. */
    type: Absent.optional(OpenEnum("EVM", "regular", "universal", "internal")),
    internalType: Absent.optional(Schema.String),
    createdTime: Absent.optional(Timestamp)
  })
)
export interface WithdrawAddress extends Schema.Schema.Type<typeof WithdrawAddress> {}

/** The request of `withdrawAddress`. */
export const WithdrawAddressRequest = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.optional(Schema.String),
    type: Schema.optional(Spelling.literal("EVM", "regular", "universal", "internal")),
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface WithdrawAddressRequest extends Schema.Schema.Type<typeof WithdrawAddressRequest> {}

/** A page of withdrawal addresses. */
export const WithdrawAddressPage = Lazy.schema(() =>
  Schema.Struct({
    addressList: Schema.Array(Named.as<WithdrawAddress>()(WithdrawAddress)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface WithdrawAddressPage extends Schema.Schema.Type<typeof WithdrawAddressPage> {}

export const WithdrawAddresses = Lazy.value(() =>
  Endpoint.list("/api/v3/account/withdraw-address", {
    name: "unified.withdrawal.withdrawAddress",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<WithdrawAddressRequest>()(WithdrawAddressRequest),
    data: Named.as<WithdrawAddressPage>()(WithdrawAddressPage),
    pagination: {
      list: "addressList",
      // The page's `cursor` (a creation time in Bitget's example) is the only link: rows carry no id.
      cursor: Pagination.dataField("cursor", "address", "cursor"),
      limit: {
        param: "limit",
        max: 10,
        source: "https://www.bitget.com/api-doc/uta/account/withdrawal/Get-Withdraw-Address"
      }
    }
  })
)

/**
 * `GET /api/v3/account/withdraw-address`: the withdrawal address book, by `coin` and address
 * `type` (`EVM`, `regular`, `universal`, `internal`; `coin` filters regular addresses only), at
 * most 10 a page (checked locally), paged by the `cursor` of the last page. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 10 a page (`limit`).
 */
export const withdrawAddress = Operation.make(WithdrawAddresses)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Withdrawal,
  WithdrawalRecords,
  CancelWithdrawal,
  MaxWithdrawalOf,
  WithdrawAddresses
]

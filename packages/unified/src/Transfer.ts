/**
 * Transfers of a unified account: between its own account types (Classic accounts ↔ the unified
 * account), between the main account and its sub-accounts, from a sub-account back to the main
 * one, and their records. A unified account's balance is one balance (`uta`); the other account
 * types are the Classic ones (spot/funding, P2P, futures, margin) it may still hold coins in.
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
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/**
 * The account types of V3 transfers: the Classic ones (as V2's `spot.wallet.transfer` names them)
 * and `uta`, the unified account (../shared/reference/v3-unified-api.md §d.1 Transfers).
 */
export const AccountType = Lazy.schema(() =>
  Spelling.literal(
    "spot",
    "p2p",
    "coin_futures",
    "usdt_futures",
    "usdc_futures",
    "crossed_margin",
    "isolated_margin",
    "uta"
  )
)
export const AccountTypeOut = Lazy.schema(() =>
  OpenEnum(
    "spot",
    "p2p",
    "coin_futures",
    "usdt_futures",
    "usdc_futures",
    "crossed_margin",
    "isolated_margin",
    "uta"
  )
)

/** Between a main account and its sub-accounts there is no isolated margin (bitget-api 3.2.3, go-bitget). */
export const SubAccountType = Lazy.schema(() =>
  Spelling.literal(
    "spot",
    "p2p",
    "coin_futures",
    "usdt_futures",
    "usdc_futures",
    "crossed_margin",
    "uta"
  )
)

/**
 * A transfer's own id: at most 64 characters (go-bitget `SubMasterTransferService.SetClientOrderID`;
 * Bitget's Sub-Transfer page). Not V3's order `clientOid` pattern: transfers take any text.
 */
export const TransferClientOid = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.filter((text) => (text.trim() !== "" && text.length <= 64) || "clientOid: 1 to 64 characters for a transfer")
  )
)

/** What a transfer answers: its id, and the caller's `clientOid` when one was given. */
export const TransferResult = Lazy.schema(() =>
  Schema.Struct({
    transferId: Schema.String,
    clientOid: Absent.optional(Schema.String)
  })
)
export interface TransferResult extends Schema.Schema.Type<typeof TransferResult> {}

/** `symbol` names the isolated margin account: required when either side is `isolated_margin`. */
const isolatedNeedsSymbol = (
  request: {
    readonly fromType: typeof AccountType.Type
    readonly toType: typeof AccountType.Type
    readonly symbol?: string | undefined
  }
) =>
  (!Spelling.is(request.fromType, "isolated_margin") && !Spelling.is(request.toType, "isolated_margin")) ||
  (request.symbol !== undefined && request.symbol.trim() !== "") ||
  "symbol: required when fromType or toType is isolated_margin"

/** A transfer moves something: its two sides differ. */
const twoSides = (request: { readonly fromType: string; readonly toType: string }) =>
  request.fromType.toLowerCase() !== request.toType.toLowerCase() || "toType: must differ from fromType"

export const TransferRequest = Lazy.schema(() =>
  Schema.Struct({
    fromType: AccountType,
    toType: AccountType,
    amount: Decimal.PositiveDecimalInput,
    coin: Limit.NonEmpty,
    /** The isolated margin pair, when either side is `isolated_margin`. */
    symbol: Schema.optional(Schema.String),
    /** Borrow in the unified account when its balance falls short (`yes`/`no` on the wire). */
    allowBorrow: Schema.optional(Flag.YesNo),
    clientOid: Schema.optional(TransferClientOid)
  }).pipe(Schema.filter(isolatedNeedsSymbol), Schema.filter(twoSides))
)
export interface TransferRequest extends Schema.Schema.Type<typeof TransferRequest> {}

export const Transfer = Lazy.value(() =>
  Endpoint.post("/api/v3/account/transfer", {
    name: "unified.transfer.transfer",
    signed: true,
    rateLimit: RateLimit.uid(5),
    // 25202 insufficient balance, 43012 on the Classic side (../shared/reference/v3-unified-api.md §b.4)
    errors: ["InsufficientBalance"],
    request: Named.as<TransferRequest>()(TransferRequest),
    data: Named.as<TransferResult>()(TransferResult)
  })
)

/**
 * `POST /api/v3/account/transfer`: moves `amount` of `coin` between the account's own account
 * types, typically a Classic account (`spot`, `usdt_futures`, …) and the unified account (`uta`).
 * `symbol` is required, checked locally, when either side is `isolated_margin`; the two sides must
 * differ. `allowBorrow: true` lets the unified account borrow what its balance lacks. A balance
 * short of `amount` fails with `InsufficientBalance`. 5/s per UID.
 */
export const transfer = Operation.make(Transfer)

/** The request of `transferableCoins`. */
export const TransferableCoinsRequest = Lazy.schema(() => Schema.Struct({ fromType: AccountType, toType: AccountType }))
export interface TransferableCoinsRequest extends Schema.Schema.Type<typeof TransferableCoinsRequest> {}

export const TransferableCoins = Lazy.value(() =>
  Endpoint.get("/api/v3/account/transferable-coins", {
    name: "unified.transfer.transferableCoins",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<TransferableCoinsRequest>()(TransferableCoinsRequest),
    data: Schema.Array(Schema.String)
  })
)

/**
 * `GET /api/v3/account/transferable-coins`: the coins that can move from `fromType` to `toType`,
 * as a list of coin names. 10/s per UID.
 */
export const transferableCoins = Operation.make(TransferableCoins)

export const SubTransferRequest = Lazy.schema(() =>
  Schema.Struct({
    fromType: SubAccountType,
    toType: SubAccountType,
    amount: Decimal.PositiveDecimalInput,
    coin: Limit.NonEmpty,
    fromUserId: Limit.NonEmpty,
    toUserId: Limit.NonEmpty,
    /** Required here (Bitget's Sub-Transfer page; bitget-api `SubAccountTransferRequestV3`). */
    clientOid: TransferClientOid,
    allowBorrow: Schema.optional(Flag.YesNo)
  }).pipe(
    Schema.filter((request) =>
      request.fromUserId !== request.toUserId || request.fromType.toLowerCase() !== request.toType.toLowerCase() ||
      "toUserId: a transfer within one account must change the account type"
    )
  )
)
export interface SubTransferRequest extends Schema.Schema.Type<typeof SubTransferRequest> {}

export const SubTransfer = Lazy.value(() =>
  Endpoint.post("/api/v3/account/sub-transfer", {
    name: "unified.transfer.subTransfer",
    signed: true,
    rateLimit: RateLimit.uid(5),
    errors: ["InsufficientBalance"],
    request: Named.as<SubTransferRequest>()(SubTransferRequest),
    data: Named.as<TransferResult>()(TransferResult)
  })
)

/**
 * `POST /api/v3/account/sub-transfer`: moves funds between the main account and one of its
 * sub-accounts, or between two sub-accounts, with the main account's key. `clientOid` is required
 * (at most 64 characters, checked locally); a unified sub-account holds coins in `uta` or `spot`.
 * A frozen sub-account cannot take part. 5/s per UID.
 */
export const subTransfer = Operation.make(SubTransfer)

export const SubMasterTransferRequest = Lazy.schema(() =>
  Schema.Struct({
    fromType: Spelling.literal("spot", "uta"),
    toType: Spelling.literal("spot", "p2p", "uta"),
    amount: Decimal.PositiveDecimalInput,
    coin: Limit.NonEmpty,
    clientOid: Schema.optional(TransferClientOid)
  })
)
export interface SubMasterTransferRequest extends Schema.Schema.Type<typeof SubMasterTransferRequest> {}

export const SubMasterTransfer = Lazy.value(() =>
  Endpoint.post("/api/v3/account/sub-master-transfer", {
    name: "unified.transfer.subMasterTransfer",
    signed: true,
    rateLimit: RateLimit.uid(5),
    errors: ["InsufficientBalance"],
    request: Named.as<SubMasterTransferRequest>()(SubMasterTransferRequest),
    data: Named.as<TransferResult>()(TransferResult)
  })
)

/**
 * `POST /api/v3/account/sub-master-transfer`: a sub-account sends funds to its main account, with
 * the sub-account's own key: from `spot` or `uta`, to the main account's `spot`, `p2p` or `uta`
 * (bitget-api 3.2.3 `SubMasterTransferRequestV3`, go-bitget). 5/s per UID.
 */
export const subMasterTransfer = Operation.make(SubMasterTransfer)

export const TransferStatus = Lazy.schema(() => OpenEnum("successful", "failed", "processing"))

export const SubTransferRecord = Lazy.schema(() =>
  Schema.Struct({
    transferId: Schema.String,
    /** The id the transfer had before a migration, when it had one. */
    oldTransferId: Absent.optional(Schema.String),
    fromType: AccountTypeOut,
    toType: AccountTypeOut,
    amount: Decimal.Decimal,
    coin: Schema.String,
    fromUserId: Schema.String,
    toUserId: Schema.String,
    status: TransferStatus,
    clientOid: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Timestamp
  })
)
export interface SubTransferRecord extends Schema.Schema.Type<typeof SubTransferRecord> {}

/**
 * The page: bitget-api names its rows `items`, go-bitget `list` (reference §e.13, unresolved);
 * both decode, and the rows are always `list` for the caller.
 */
export const SubTransferPage = Lazy.schema(() =>
  Schema.transform(
    Schema.Struct({
      list: Schema.optional(Schema.NullOr(Schema.Array(Named.as<SubTransferRecord>()(SubTransferRecord)))),
      items: Schema.optional(Schema.NullOr(Schema.Array(Named.as<SubTransferRecord>()(SubTransferRecord)))),
      cursor: Absent.optional(Schema.String)
    }),
    // Exact optional: the decoded page never holds an explicit `undefined` (it would not encode back).
    Schema.Struct({
      list: Schema.Array(Named.as<SubTransferRecord>()(SubTransferRecord)),
      cursor: Schema.optionalWith(Schema.String, { exact: true })
    }),
    {
      strict: false,
      decode: (page) => ({
        list: page.list ?? page.items ?? [],
        ...(page.cursor === undefined ? {} : { cursor: page.cursor })
      }),
      encode: (page) => page
    }
  )
)
export interface SubTransferPage extends Schema.Schema.Type<typeof SubTransferPage> {}

/** The request of `subTransferRecords`. */
export const SubTransferRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    /** A sub-account's records; the main account's own when omitted. */
    subUid: Schema.optional(Limit.NonEmpty),
    /** `initiator` (default): transfers the account sent; `receiver`: those it received. */
    role: Schema.optional(Spelling.literal("initiator", "receiver")),
    coin: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    clientOid: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor)
  })
)
export interface SubTransferRecordsRequest extends Schema.Schema.Type<typeof SubTransferRecordsRequest> {}

export const SubTransferRecords = Lazy.value(() =>
  Endpoint.list("/api/v3/account/sub-transfer-record", {
    name: "unified.transfer.subTransferRecords",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Named.as<SubTransferRecordsRequest>()(SubTransferRecordsRequest),
    data: Named.as<SubTransferPage>()(SubTransferPage),
    pagination: {
      list: "list",
      cursor: Pagination.dataField("cursor", "transferId", "cursor"),
      limit: {
        param: "limit",
        max: 100,
        source: "https://www.bitget.com/api-doc/uta/account/transfer/Get-Sub-Transfer-Record"
      },
      // go-bitget `GetSubTransferRecordsService`: "bounded to a 90-day query span"
      window: Pagination.window("90 days", "createdTime")
    }
  })
)

/**
 * `GET /api/v3/account/sub-transfer-record`: transfers between the main account and its
 * sub-accounts, newest first; the main account's own unless `subUid` names a sub-account, the ones
 * it sent unless `role` is `receiver`. At most 100 a page, cursor `cursor` from the page;
 * `startTime`–`endTime` span at most 90 days (checked locally; `items` walks longer ranges window
 * by window). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`); one request spans at
 * most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const subTransferRecords = Operation.make(SubTransferRecords)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Transfer,
  TransferableCoins,
  SubTransfer,
  SubMasterTransfer,
  SubTransferRecords
]

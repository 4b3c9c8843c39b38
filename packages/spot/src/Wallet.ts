/**
 * Spot wallet: transfers between account types and to sub-accounts, withdrawals, deposit
 * addresses, and deposit and withdrawal records.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"
import { AccountType } from "./Schemas.js"

export const TransferResult = Schema.Struct({
  transferId: Schema.String,
  clientOid: Absent.optional(Schema.String)
})
export interface TransferResult extends Schema.Schema.Type<typeof TransferResult> {}

/**
 * `symbol` names the isolated margin account: required when either side is `isolated_margin`
 * (https://www.bitget.com/api-doc/spot/account/Wallet-Transfer,
 * https://www.bitget.com/api-doc/spot/account/Sub-Transfer).
 */
const isolatedNeedsSymbol = (
  request: { readonly fromType: string; readonly toType: string; readonly symbol?: string | undefined }
) =>
  (request.fromType !== "isolated_margin" && request.toType !== "isolated_margin") ||
  (request.symbol !== undefined && request.symbol !== "") ||
  "symbol: required when fromType or toType is isolated_margin"

export const TransferRequest = Schema.Struct({
  fromType: AccountType,
  toType: AccountType,
  amount: Decimal.PositiveDecimalInput,
  coin: Schema.String,
  symbol: Schema.optional(Schema.String),
  /** Idempotent: a repeat answers the first transfer (Bitget's Wallet-Transfer page). */
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(isolatedNeedsSymbol))
export interface TransferRequest extends Schema.Schema.Type<typeof TransferRequest> {}

export const Transfer = Endpoint.post("/api/v2/spot/wallet/transfer", {
  name: "spot.wallet.transfer",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<TransferRequest>()(TransferRequest),
  data: Named.as<TransferResult>()(TransferResult)
})

/**
 * `POST /api/v2/spot/wallet/transfer`: moves `amount` of `coin` between the account's own account
 * types (`symbol` is required, checked locally, when either side is `isolated_margin`). A
 * `clientOid` makes it idempotent: a repeat answers the first transfer and moves nothing. 10/s per
 * UID.
 */
export const transfer = Operation.make(Transfer)

export const SubaccountTransferRequest = Schema.Struct({
  fromType: AccountType,
  toType: AccountType,
  amount: Decimal.PositiveDecimalInput,
  coin: Schema.String,
  symbol: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  fromUserId: Schema.String,
  toUserId: Schema.String
}).pipe(Schema.filter(isolatedNeedsSymbol))
export interface SubaccountTransferRequest extends Schema.Schema.Type<typeof SubaccountTransferRequest> {}

export const SubaccountTransfer = Endpoint.post("/api/v2/spot/wallet/subaccount-transfer", {
  name: "spot.wallet.subaccountTransfer",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<SubaccountTransferRequest>()(SubaccountTransferRequest),
  data: Named.as<TransferResult>()(TransferResult)
})

/**
 * `POST /api/v2/spot/wallet/subaccount-transfer`: moves funds between the main account and its
 * sub-accounts, or between two sub-accounts (main account's key); `symbol` is required, checked
 * locally, when either side is `isolated_margin`. 10/s per UID.
 */
export const subaccountTransfer = Operation.make(SubaccountTransfer)

/**
 * A withdrawal's dependent fields (https://www.bitget.com/api-doc/spot/account/Wallet-Withdrawal):
 * an on-chain withdrawal names its `chain`; an internal one to a mobile number its `areaCode`.
 */
const withdrawalRules = (request: {
  readonly transferType: string
  readonly chain?: string | undefined
  readonly innerToType?: string | undefined
  readonly areaCode?: string | undefined
}) =>
  request.transferType === "on_chain" && (request.chain === undefined || request.chain === "")
    ? "chain: required for an on_chain withdrawal"
    : request.innerToType === "mobile" && (request.areaCode === undefined || request.areaCode === "")
    ? "areaCode: required when innerToType is mobile"
    : true

export const WithdrawalRequest = Schema.Struct({
  coin: Schema.String,
  transferType: Schema.Literal("on_chain", "internal_transfer"),
  address: Schema.String,
  chain: Schema.optional(Schema.String),
  innerToType: Schema.optional(Schema.Literal("email", "mobile", "uid")),
  areaCode: Schema.optional(Schema.String),
  tag: Schema.optional(Schema.String),
  size: Decimal.PositiveDecimalInput,
  remark: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  /*
   * Travel-rule details for a large withdrawal to a Korean exchange: the receiving exchange,
   * whether the recipient is a company or a person, and the name(s). Bitget's withdrawal page
   * (mirror https://www.bitgetapp.com/api-doc/spot/account/Wallet-Withdrawal); values from the
   * same table of https://www.bitget.com/api-doc/uta/account/withdraw.
   */
  memberCode: Schema.optional(Schema.Literal("bithumb", "korbit", "coinone")),
  identityType: Schema.optional(Schema.Literal("company", "user")),
  companyName: Schema.optional(Schema.String),
  firstName: Schema.optional(Schema.String),
  lastName: Schema.optional(Schema.String)
}).pipe(Schema.filter(withdrawalRules))
export interface WithdrawalRequest extends Schema.Schema.Type<typeof WithdrawalRequest> {}

export const Withdrawal = Endpoint.post("/api/v2/spot/wallet/withdrawal", {
  name: "spot.wallet.withdrawal",
  signed: true,
  rateLimit: RateLimit.uid(5),
  // 43012 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<WithdrawalRequest>()(WithdrawalRequest),
  data: Schema.Struct({ orderId: Schema.String, clientOid: Absent.optional(Schema.String) })
})

/**
 * `POST /api/v2/spot/wallet/withdrawal`: withdraws on chain (`chain` required) or transfers
 * internally (to a uid, email or mobile; a mobile needs `areaCode`), both checked locally. The
 * address must be on the account's whitelist. `memberCode`, `identityType`, `companyName`,
 * `firstName` and `lastName` carry the recipient's details for large withdrawals to Korean
 * exchanges. 5/s per UID.
 */
export const withdrawal = Operation.make(Withdrawal)

export const CancelWithdrawalRequest = Schema.Struct({ orderId: Schema.String })
export interface CancelWithdrawalRequest extends Schema.Schema.Type<typeof CancelWithdrawalRequest> {}

export const CancelWithdrawal = Endpoint.post("/api/v2/spot/wallet/cancel-withdrawal", {
  name: "spot.wallet.cancelWithdrawal",
  signed: true,
  // 5/s (../shared/reference/rate-limits.tsv; Bitget.Net says 10/s: the stricter is kept).
  rateLimit: RateLimit.uid(5),
  request: Named.as<CancelWithdrawalRequest>()(CancelWithdrawalRequest),
  data: OpenEnum("success", "fail")
})

/**
 * `POST /api/v2/spot/wallet/cancel-withdrawal`: cancels a withdrawal (`orderId`) while it is
 * pending: in its one-minute regret period or under manual review; once reviewed or on chain it
 * fails with code 13010, and small automatic withdrawals cannot be cancelled
 * (https://www.bitget.com/api-doc/spot/account/Cancel-Withdrawal). The amount returns to the spot
 * balance. Answers `"success"` or `"fail"`.
 */
export const cancelWithdrawal = Operation.make(CancelWithdrawal)

export const DepositAddress = Schema.Struct({
  address: Schema.String,
  chain: Schema.String,
  coin: Schema.String,
  tag: Absent.optional(Schema.String),
  url: Absent.optional(Schema.String)
})
export interface DepositAddress extends Schema.Schema.Type<typeof DepositAddress> {}

/** A Lightning Network amount: 0.000001 to 0.01. */
export const LightningSize = Decimal.DecimalInput.pipe(
  Schema.filter((input) => {
    const value = Decimal.toBigDecimal(input)
    return (BigDecimal.greaterThanOrEqualTo(value, Decimal.unsafeMake("0.000001")) &&
      BigDecimal.lessThanOrEqualTo(value, Decimal.unsafeMake("0.01"))) ||
      "size (Lightning) must be from 0.000001 to 0.01"
  })
)

export const DepositAddressRequest = Schema.Struct({
  coin: Schema.String,
  chain: Schema.optional(Schema.String),
  /** Bitcoin Lightning Network amount. */
  size: Schema.optional(LightningSize)
})
export interface DepositAddressRequest extends Schema.Schema.Type<typeof DepositAddressRequest> {}

export const DepositAddressOf = Endpoint.get("/api/v2/spot/wallet/deposit-address", {
  name: "spot.wallet.depositAddress",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<DepositAddressRequest>()(DepositAddressRequest),
  data: Named.as<DepositAddress>()(DepositAddress)
})

/**
 * `GET /api/v2/spot/wallet/deposit-address`: the account's deposit address for a coin and chain.
 * 10/s per UID. `size` (Lightning) must be 0.000001–0.01, checked locally.
 */
export const depositAddress = Operation.make(DepositAddressOf)

export const SubaccountDepositAddressRequest = Schema.Struct({
  subUid: Schema.String,
  coin: Schema.String,
  chain: Schema.optional(Schema.String),
  size: Schema.optional(LightningSize)
})
export interface SubaccountDepositAddressRequest extends Schema.Schema.Type<typeof SubaccountDepositAddressRequest> {}

export const SubaccountDepositAddress = Endpoint.get("/api/v2/spot/wallet/subaccount-deposit-address", {
  name: "spot.wallet.subaccountDepositAddress",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountDepositAddressRequest>()(SubaccountDepositAddressRequest),
  data: Named.as<DepositAddress>()(DepositAddress)
})

/**
 * `GET /api/v2/spot/wallet/subaccount-deposit-address`: a sub-account's deposit address (main
 * account's key). `size` (Lightning) must be 0.000001–0.01, checked locally. 10/s per UID.
 */
export const subaccountDepositAddress = Operation.make(SubaccountDepositAddress)

export const RecordStatus = OpenEnum("pending", "fail", "success")

export const DepositRecord = Schema.Struct({
  orderId: Schema.String,
  tradeId: Absent.optional(Schema.String),
  coin: Schema.String,
  type: Schema.String,
  size: Decimal.Decimal,
  status: RecordStatus,
  toAddress: Absent.optional(Schema.String),
  /** `on_chain` or `internal_transfer`. */
  dest: Absent.optional(Schema.String),
  chain: Absent.optional(Schema.String),
  fromAddress: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface DepositRecord extends Schema.Schema.Type<typeof DepositRecord> {}

export const DepositRecordsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  orderId: Schema.optional(Schema.String),
  startTime: Limit.Time,
  endTime: Limit.Time,
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize)
})
export interface DepositRecordsRequest extends Schema.Schema.Type<typeof DepositRecordsRequest> {}

export const DepositRecords = Endpoint.list("/api/v2/spot/wallet/deposit-records", {
  name: "spot.wallet.depositRecords",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<DepositRecordsRequest>()(DepositRecordsRequest),
  data: Schema.Array(Named.as<DepositRecord>()(DepositRecord)),
  pagination: {
    cursor: Pagination.lastRow("orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/spot/account/Get-Deposit-Record"
    },
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/spot/wallet/deposit-records`: deposits between `startTime` and `endTime` (both
 * required, at most 90 days apart), newest first; at most 100 a page (default 20), cursor
 * `idLessThan` = last `orderId`. An `orderId` names one deposit and the other filters are ignored
 * (https://www.bitget.com/zh-CN/api-doc/spot/account/Get-Deposit-Record). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 20 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const depositRecords = Operation.make(DepositRecords)

export const WithdrawalRecord = Schema.Struct({
  orderId: Schema.String,
  tradeId: Absent.optional(Schema.String),
  coin: Schema.String,
  dest: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String),
  type: Schema.String,
  tag: Absent.optional(Schema.String),
  size: Decimal.Decimal,
  fee: Absent.optional(Decimal.Decimal),
  status: RecordStatus,
  toAddress: Absent.optional(Schema.String),
  fromAddress: Absent.optional(Schema.String),
  confirm: Absent.optional(Schema.String),
  chain: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface WithdrawalRecord extends Schema.Schema.Type<typeof WithdrawalRecord> {}

export const WithdrawalRecordsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  startTime: Limit.Time,
  endTime: Limit.Time,
  idLessThan: Schema.optional(Limit.Cursor),
  orderId: Schema.optional(Schema.String),
  limit: Schema.optional(Limit.PageSize)
})
export interface WithdrawalRecordsRequest extends Schema.Schema.Type<typeof WithdrawalRecordsRequest> {}

export const WithdrawalRecords = Endpoint.list("/api/v2/spot/wallet/withdrawal-records", {
  name: "spot.wallet.withdrawalRecords",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<WithdrawalRecordsRequest>()(WithdrawalRecordsRequest),
  data: Schema.Array(Named.as<WithdrawalRecord>()(WithdrawalRecord)),
  pagination: {
    cursor: Pagination.lastRow("orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/spot/account/Get-Withdraw-Record"
    },
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/spot/wallet/withdrawal-records`: withdrawals between `startTime` and `endTime`
 * (both required, at most 90 days apart), newest first; at most 100 a page (default 20), cursor
 * `idLessThan` = last `orderId`. An `orderId` or `clientOid` names one withdrawal and the other
 * filters are ignored (https://bitget.cc/zh-CN/api-doc/spot/wallet/Get-Withdraw-Record). 10/s per
 * UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 20 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const withdrawalRecords = Operation.make(WithdrawalRecords)

export const TransferCoinInfoRequest = Schema.Struct({ fromType: AccountType, toType: AccountType })
export interface TransferCoinInfoRequest extends Schema.Schema.Type<typeof TransferCoinInfoRequest> {}

export const TransferCoinInfo = Endpoint.get("/api/v2/spot/wallet/transfer-coin-info", {
  name: "spot.wallet.transferCoinInfo",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<TransferCoinInfoRequest>()(TransferCoinInfoRequest),
  data: Schema.Array(Schema.String)
})

/**
 * `GET /api/v2/spot/wallet/transfer-coin-info`: the coins that can move from one account type to
 * another (`fromType` → `toType`), as a list of coin names. Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/account/Get-Transfer-Coin-Info). 10/s per UID.
 */
export const transferCoinInfo = Operation.make(TransferCoinInfo)

export const SubaccountDepositRecordsRequest = Schema.Struct({
  subUid: Schema.String,
  coin: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize)
})
export interface SubaccountDepositRecordsRequest extends Schema.Schema.Type<typeof SubaccountDepositRecordsRequest> {}

export const SubaccountDepositRecords = Endpoint.list("/api/v2/spot/wallet/subaccount-deposit-records", {
  name: "spot.wallet.subaccountDepositRecords",
  signed: true,
  // "Frequency limit:10 times/1s (UID)" (https://www.bitget.com/api-doc/spot/account/Get-SubAccount-Deposit-Record).
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountDepositRecordsRequest>()(SubaccountDepositRecordsRequest),
  data: Schema.Array(Named.as<DepositRecord>()(DepositRecord)),
  pagination: {
    cursor: Pagination.lastRow("orderId"),
    // "The default value is 20 and the maximum value is 100"; the page states no time window.
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/spot/account/Get-SubAccount-Deposit-Record"
    }
  }
})

/**
 * `GET /api/v2/spot/wallet/subaccount-deposit-records`: a sub-account's deposits (main account's
 * key), newest first; at most 100 a page (default 20), cursor `idLessThan` = last `orderId`. Beyond
 * the specification's list (https://www.bitget.com/api-doc/spot/account/Get-SubAccount-Deposit-Record).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 20 when
 * omitted).
 */
export const subaccountDepositRecords = Operation.make(SubaccountDepositRecords)

export const ModifyDepositAccountRequest = Schema.Struct({
  coin: Schema.String,
  /** The account new deposits of `coin` are credited to. */
  accountType: Schema.Literal("spot", "funding", "coin-futures", "mix_usdt", "usdc-futures")
})
export interface ModifyDepositAccountRequest extends Schema.Schema.Type<typeof ModifyDepositAccountRequest> {}

export const ModifyDepositAccount = Endpoint.post("/api/v2/spot/wallet/modify-deposit-account", {
  name: "spot.wallet.modifyDepositAccount",
  signed: true,
  // 10/s per UID (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Named.as<ModifyDepositAccountRequest>()(ModifyDepositAccountRequest),
  data: OpenEnum("success", "fail")
})

/**
 * `POST /api/v2/spot/wallet/modify-deposit-account`: which account future deposits of a coin land
 * in (`spot`, `funding`, `coin-futures`, `mix_usdt`, `usdc-futures`: Bitget's spellings). Beyond the
 * specification's list (https://www.bitget.com/api-doc/spot/account/Modify-Deposit-Account).
 * 10/s per UID.
 */
export const modifyDepositAccount = Operation.make(ModifyDepositAccount)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Transfer,
  SubaccountTransfer,
  Withdrawal,
  CancelWithdrawal,
  DepositAddressOf,
  SubaccountDepositAddress,
  DepositRecords,
  WithdrawalRecords,
  TransferCoinInfo,
  SubaccountDepositRecords,
  ModifyDepositAccount
]

/**
 * Spot account: the account's info, balances per coin, sub-accounts' balances, bills (every
 * balance change) and transfer records.
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
import { Id } from "./internal/values.js"
import { AccountType, AccountTypeOut } from "./Schemas.js"

export const AccountInfo = Schema.Struct({
  userId: Id,
  inviterId: Absent.optional(Id),
  /** The key's IP whitelist, comma separated. */
  ips: Absent.optional(Schema.String),
  authorities: Schema.Array(Schema.String),
  /** The main account of a sub-account; a JSON number in real answers. */
  parentId: Absent.optional(Id),
  traderType: Absent.optional(Schema.String),
  channelCode: Absent.optional(Schema.String),
  channel: Absent.optional(Schema.String),
  regisTime: Absent.optional(Timestamp)
})
export interface AccountInfo extends Schema.Schema.Type<typeof AccountInfo> {}

export const Info = Endpoint.get("/api/v2/spot/account/info", {
  name: "spot.account.info",
  signed: true,
  rateLimit: RateLimit.uid(1),
  request: Endpoint.NoParams,
  data: Named.as<AccountInfo>()(AccountInfo)
})

/**
 * `GET /api/v2/spot/account/info`: the account's uid, permissions and parent. 1/s per UID.
 * `parentId` arrives as a number.
 */
export const info = Operation.make(Info)

/** One coin's balance in the spot account. */
export const Asset = Schema.Struct({
  coin: Schema.String,
  available: Decimal,
  frozen: Decimal,
  /** Locked by fiat merchants and the like. */
  locked: Decimal,
  /** Restricted availability (e.g. spot copy trading). */
  limitAvailable: Absent.optional(Decimal),
  uTime: Timestamp
})
export interface Asset extends Schema.Schema.Type<typeof Asset> {}

export const AssetsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  assetType: Schema.optional(Schema.Literal("hold_only", "all"))
})
export interface AssetsRequest extends Schema.Schema.Type<typeof AssetsRequest> {}

export const AccountAssets = Endpoint.get("/api/v2/spot/account/assets", {
  name: "spot.account.assets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<AssetsRequest>()(AssetsRequest),
  data: Schema.Array(Named.as<Asset>()(Asset))
})

/**
 * `GET /api/v2/spot/account/assets`: the spot balance of each coin (by default only coins with a
 * balance; `assetType: "all"` lists every coin; `coin` wins over `assetType`). 10/s per UID.
 */
export const assets = Operation.make(AccountAssets)

export const SubAccountAssets = Schema.Struct({
  /** The cursor of this row. */
  id: Absent.optional(Schema.String),
  /** The sub-account's uid; a JSON number in real answers. */
  userId: Id,
  assetsList: Schema.Array(Asset)
})
export interface SubAccountAssets extends Schema.Schema.Type<typeof SubAccountAssets> {}

export const SubaccountAssetsRequest = Schema.Struct({
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize)
})
export interface SubaccountAssetsRequest extends Schema.Schema.Type<typeof SubaccountAssetsRequest> {}

export const SubaccountAssets = Endpoint.list("/api/v2/spot/account/subaccount-assets", {
  name: "spot.account.subaccountAssets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountAssetsRequest>()(SubaccountAssetsRequest),
  data: Schema.Array(Named.as<SubAccountAssets>()(SubAccountAssets)),
  pagination: {
    cursor: Pagination.lastRow("id"),
    limit: {
      param: "limit",
      max: 50,
      // The official page documents no paging; JKorf/Bitget.Net's client gives max 50 (pagination-audit.md row 2).
      source: "https://www.bitget.com/api-doc/spot/account/Get-Subaccount-Assets"
    }
  }
})

/**
 * `GET /api/v2/spot/account/subaccount-assets`: spot balances of each sub-account (main account
 * only); at most 50 a page, cursor `idLessThan` = the last row's `id`. 10/s per UID. `userId`
 * arrives as a number.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `id`; at most 50 a page (`limit`).
 */
export const subaccountAssets = Operation.make(SubaccountAssets)

export const BillGroupType = Schema.Literal(
  "deposit",
  "withdraw",
  "transaction",
  "transfer",
  "loan",
  "financial",
  "fait",
  "convert",
  "c2c",
  "pre_c2c",
  "on_chain",
  "strategy",
  "other"
)

export const Bill = Schema.Struct({
  cTime: Timestamp,
  coin: Schema.String,
  groupType: OpenEnum(...BillGroupType.literals),
  /** Old spelling `transfer-in`, `deduction of handling fee`…; newer `TRANSFER_IN`… */
  businessType: Schema.String,
  /** Signed change of the balance. */
  size: Decimal,
  /** Balance after the change. */
  balance: Decimal,
  fees: Decimal,
  billId: Schema.String
})
export interface Bill extends Schema.Schema.Type<typeof Bill> {}

export const BillsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  groupType: Schema.optional(BillGroupType),
  businessType: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface BillsRequest extends Schema.Schema.Type<typeof BillsRequest> {}

export const Bills = Endpoint.list("/api/v2/spot/account/bills", {
  name: "spot.account.bills",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<BillsRequest>()(BillsRequest),
  data: Schema.Array(Named.as<Bill>()(Bill)),
  pagination: {
    cursor: Pagination.lastRow("billId"),
    limit: {
      param: "limit",
      max: 500,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/account/Get-Account-Bills"
    },
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/spot/account/bills`: every change of the spot balance (fills, fees, transfers,
 * deposits, withdrawals), newest first. At most 500 a page, cursor `idLessThan` = last `billId`,
 * `startTime`–`endTime` at most 90 days. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `billId`; at most 500 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const bills = Operation.make(Bills)

export const TransferRecord = Schema.Struct({
  coin: Schema.String,
  status: OpenEnum("Successful", "Failed", "Processing"),
  toType: AccountTypeOut,
  toSymbol: Absent.optional(Schema.String),
  fromType: AccountTypeOut,
  fromSymbol: Absent.optional(Schema.String),
  size: Decimal,
  ts: Timestamp,
  clientOid: Absent.optional(Schema.String),
  transferId: Schema.String
})
export interface TransferRecord extends Schema.Schema.Type<typeof TransferRecord> {}

export const TransferRecordsRequest = Schema.Struct({
  coin: Schema.String,
  fromType: AccountType,
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  clientOid: Schema.optional(Schema.String),
  /**
   * From 1 to 1000 (Bitget's page since 2024-12-16, when `pageNum` replaced the deprecated
   * `idLessThan`; ../shared/reference/pagination-audit.md row 4).
   */
  pageNum: Schema.optional(Limit.PageNumber.pipe(Schema.lessThanOrEqualTo(1000))),
  limit: Schema.optional(Limit.PageSize)
})
export interface TransferRecordsRequest extends Schema.Schema.Type<typeof TransferRecordsRequest> {}

export const TransferRecords = Endpoint.list("/api/v2/spot/account/transferRecords", {
  name: "spot.account.transferRecords",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<TransferRecordsRequest>()(TransferRecordsRequest),
  data: Schema.Array(Named.as<TransferRecord>()(TransferRecord)),
  pagination: {
    cursor: Pagination.page("pageNum"),
    // 1 to 500, default 100 (pagination-audit.md row 4).
    limit: {
      param: "limit",
      max: 500,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/account/Get-Account-TransferRecords"
    },
    window: Pagination.window("90 days", "ts")
  }
})

/**
 * `GET /api/v2/spot/account/transferRecords`: transfers out of `fromType` in `coin`. Pages by
 * `pageNum` from 1 to 1000 (the `idLessThan` cursor is deprecated since 2024-12-16); at most 500
 * a page (default 100); `startTime`–`endTime` at most 90 days. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 500 a page (`limit`, 100 when omitted); one request
 * spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const transferRecords = Operation.make(TransferRecords)

export const DeductInfo = Endpoint.get("/api/v2/spot/account/deduct-info", {
  name: "spot.account.deductInfo",
  signed: true,
  // 5/s per UID (Bitget's changelog of 2024-08-15, ../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(5),
  request: Endpoint.NoParams,
  data: Schema.Struct({ deduct: OpenEnum("on", "off") })
})
/**
 * `GET /api/v2/spot/account/deduct-info`: whether spot fees are paid in BGB (`on`) or not. Beyond
 * the specification's list (https://www.bitget.com/api-doc/spot/account/Get-Deduct-Info). 5/s per UID.
 */
export const deductInfo = Operation.make(DeductInfo)

export const SwitchDeductRequest = Schema.Struct({ deduct: Schema.Boolean })
export interface SwitchDeductRequest extends Schema.Schema.Type<typeof SwitchDeductRequest> {}

export const SwitchDeduct = Endpoint.post("/api/v2/spot/account/switch-deduct", {
  name: "spot.account.switchDeduct",
  signed: true,
  // 1/s per UID (Bitget's changelog of 2024-08-15, ../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(1),
  request: Named.as<SwitchDeductRequest>()(SwitchDeductRequest),
  data: Schema.Boolean
})
/**
 * `POST /api/v2/spot/account/switch-deduct`: turns paying spot fees in BGB on (`deduct: true`) or
 * off (a JSON boolean on the wire). Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/account/Switch-Deduct). 1/s per UID.
 */
export const switchDeduct = Operation.make(SwitchDeduct)

export const MainSubTransfer = Schema.Struct({
  coin: Schema.String,
  status: OpenEnum("Successful", "Failed", "Processing"),
  toType: Schema.String,
  fromType: Schema.String,
  size: Decimal,
  ts: Timestamp,
  clientOid: Absent.optional(Schema.String),
  transferId: Schema.String,
  fromUserId: Absent.optional(Id),
  toUserId: Absent.optional(Id)
})
export interface MainSubTransfer extends Schema.Schema.Type<typeof MainSubTransfer> {}

export const SubMainTransRecordRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  role: Schema.optional(Schema.Literal("initiator", "receiver")),
  subUid: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  clientOid: Schema.optional(Schema.String),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface SubMainTransRecordRequest extends Schema.Schema.Type<typeof SubMainTransRecordRequest> {}

export const SubMainTransRecord = Endpoint.list("/api/v2/spot/account/sub-main-trans-record", {
  name: "spot.account.subMainTransRecord",
  signed: true,
  // "Rate limit: 20 req/sec/UID" (https://www.bitget.com/api-doc/spot/account/Get-SubAccount-TransferRecords).
  rateLimit: RateLimit.uid(20),
  request: Named.as<SubMainTransRecordRequest>()(SubMainTransRecordRequest),
  data: Schema.Array(Named.as<MainSubTransfer>()(MainSubTransfer)),
  pagination: {
    cursor: Pagination.lastRow("transferId"),
    // "Default: 100, maximum 100"; "The interval between startTime and endTime must not exceed 90 days".
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/account/Get-SubAccount-TransferRecords"
    },
    window: Pagination.window("90 days", "ts")
  }
})
/**
 * `GET /api/v2/spot/account/sub-main-trans-record`: transfers between the main account and its
 * sub-accounts (`subUid`; without it, those the main account started), as `initiator` (default) or
 * `receiver`; newest first, at most 100 a page, cursor `idLessThan` = last `transferId`, ranges of
 * at most 90 days. Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/account/Get-SubAccount-TransferRecords). 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `transferId`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const subMainTransRecord = Operation.make(SubMainTransRecord)

export const UpgradeRequest = Schema.Struct({
  /** A sub-account to upgrade instead of the key's own account (main account keys). */
  subUid: Schema.optional(Schema.String)
})
export interface UpgradeRequest extends Schema.Schema.Type<typeof UpgradeRequest> {}

/** The declarations of this module. */
export const Upgrade = Endpoint.post("/api/v2/spot/account/upgrade", {
  name: "spot.account.upgrade",
  signed: true,
  rateLimit: RateLimit.uid(1),
  request: Named.as<UpgradeRequest>()(UpgradeRequest),
  data: Schema.NullOr(Schema.String)
})

/**
 * `POST /api/v2/spot/account/upgrade`: upgrades a Classic account (main or sub) to a unified
 * (UTA) one, whose key then speaks V3 (`@effect-bitget/unified`) and gets 40085 from private V2.
 * The answer only says the request was taken: the upgrade runs about a minute, `upgradeStatus`
 * tells when it is done (bitget-api 3.2.3; shared/reference/v3-unified-api.md §b.9). Refused
 * while positions or orders are open. Rate limit not documented: 1/s per UID assumed, as V3's
 * switch back.
 */
export const upgrade = Operation.make(Upgrade)

export const UpgradeStatusRequest = Schema.Struct({ subUid: Schema.optional(Schema.String) })
export interface UpgradeStatusRequest extends Schema.Schema.Type<typeof UpgradeStatusRequest> {}

export const UpgradeStatus = Endpoint.get("/api/v2/spot/account/upgrade-status", {
  name: "spot.account.upgradeStatus",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<UpgradeStatusRequest>()(UpgradeStatusRequest),
  data: Schema.Struct({
    /** `process`, `success` or `fail` (bitget-api glues each to its doc text: `successSuccess`…). */
    status: OpenEnum("process", "success", "fail"),
    reason: Absent.optional(Schema.String)
  })
})

/**
 * `GET /api/v2/spot/account/upgrade-status`: how the last upgrade to unified went. A unified
 * key may still call it. Rate limit not documented: 5/s per UID assumed, as V3's switch-status.
 */
export const upgradeStatus = Operation.make(UpgradeStatus)

export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Info,
  AccountAssets,
  SubaccountAssets,
  Bills,
  TransferRecords,
  Upgrade,
  UpgradeStatus,
  DeductInfo,
  SwitchDeduct,
  SubMainTransRecord
]

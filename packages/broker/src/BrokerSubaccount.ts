/**
 * An ND broker's sub-accounts (`/api/v2/broker/account/...`): the broker's own account info,
 * creating, listing and modifying sub-accounts (status, permissions, language, email), their
 * spot and futures assets, deposit addresses, withdrawals and the automatic transfer of their
 * deposits. Only the broker's main account may call these.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { IdNumber, IdString } from "@effect-bitget/core/Id"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import { ProductType } from "@effect-bitget/futures/Schemas"
import * as Schema from "effect/Schema"
import {
  BrokerPermission,
  BrokerPermissionOut,
  Label,
  Language,
  ListStatus,
  Result,
  Status,
  StatusOut,
  Uid
} from "./Schemas.js"

export const BrokerInfo = Schema.Struct({
  subAccountSize: IdString,
  maxSubAccountSize: IdString,
  uTime: Absent.optional(Timestamp)
})
export interface BrokerInfo extends Schema.Schema.Type<typeof BrokerInfo> {}

export const Info = Endpoint.get("/api/v2/broker/account/info", {
  name: "broker.brokerSubaccount.info",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Named.as<BrokerInfo>()(BrokerInfo)
})

/**
 * `GET /api/v2/broker/account/info`: how many sub-accounts the broker has and may have. 10/s
 * per UID. https://www.bitget.com/api-doc/broker/subaccount/Get-Broker-Account-Info
 */
export const info = Operation.make(Info)

/** A broker sub-account. The parameter tables spell the times `ctime`/`utime`, the bodies `cTime`/`uTime`. */
export const Subaccount = Schema.Struct({
  subUid: Schema.String,
  /** A username in email form made from the requested name. */
  subaccountName: Schema.String,
  status: StatusOut,
  permList: Schema.Array(BrokerPermissionOut),
  label: Absent.optional(Schema.String),
  language: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
})
export interface Subaccount extends Schema.Schema.Type<typeof Subaccount> {}

export const CreateSubaccountRequest = Schema.Struct({
  /** The prefix of the username (in email form) the exchange makes for the sub-account. */
  subaccountName: Limit.NonEmpty,
  label: Schema.optional(Label)
})
export interface CreateSubaccountRequest extends Schema.Schema.Type<typeof CreateSubaccountRequest> {}

export const CreateSubaccount = Endpoint.post("/api/v2/broker/account/create-subaccount", {
  name: "broker.brokerSubaccount.createSubaccount",
  signed: true,
  rateLimit: RateLimit.uid(1),
  request: Named.as<CreateSubaccountRequest>()(CreateSubaccountRequest),
  data: Named.as<Subaccount>()(Subaccount)
})

/**
 * `POST /api/v2/broker/account/create-subaccount`: a new broker sub-account; its username is
 * made from `subaccountName`. `label` is 1–20 characters (checked locally). It starts with every
 * permission (`read`, `spot_trade`, `contract_trade`, `transfer`, `withdraw`, `deposit`) and an
 * empty balance. 1/s per UID. https://www.bitget.com/api-doc/broker/subaccount/Create-Subaccount
 */
export const createSubaccount = Operation.make(CreateSubaccount)

export const SubaccountListRequest = Schema.Struct({
  /** Default 10, at most 100. */
  limit: Schema.optional(Limit.PageSize),
  /** The last `subUid` of the previous page. */
  idLessThan: Schema.optional(Limit.Cursor),
  status: Schema.optional(ListStatus),
  /** Sub-accounts created after this time. */
  startTime: Schema.optional(Limit.Time),
  /** Sub-accounts created before this time. */
  endTime: Schema.optional(Limit.Time)
})
export interface SubaccountListRequest extends Schema.Schema.Type<typeof SubaccountListRequest> {}

export const SubaccountPage = Schema.Struct({
  hasNextPage: Absent.optional(Schema.Boolean),
  /** The smallest `subUid` of the page (a JSON number). */
  idLessThan: Absent.optional(IdNumber),
  subList: Schema.Array(Named.as<Subaccount>()(Subaccount))
})
export interface SubaccountPage extends Schema.Schema.Type<typeof SubaccountPage> {}

export const SubaccountList = Endpoint.list("/api/v2/broker/account/subaccount-list", {
  name: "broker.brokerSubaccount.subaccountList",
  signed: true,
  // "1 time/1s (User ID)" on the page (no rate-limits.tsv row).
  rateLimit: RateLimit.uid(1),
  request: Named.as<SubaccountListRequest>()(SubaccountListRequest),
  data: Named.as<SubaccountPage>()(SubaccountPage),
  pagination: {
    list: "subList",
    // "idLessThan: … the value input should be the subUid": the last row's subUid; default 10,
    // at most 100 (https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-List).
    cursor: Pagination.lastRow("subUid"),
    limit: {
      param: "limit",
      max: 100,
      default: 10,
      source: "https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-List"
    }
  }
})

/**
 * `GET /api/v2/broker/account/subaccount-list`: the broker's sub-accounts, newest first,
 * optionally by status and creation time. At most 100 a page (default 10, checked locally);
 * the next page is `idLessThan` = the last row's `subUid`. 1/s per UID, so `.items()` walks a
 * page a second. https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-List
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `subUid`; at most 100 a page (`limit`, 10 when
 * omitted).
 */
export const subaccountList = Operation.make(SubaccountList)

export const ModifySubaccountRequest = Schema.Struct({
  subUid: Uid,
  permList: Schema.Array(BrokerPermission),
  status: Status,
  language: Schema.optional(Language)
})
export interface ModifySubaccountRequest extends Schema.Schema.Type<typeof ModifySubaccountRequest> {}

export const ModifySubaccount = Endpoint.post("/api/v2/broker/account/modify-subaccount", {
  name: "broker.brokerSubaccount.modifySubaccount",
  signed: true,
  // "1 time/1s (API Key)" on the page (no rate-limits.tsv row); counted per UID here.
  rateLimit: RateLimit.uid(1),
  request: Named.as<ModifySubaccountRequest>()(ModifySubaccountRequest),
  data: Named.as<Subaccount>()(Subaccount)
})

/**
 * `POST /api/v2/broker/account/modify-subaccount`: sets a sub-account's permissions, status
 * (`freeze` refuses every call its keys make) and language. 1/s.
 * https://www.bitget.com/api-doc/broker/subaccount/Modify-Suaccount
 */
export const modifySubaccount = Operation.make(ModifySubaccount)

/**
 * A plausible email address: something@domain.tld, no spaces. The page says only "Subaccount
 * email" (https://www.bitget.com/api-doc/broker/subaccount/Modify-Subaccount-Email); an address
 * of another shape can bind no mailbox, so it is refused locally.
 */
const Email = Schema.String.pipe(
  Schema.filter((email) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || `must be an email address, got "${email}"`)
)

export const ModifySubaccountEmailRequest = Schema.Struct({ subUid: Uid, subaccountEmail: Email })
export interface ModifySubaccountEmailRequest extends Schema.Schema.Type<typeof ModifySubaccountEmailRequest> {}

export const ModifySubaccountEmail = Endpoint.post("/api/v2/broker/account/modify-subaccount-email", {
  name: "broker.brokerSubaccount.modifySubaccountEmail",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<ModifySubaccountEmailRequest>()(ModifySubaccountEmailRequest),
  data: Result
})

/**
 * `POST /api/v2/broker/account/modify-subaccount-email`: binds an email address to a
 * sub-account; `data` is `"success"`. 10/s per UID.
 * https://www.bitget.com/api-doc/broker/subaccount/Modify-Subaccount-Email
 */
export const modifySubaccountEmail = Operation.make(ModifySubaccountEmail)

export const SubaccountEmailRow = Schema.Struct({
  subUid: Schema.String,
  subaccountName: Schema.String,
  /** Absent until one is bound. */
  subaccountEmail: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
})
export interface SubaccountEmailRow extends Schema.Schema.Type<typeof SubaccountEmailRow> {}

export const SubaccountEmailRequest = Schema.Struct({ subUid: Uid })
export interface SubaccountEmailRequest extends Schema.Schema.Type<typeof SubaccountEmailRequest> {}

export const SubaccountEmail = Endpoint.get("/api/v2/broker/account/subaccount-email", {
  name: "broker.brokerSubaccount.subaccountEmail",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountEmailRequest>()(SubaccountEmailRequest),
  data: Named.as<SubaccountEmailRow>()(SubaccountEmailRow)
})

/**
 * `GET /api/v2/broker/account/subaccount-email`: a sub-account's username and bound email.
 * 10/s per UID. https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-Email
 */
export const subaccountEmail = Operation.make(SubaccountEmail)

export const SpotAsset = Schema.Struct({
  coin: Schema.String,
  available: Decimal.Decimal,
  /** Held by open orders. */
  frozen: Decimal.Decimal,
  /** Locked for other reasons (e.g. fiat merchants). */
  locked: Decimal.Decimal,
  uTime: Absent.optional(Timestamp)
})
export interface SpotAsset extends Schema.Schema.Type<typeof SpotAsset> {}

export const SubaccountSpotAssetsRequest = Schema.Struct({
  subUid: Uid,
  coin: Schema.optional(Schema.String),
  /** `hold_only` (default): coins with a balance; `all`: every coin. `coin` wins over it. */
  assetType: Schema.optional(Spelling.literal("hold_only", "all"))
})
export interface SubaccountSpotAssetsRequest extends Schema.Schema.Type<typeof SubaccountSpotAssetsRequest> {}

export const SubaccountSpotAssets = Endpoint.get("/api/v2/broker/account/subaccount-spot-assets", {
  name: "broker.brokerSubaccount.subaccountSpotAssets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountSpotAssetsRequest>()(SubaccountSpotAssetsRequest),
  data: Schema.Struct({ assetsList: Schema.Array(Named.as<SpotAsset>()(SpotAsset)) })
})

/**
 * `GET /api/v2/broker/account/subaccount-spot-assets`: a sub-account's spot balances: one
 * coin, the coins it holds (default) or all. 10/s per UID.
 * https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-Spot-Assets
 */
export const subaccountSpotAssets = Operation.make(SubaccountSpotAssets)

export const FutureAsset = Schema.Struct({
  marginCoin: Schema.String,
  available: Decimal.Decimal,
  frozen: Absent.optional(Decimal.Decimal),
  locked: Decimal.Decimal,
  crossedMaxAvailable: Absent.optional(Decimal.Decimal),
  isolatedMaxAvailable: Absent.optional(Decimal.Decimal),
  maxTransferOut: Absent.optional(Decimal.Decimal),
  accountEquity: Decimal.Decimal,
  usdtEquity: Absent.optional(Decimal.Decimal),
  btcEquity: Absent.optional(Decimal.Decimal),
  uTime: Absent.optional(Timestamp)
})
export interface FutureAsset extends Schema.Schema.Type<typeof FutureAsset> {}

export const SubaccountFutureAssetsRequest = Schema.Struct({ subUid: Uid, productType: ProductType })
export interface SubaccountFutureAssetsRequest extends Schema.Schema.Type<typeof SubaccountFutureAssetsRequest> {}

export const SubaccountFutureAssets = Endpoint.get("/api/v2/broker/account/subaccount-future-assets", {
  name: "broker.brokerSubaccount.subaccountFutureAssets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountFutureAssetsRequest>()(SubaccountFutureAssetsRequest),
  data: Schema.Struct({ assetsList: Schema.Array(Named.as<FutureAsset>()(FutureAsset)) })
})

/**
 * `GET /api/v2/broker/account/subaccount-future-assets`: a sub-account's futures accounts of a
 * product type, one per margin coin. 10/s per UID.
 * https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-Future-Assets
 */
export const subaccountFutureAssets = Operation.make(SubaccountFutureAssets)

export const SubaccountDepositAddress = Schema.Struct({
  subUid: Schema.String,
  coin: Schema.String,
  address: Schema.String,
  chain: Schema.String,
  /** Memo (EOS) or comment (TON); absent when the chain has none. */
  tag: Absent.optional(Schema.String),
  /** The chain explorer's address. */
  url: Absent.optional(Schema.String),
  cTime: Absent.optional(Timestamp)
})
export interface SubaccountDepositAddress extends Schema.Schema.Type<typeof SubaccountDepositAddress> {}

export const SubaccountAddressRequest = Schema.Struct({
  subUid: Uid,
  coin: Limit.NonEmpty,
  /** Default: the coin's main chain. */
  chain: Schema.optional(Schema.String)
})
export interface SubaccountAddressRequest extends Schema.Schema.Type<typeof SubaccountAddressRequest> {}

export const SubaccountAddress = Endpoint.post("/api/v2/broker/account/subaccount-address", {
  name: "broker.brokerSubaccount.subaccountAddress",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountAddressRequest>()(SubaccountAddressRequest),
  data: Named.as<SubaccountDepositAddress>()(SubaccountDepositAddress)
})

/**
 * `POST /api/v2/broker/account/subaccount-address`: creates (or returns) a sub-account's
 * deposit address for a coin and chain (default: the coin's main chain). 10/s per UID.
 * https://www.bitget.com/api-doc/broker/subaccount/Create-Subaccount-Deposit-Address
 */
export const subaccountAddress = Operation.make(SubaccountAddress)

export const SubaccountWithdrawalRequest = Schema.Struct({
  subUid: Uid,
  coin: Limit.NonEmpty,
  /** `on_chain`, or `internal_transfer` to another Bitget account. */
  dest: Spelling.literal("on_chain", "internal_transfer"),
  /** Default: the coin's main chain. */
  chain: Schema.optional(Schema.String),
  /** What `address` is for an internal transfer: `uid` (default), `email` or `mobile`. */
  toType: Schema.optional(Spelling.literal("uid", "email", "mobile")),
  /** The chain address, or the uid / email / mobile of an internal transfer. */
  address: Limit.NonEmpty,
  /** Needed when `toType` is `mobile`. */
  areaCode: Schema.optional(Schema.String),
  amount: Decimal.PositiveDecimalInput,
  /** Memo (EOS) or comment (TON). */
  tag: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(
  // "areaCode: Mandatory when innerToType=='mobile'" (the page). The filter sees the value as
  // given, in any letter case, before the documented spelling replaces it.
  Schema.filter((request) =>
    request.toType?.toLowerCase() !== "mobile" || (request.areaCode ?? "") !== "" ||
    "areaCode: is required when toType is mobile"
  )
)
export interface SubaccountWithdrawalRequest extends Schema.Schema.Type<typeof SubaccountWithdrawalRequest> {}

export const SubaccountWithdrawal = Endpoint.post("/api/v2/broker/account/subaccount-withdrawal", {
  name: "broker.brokerSubaccount.subaccountWithdrawal",
  signed: true,
  // 10 → 1 per second in the 2024-08-15 changelog (rate-limits.tsv).
  rateLimit: RateLimit.uid(1),
  request: Named.as<SubaccountWithdrawalRequest>()(SubaccountWithdrawalRequest),
  data: Schema.Struct({ orderId: Schema.String, clientOid: Absent.optional(Schema.String) })
})

/**
 * `POST /api/v2/broker/account/subaccount-withdrawal`: withdraws from a sub-account's spot
 * balance, on chain or internally (to a uid, email or mobile; `areaCode` with a mobile, checked
 * locally; enums in any letter case). Never sent twice by the client: a lost answer fails with
 * `TransportError`. The exchange refuses a second use of a `clientOid` (43118), so a withdrawal
 * sent again by hand under the same `clientOid` cannot pay twice. 1/s per UID. https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Withdraw
 */
export const subaccountWithdrawal = Operation.make(SubaccountWithdrawal)

/** Where a sub-account's deposits go: `spot` (default) or a futures account. */
export const AutoTransferAccount = Spelling.literal("spot", "usdt-futures", "coin-futures", "usdc-futures")
export type AutoTransferAccount = typeof AutoTransferAccount.Type

export const SetSubaccountAutotransferRequest = Schema.Struct({
  subUid: Uid,
  coin: Limit.NonEmpty,
  toAccountType: AutoTransferAccount
})
export interface SetSubaccountAutotransferRequest extends Schema.Schema.Type<typeof SetSubaccountAutotransferRequest> {}

export const SetSubaccountAutotransfer = Endpoint.post("/api/v2/broker/account/set-subaccount-autotransfer", {
  name: "broker.brokerSubaccount.setSubaccountAutotransfer",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SetSubaccountAutotransferRequest>()(SetSubaccountAutotransferRequest),
  data: Result
})

/**
 * `POST /api/v2/broker/account/set-subaccount-autotransfer`: deposits of `coin` to the
 * sub-account are moved on arrival to `toAccountType` (`spot`, `usdt-futures`, `coin-futures`,
 * `usdc-futures`); `data` is `"success"`. 10/s per UID.
 * https://www.bitget.com/api-doc/broker/subaccount/Subaccount-Deposit-Auto-Transfer
 */
export const setSubaccountAutotransfer = Operation.make(SetSubaccountAutotransfer)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Info,
  CreateSubaccount,
  SubaccountList,
  ModifySubaccount,
  ModifySubaccountEmail,
  SubaccountEmail,
  SubaccountSpotAssets,
  SubaccountFutureAssets,
  SubaccountAddress,
  SubaccountWithdrawal,
  SetSubaccountAutotransfer
]

/**
 * ND brokers on V3 (`/api/v3/broker/*`): a broker's sub-accounts (create, list, modify, freeze),
 * their API keys, deposit addresses and withdrawals, all sub-accounts' deposits and withdrawals,
 * and the broker's commissions. Only a main account of the ND Broker type may call these.
 * Parameters from the agent-sdk catalog (Bitget's OpenAPI file); answers as bitget-api 3.2.3
 * types them. V2's `@effect-bitget/broker` names the same things the same way (`subaccountName`,
 * `label`, `permList`, `permType`, `ipList`).
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

/** Every broker endpoint allows 20 requests a second per UID (reference §c). */
const BROKER_RATE = RateLimit.uid(20)
const DAY = 86_400_000

/** `[startTime, endTime]` at most `days` apart, when both are given. */
const span =
  (days: number) =>
  (request: { readonly startTime?: DateTime.Utc | undefined; readonly endTime?: DateTime.Utc | undefined }) =>
    request.startTime === undefined || request.endTime === undefined ||
    DateTime.toEpochMillis(request.endTime) - DateTime.toEpochMillis(request.startTime) <= days * DAY ||
    `endTime: at most ${days} days after startTime`

export const Status = Lazy.schema(() => OpenEnum("normal", "freeze"))

export const SubAccount = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.String,
    subaccountName: Schema.String,
    subaccountEmail: Absent.optional(Schema.String),
    status: Status,
    permList: Schema.Array(Schema.String),
    label: Absent.optional(Schema.String),
    language: Absent.optional(Schema.String),
    cTime: Timestamp,
    uTime: Absent.optional(Timestamp)
  })
)
export interface SubAccount extends Schema.Schema.Type<typeof SubAccount> {}

/** The request of `createSub`. */
export const CreateSubRequest = Lazy.schema(() =>
  Schema.Struct({
    subaccountName: Limit.NonEmpty,
    /** At most 50 characters (agent-sdk catalog). */
    label: Schema.String.pipe(Schema.filter((l) => l.length <= 50 || `label: at most 50 characters, got ${l.length}`))
  })
)
export interface CreateSubRequest extends Schema.Schema.Type<typeof CreateSubRequest> {}

export const CreateSub = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/create-sub", {
    name: "unified.broker.createSub",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<CreateSubRequest>()(CreateSubRequest),
    data: Named.as<SubAccount>()(SubAccount)
  })
)

/** `POST /api/v3/broker/create-sub`: a new broker sub-account (`label` at most 50 characters). 20/s per UID. */
export const createSub = Operation.make(CreateSub)

/** The request of `subList`. */
export const SubListRequest = Lazy.schema(() =>
  Schema.Struct({
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100))),
    /** The last `subUid` of the previous answer. */
    cursor: Schema.optional(Schema.String),
    status: Schema.optional(Spelling.literal("normal", "freeze"))
  })
)
export interface SubListRequest extends Schema.Schema.Type<typeof SubListRequest> {}

/** The broker's sub-accounts. */
export const SubAccountList = Lazy.schema(() =>
  Schema.Struct({ subList: Schema.Array(Named.as<SubAccount>()(SubAccount)) })
)
export interface SubAccountList extends Schema.Schema.Type<typeof SubAccountList> {}

export const SubList = Lazy.value(() =>
  Endpoint.get("/api/v3/broker/sub-list", {
    name: "unified.broker.subList",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<SubListRequest>()(SubListRequest),
    data: Named.as<SubAccountList>()(SubAccountList)
  })
)

/**
 * `GET /api/v3/broker/sub-list`: the broker's sub-accounts, at most 100 an answer (default 10); the
 * next ones follow the last `subUid`, sent as `cursor`. 20/s per UID.
 */
export const subList = Operation.make(SubList)

/** The request of `modifySub`. */
export const ModifySubRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    status: Schema.optional(Spelling.literal("normal", "freeze")),
    permList: Schema.optional(
      Schema.Array(Spelling.literal("spot_trade", "contract_trade", "margin_trade", "deposit"))
    )
  })
)
export interface ModifySubRequest extends Schema.Schema.Type<typeof ModifySubRequest> {}

export const ModifySub = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/modify-sub", {
    name: "unified.broker.modifySub",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<ModifySubRequest>()(ModifySubRequest),
    data: Named.as<SubAccount>()(SubAccount)
  })
)

/** `POST /api/v3/broker/modify-sub`: freezes or unfreezes a sub-account, or sets its permissions. 20/s per UID. */
export const modifySub = Operation.make(ModifySub)

export const PermList = Lazy.schema(() => Schema.Array(Spelling.literal("uta_trade", "uta_mgt", "withdraw")))

/** IP allow-list: at most 30 (agent-sdk catalog). */
export const IpList = Lazy.schema(() =>
  Schema.Array(Schema.String).pipe(
    Schema.filter((ips) => ips.length <= 30 || `ipList: at most 30 addresses, got ${ips.length}`)
  )
)

/** A sub-account key's access (agent-sdk catalog). */
const PermType = Lazy.schema(() => Spelling.literal("read_and_write", "readonly"))

/** `withdraw` needs a `read_and_write` key (agent-sdk catalog). */
const withdrawNeedsWrite = (
  request: {
    readonly permType?: typeof PermType.Type | undefined
    readonly permList?: typeof PermList.Type | undefined
  }
) =>
  !Spelling.is(request.permType, "readonly") ||
  // Stryker disable next-line ArrayDeclaration: the fallback is only asked for a "withdraw"; a list without one answers as [] does
  !(request.permList ?? []).some((perm) => Spelling.is(perm, "withdraw")) ||
  "permList: withdraw needs permType read_and_write"

export const ApiKey = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.String,
    label: Absent.optional(Schema.String),
    apiKey: Schema.String,
    /** Shown when the key is created or queried. */
    secretKey: Absent.optional(Schema.String),
    permType: OpenEnum("read_write", "read_only", "read_and_write", "readonly"),
    permList: Schema.Array(Schema.String),
    ipList: Absent.optional(Schema.Array(Schema.String))
  })
)
export interface ApiKey extends Schema.Schema.Type<typeof ApiKey> {}

/** The request of `createSubApikey`. */
export const CreateSubApikeyRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    passphrase: Limit.NonEmpty,
    label: Limit.NonEmpty,
    ipList: IpList,
    permType: PermType,
    permList: PermList
  }).pipe(Schema.filter(withdrawNeedsWrite))
)
export interface CreateSubApikeyRequest extends Schema.Schema.Type<typeof CreateSubApikeyRequest> {}

export const CreateSubApikey = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/create-sub-apikey", {
    name: "unified.broker.createSubApikey",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<CreateSubApikeyRequest>()(CreateSubApikeyRequest),
    data: Named.as<ApiKey>()(ApiKey)
  })
)

/**
 * `POST /api/v3/broker/create-sub-apikey`: an API key for a sub-account with `uta_trade`,
 * `uta_mgt` and/or `withdraw` (which needs `read_and_write`) and at most 30 allowed IPs, checked
 * locally. 20/s per UID.
 */
export const createSubApikey = Operation.make(CreateSubApikey)

/** The request of `modifySubApikey`. */
export const ModifySubApikeyRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    passphrase: Limit.NonEmpty,
    apiKey: Limit.NonEmpty,
    label: Schema.optional(Schema.String),
    ipList: Schema.optional(IpList),
    permType: Schema.optional(PermType),
    permList: Schema.optional(PermList)
  }).pipe(Schema.filter(withdrawNeedsWrite))
)
export interface ModifySubApikeyRequest extends Schema.Schema.Type<typeof ModifySubApikeyRequest> {}

export const ModifySubApikey = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/modify-sub-apikey", {
    name: "unified.broker.modifySubApikey",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<ModifySubApikeyRequest>()(ModifySubApikeyRequest),
    data: Named.as<ApiKey>()(ApiKey)
  })
)

/** `POST /api/v3/broker/modify-sub-apikey`: changes a sub-account key's label, IPs or permissions. 20/s per UID. */
export const modifySubApikey = Operation.make(ModifySubApikey)

export const DeleteSubApikey = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/delete-sub-apikey", {
    name: "unified.broker.deleteSubApikey",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Schema.Struct({ subUid: Limit.NonEmpty, apiKey: Limit.NonEmpty }),
    data: Schema.Unknown
  })
)

/** `POST /api/v3/broker/delete-sub-apikey`: deletes a sub-account's key (no answer data). 20/s per UID. */
export const deleteSubApikey = Operation.make(DeleteSubApikey)

export const QuerySubApikey = Lazy.value(() =>
  Endpoint.get("/api/v3/broker/query-sub-apikey", {
    name: "unified.broker.querySubApikey",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Schema.Struct({ subUid: Limit.NonEmpty }),
    data: Named.as<ApiKey>()(ApiKey)
  })
)

/** `GET /api/v3/broker/query-sub-apikey`: a sub-account's API key. 20/s per UID. */
export const querySubApikey = Operation.make(QuerySubApikey)

/** The request of `subDepositAddress`. */
export const SubDepositAddressRequest = Lazy.schema(() =>
  Schema.Struct({ subUid: Limit.NonEmpty, coin: Limit.NonEmpty, chain: Schema.optional(Schema.String) })
)
export interface SubDepositAddressRequest extends Schema.Schema.Type<typeof SubDepositAddressRequest> {}

/** A sub-account's deposit address. */
export const SubDepositAddressInfo = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.String,
    coin: Schema.String,
    address: Schema.String,
    chain: Schema.String,
    tag: Absent.optional(Schema.String),
    url: Absent.optional(Schema.String),
    cTime: Absent.optional(Timestamp)
  })
)
export interface SubDepositAddressInfo extends Schema.Schema.Type<typeof SubDepositAddressInfo> {}

export const SubDepositAddress = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/sub-deposit-address", {
    name: "unified.broker.subDepositAddress",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<SubDepositAddressRequest>()(SubDepositAddressRequest),
    data: Named.as<SubDepositAddressInfo>()(SubDepositAddressInfo)
  })
)

/**
 * `POST /api/v3/broker/sub-deposit-address`: a sub-account's deposit address (a `POST` that reads;
 * the coin's main chain when `chain` is left out). 20/s per UID.
 */
export const subDepositAddress = Operation.make(SubDepositAddress)

/** The request of `subWithdrawal`. */
export const SubWithdrawalRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    coin: Limit.NonEmpty,
    dest: Spelling.literal("on_chain", "internal_transfer"),
    chain: Schema.optional(Schema.String),
    /** A chain address, or for an internal transfer the recipient's uid. */
    address: Limit.NonEmpty,
    amount: Decimal.PositiveDecimalInput,
    tag: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  })
)
export interface SubWithdrawalRequest extends Schema.Schema.Type<typeof SubWithdrawalRequest> {}

/** A sub-account withdrawal's order id. */
export const SubWithdrawalResult = Lazy.schema(() =>
  Schema.Struct({ orderId: Schema.String, clientOid: Absent.optional(Schema.String) })
)
export interface SubWithdrawalResult extends Schema.Schema.Type<typeof SubWithdrawalResult> {}

export const SubWithdrawal = Lazy.value(() =>
  Endpoint.post("/api/v3/broker/sub-withdrawal", {
    name: "unified.broker.subWithdrawal",
    signed: true,
    rateLimit: BROKER_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<SubWithdrawalRequest>()(SubWithdrawalRequest),
    data: Named.as<SubWithdrawalResult>()(SubWithdrawalResult)
  })
)

/**
 * `POST /api/v3/broker/sub-withdrawal`: withdraws from a sub-account on chain or to a uid (a few
 * coins only, Bitget's list). 20/s per UID.
 */
export const subWithdrawal = Operation.make(SubWithdrawal)

export const DepositWithdrawal = Lazy.schema(() =>
  Schema.Struct({
    uid: Schema.String,
    txId: Absent.optional(Schema.String),
    type: OpenEnum("deposit", "withdrawal"),
    subType: Absent.optional(OpenEnum("onchain", "internal", "fast")),
    coin: Schema.String,
    amount: Decimal.Decimal,
    status: OpenEnum("pending", "fail", "success"),
    ts: Timestamp
  })
)
export interface DepositWithdrawal extends Schema.Schema.Type<typeof DepositWithdrawal> {}

/** The request of `allSubDepositWithdrawal`. */
export const AllSubDepositWithdrawalRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100))),
    /** The last answer's `endId`. */
    cursor: Schema.optional(Schema.String),
    status: Schema.optional(Spelling.literal("pending", "fail", "success"))
  }).pipe(Schema.filter(span(7)))
)
export interface AllSubDepositWithdrawalRequest extends Schema.Schema.Type<typeof AllSubDepositWithdrawalRequest> {}

/** A page of the sub-accounts' deposits and withdrawals. */
export const DepositWithdrawalPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<DepositWithdrawal>()(DepositWithdrawal)),
    endId: Absent.optional(Schema.String)
  })
)
export interface DepositWithdrawalPage extends Schema.Schema.Type<typeof DepositWithdrawalPage> {}

export const AllSubDepositWithdrawal = Lazy.value(() =>
  Endpoint.get("/api/v3/broker/all-sub-deposit-withdrawal", {
    name: "unified.broker.allSubDepositWithdrawal",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<AllSubDepositWithdrawalRequest>()(AllSubDepositWithdrawalRequest),
    data: Named.as<DepositWithdrawalPage>()(DepositWithdrawalPage)
  })
)

/**
 * `GET /api/v3/broker/all-sub-deposit-withdrawal`: every sub-account's deposits and withdrawals,
 * at most 7 days a call (checked locally; yesterday when no times are given), at most 100 an answer;
 * the next ones follow `endId`, sent as `cursor`. 20/s per UID.
 */
export const allSubDepositWithdrawal = Operation.make(AllSubDepositWithdrawal)

export const Commission = Lazy.schema(() =>
  Schema.Struct({
    uid: Schema.String,
    coin: Schema.String,
    symbol: Absent.optional(Schema.String),
    dealtAmount: Absent.optional(Decimal.Decimal),
    totalFee: Absent.optional(Decimal.Decimal),
    deductedFee: Absent.optional(Decimal.Decimal),
    paidFee: Absent.optional(Decimal.Decimal),
    markUpFee: Absent.optional(Decimal.Decimal),
    totalCommission: Absent.optional(Decimal.Decimal)
  })
)
export interface Commission extends Schema.Schema.Type<typeof Commission> {}

/** A commission's business: `spot` or `futures` (agent-sdk catalog). */
const BizType = Lazy.schema(() => Spelling.literal("spot", "futures"))

/** `subBizType` belongs to its `bizType`: spot ones to `spot`, futures ones to `futures` (agent-sdk catalog). */
const subOfBiz = (
  request: { readonly bizType?: typeof BizType.Type | undefined; readonly subBizType?: string | undefined }
) =>
  request.subBizType === undefined || request.bizType === undefined ||
  Spelling.is(request.bizType, "spot") === request.subBizType.toLowerCase().startsWith("spot_") ||
  `subBizType: ${request.subBizType} is not a ${request.bizType} type`

/** The request of `commission`. */
export const CommissionRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    /** At most 1000 (default 100). */
    pageSize: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(1000))),
    pageNo: Schema.optional(Limit.PageNumber),
    bizType: Schema.optional(BizType),
    subBizType: Schema.optional(
      Spelling.literal("spot_trade", "spot_margin", "usdt_futures", "usdc_futures", "coin_futures")
    )
  }).pipe(Schema.filter(span(30)), Schema.filter(subOfBiz))
)
export interface CommissionRequest extends Schema.Schema.Type<typeof CommissionRequest> {}

export const CommissionOf = Lazy.value(() =>
  Endpoint.get("/api/v3/broker/commission", {
    name: "unified.broker.commission",
    signed: true,
    rateLimit: BROKER_RATE,
    request: Named.as<CommissionRequest>()(CommissionRequest),
    data: Schema.Array(Named.as<Commission>()(Commission))
  })
)

/**
 * `GET /api/v3/broker/commission`: the broker's commissions per sub-account and symbol, at most 30
 * days a call (yesterday when no times are given), by page number (`pageNo`, at most 1000 a page),
 * by `bizType` and its own `subBizType`, all checked locally. 20/s per UID.
 */
export const commission = Operation.make(CommissionOf)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CreateSub,
  SubList,
  ModifySub,
  CreateSubApikey,
  ModifySubApikey,
  DeleteSubApikey,
  QuerySubApikey,
  SubDepositAddress,
  SubWithdrawal,
  AllSubDepositWithdrawal,
  CommissionOf
]

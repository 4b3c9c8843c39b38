/**
 * Sub-accounts of a unified main account: create (virtual or Agent ones), freeze and unfreeze,
 * list them and their unified balances, and share the main account's rate-limit quota among them
 * (market makers and institutions). Only the main account's key may call these; a sub-account's
 * own key is refused (40068). Their API keys are `SubAccountApiKey`; moving funds to and from
 * them is `Transfer.subTransfer` / `Transfer.subMasterTransfer`.
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
import { ApiKeyWithSecret, Passphrase } from "./SubAccountApiKey.js"

/**
 * The name a virtual sub-account's email is made from: lower-case letters only, at most 20
 * (Bitget's Create-Sub-account page; agent-sdk catalog `createSubAccount`).
 */
export const Username = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.filter((name) => /^[a-z]{1,20}$/.test(name) || "username: 1 to 20 lower-case letters")
  )
)

/** A note on a sub-account: at most 50 characters (same page). */
export const Note = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.filter((note) => note.length <= 50 || `note: at most 50 characters, got ${note.length}`)
  )
)

export const SubAccountStatus = Lazy.schema(() => OpenEnum("normal", "freeze"))

/** A new sub-account, as creating it answers. */
export const CreatedSubAccount = Lazy.schema(() =>
  Schema.Struct({
    username: Schema.String,
    subUid: Schema.String,
    status: SubAccountStatus,
    note: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface CreatedSubAccount extends Schema.Schema.Type<typeof CreatedSubAccount> {}

/** The request of `createSub`. */
export const CreateSubRequest = Lazy.schema(() =>
  Schema.Struct({
    username: Username,
    /** `unified` (a unified sub-account) or `classic`. */
    accountMode: Schema.optional(Spelling.literal("classic", "unified")),
    note: Schema.optional(Note)
  })
)
export interface CreateSubRequest extends Schema.Schema.Type<typeof CreateSubRequest> {}

export const CreateSub = Lazy.value(() =>
  Endpoint.post("/api/v3/user/create-sub", {
    name: "unified.subAccount.createSub",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<CreateSubRequest>()(CreateSubRequest),
    data: Named.as<CreatedSubAccount>()(CreatedSubAccount)
  })
)

/**
 * `POST /api/v3/user/create-sub`: a virtual sub-account of the main account, `unified` or
 * `classic` (`accountMode`); `username` is 1–20 lower-case letters and `note` at most 50
 * characters, checked locally. It starts empty; `Transfer.subTransfer` funds it. A unified
 * sub-account cannot go back to Classic. 10/s per UID.
 */
export const createSub = Operation.make(CreateSub)

/** The request of `createAgentSub`. */
export const CreateAgentSubRequest = Lazy.schema(() =>
  Schema.Struct({
    username: Username,
    /** The new key's passphrase: 8–32 letters and digits (go-bitget `CreateAgentSubAccountService`). */
    passphrase: Passphrase,
    note: Schema.optional(Note)
  })
)
export interface CreateAgentSubRequest extends Schema.Schema.Type<typeof CreateAgentSubRequest> {}

/** A new agent sub-account and its API key. */
export const AgentSub = Lazy.schema(() =>
  Schema.Struct({
    username: Schema.String,
    subUid: Schema.String,
    apiKey: ApiKeyWithSecret.fields.apiKey,
    secret: ApiKeyWithSecret.fields.secret,
    note: Absent.optional(Schema.String),
    createdTime: Timestamp
  })
)
export interface AgentSub extends Schema.Schema.Type<typeof AgentSub> {}

export const CreateAgentSub = Lazy.value(() =>
  Endpoint.post("/api/v3/user/sub-account/agent-create", {
    name: "unified.subAccount.createAgentSub",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<CreateAgentSubRequest>()(CreateAgentSubRequest),
    data: Named.as<AgentSub>()(AgentSub)
  })
)

/**
 * `POST /api/v3/user/sub-account/agent-create`: an Agent sub-account (unified, virtual) and its
 * API key in one call; the `secret` is shown only in this answer. `username`
 * 1–20 lower-case letters, `passphrase` 8–32 letters and digits, checked locally. 1/s per UID.
 */
export const createAgentSub = Operation.make(CreateAgentSub)

export const FreezeSub = Lazy.value(() =>
  Endpoint.post("/api/v3/user/freeze-sub", {
    name: "unified.subAccount.freezeSub",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({
      subUid: Limit.NonEmpty,
      operation: Spelling.literal("freeze", "unfreeze")
    }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/user/freeze-sub`: freezes a sub-account (its keys are refused every call, 40024,
 * and it cannot send or receive transfers) or unfreezes it. 10/s per UID.
 */
export const freezeSub = Operation.make(FreezeSub)

export const SubAccountInfo = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.String,
    username: Absent.optional(Schema.String),
    status: SubAccountStatus,
    /** `CLASSIC` or `UNIFIED` (upper case in answers). */
    accountMode: Absent.optional(OpenEnum("CLASSIC", "UNIFIED")),
    type: Absent.optional(OpenEnum("normal", "virtual", "custodian", "agent", "other")),
    note: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface SubAccountInfo extends Schema.Schema.Type<typeof SubAccountInfo> {}

/** The request of `subList`. */
export const SubListRequest = Lazy.schema(() =>
  Schema.Struct({
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface SubListRequest extends Schema.Schema.Type<typeof SubListRequest> {}

/** A page of sub-accounts. */
export const SubAccountPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<SubAccountInfo>()(SubAccountInfo)),
    hasNext: Schema.optional(Schema.Boolean),
    cursor: Absent.optional(Schema.String)
  })
)
export interface SubAccountPage extends Schema.Schema.Type<typeof SubAccountPage> {}

export const SubList = Lazy.value(() =>
  Endpoint.list("/api/v3/user/sub-list", {
    name: "unified.subAccount.subList",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SubListRequest>()(SubListRequest),
    data: Named.as<SubAccountPage>()(SubAccountPage),
    pagination: {
      list: "list",
      cursor: Pagination.dataField("cursor", "subUid", "cursor"),
      limit: {
        param: "limit",
        max: 100,
        source: "https://www.bitget.com/api-doc/uta/account/sub-account/Get-SubAccount-List"
      }
    }
  })
)

/**
 * `GET /api/v3/user/sub-list`: the main account's sub-accounts with their status (`normal`,
 * `freeze`), mode and type, at most 100 a page, paged by the page's `cursor`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`).
 */
export const subList = Operation.make(SubList)

export const SubAsset = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    equity: Decimal.Decimal,
    usdValue: Absent.optional(Decimal.Decimal),
    balance: Decimal.Decimal,
    available: Decimal.Decimal,
    debt: Absent.optional(Decimal.Decimal),
    locked: Absent.optional(Decimal.Decimal)
  })
)
export interface SubAsset extends Schema.Schema.Type<typeof SubAsset> {}

export const SubUnifiedAssets = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.String,
    /** This row's place: sent back as `cursor`, the next page starts after it. */
    cursor: Schema.String,
    assets: Schema.Array(SubAsset)
  })
)
export interface SubUnifiedAssets extends Schema.Schema.Type<typeof SubUnifiedAssets> {}

/** The request of `subUnifiedAssets`. */
export const SubUnifiedAssetsRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Schema.optional(Limit.NonEmpty),
    cursor: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface SubUnifiedAssetsRequest extends Schema.Schema.Type<typeof SubUnifiedAssetsRequest> {}

export const SubUnifiedAssetsOf = Lazy.value(() =>
  Endpoint.list("/api/v3/account/sub-unified-assets", {
    name: "unified.subAccount.subUnifiedAssets",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<SubUnifiedAssetsRequest>()(SubUnifiedAssetsRequest),
    data: Schema.Array(Named.as<SubUnifiedAssets>()(SubUnifiedAssets)),
    pagination: {
      // Each row carries its own cursor (Bitget's Get-SubAccount-Unified-Assets page).
      cursor: Pagination.lastRow("cursor", "cursor"),
      limit: {
        param: "limit",
        max: 50,
        default: 10,
        source: "https://www.bitget.com/api-doc/uta/account/sub-account/Get-SubAccount-Unified-Assets"
      }
    }
  })
)

/**
 * `GET /api/v3/account/sub-unified-assets`: the unified balances of one sub-account (`subUid`) or
 * of every one, a row per sub-account with its coins; at most 50 a page (default 10), each row's
 * `cursor` leading to the next. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `cursor`; at most 50 a page (`limit`, 10 when omitted).
 */
export const subUnifiedAssets = Operation.make(SubUnifiedAssetsOf)

/** The product line a rate-limit quota is for: lower case on this endpoint (go-bitget, reference §b.6). */
export const QuotaCategory = Lazy.schema(() => Spelling.literal("spot", "futures"))

export const RateLimitQuota = Lazy.schema(() =>
  Schema.Struct({
    category: OpenEnum("spot", "futures"),
    quotaList: Schema.Array(Schema.Struct({ uid: Schema.String, quota: Schema.String })),
    /** The quota given to sub-accounts in all, and the most that may be. */
    masterSubQuota: Absent.optional(Schema.String),
    masterSubCap: Absent.optional(Schema.String),
    cursor: Absent.optional(Schema.String)
  })
)
export interface RateLimitQuota extends Schema.Schema.Type<typeof RateLimitQuota> {}

/** The request of `rateLimitQuota`. */
export const RateLimitQuotaRequest = Lazy.schema(() =>
  Schema.Struct({
    category: QuotaCategory,
    uid: Schema.optional(Limit.NonEmpty),
    /** The answer's `cursor`, for the next sub-accounts (go-bitget: at most 100 a page, the default). */
    cursor: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100)))
  })
)
export interface RateLimitQuotaRequest extends Schema.Schema.Type<typeof RateLimitQuotaRequest> {}

export const RateLimitQuotaOf = Lazy.value(() =>
  Endpoint.get("/api/v3/user/rate-limit-quota", {
    name: "unified.subAccount.rateLimitQuota",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<RateLimitQuotaRequest>()(RateLimitQuotaRequest),
    data: Named.as<RateLimitQuota>()(RateLimitQuota)
  })
)

/**
 * `GET /api/v3/user/rate-limit-quota`: how much of a product line's rate limit (`spot` or
 * `futures`) each sub-account has (one with `uid`), what they hold in all and the cap. Market
 * makers and PRO institutions only. 10/s per UID.
 */
export const rateLimitQuota = Operation.make(RateLimitQuotaOf)

export const SetRateLimitQuota = Lazy.value(() =>
  Endpoint.post("/api/v3/user/set-rate-limit-quota", {
    name: "unified.subAccount.setRateLimitQuota",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Schema.Struct({
      category: QuotaCategory,
      /** 1 to 50 sub-accounts (go-bitget `SetRateLimitQuotaService`: "up to 50 UIDs per request"). */
      uids: Schema.Array(Limit.NonEmpty).pipe(
        Schema.filter((uids) =>
          (uids.length >= 1 && uids.length <= 50) || `uids: 1 to 50 sub-accounts, got ${uids.length}`
        )
      ),
      /** Requests per second for each of them. */
      quota: Schema.NumberFromString.pipe(Schema.int(), Schema.nonNegative())
    }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/user/set-rate-limit-quota`: gives each of `uids` (1 to 50, checked locally) a
 * quota of a product line's rate limit; one account's quota may not pass the single-account cap,
 * nor the sum the main account's cap. Market makers and PRO institutions only. 5/s per UID.
 */
export const setRateLimitQuota = Operation.make(SetRateLimitQuota)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CreateSub,
  CreateAgentSub,
  FreezeSub,
  SubList,
  SubUnifiedAssetsOf,
  RateLimitQuotaOf,
  SetRateLimitQuota
]

/**
 * API keys of a unified main account's sub-accounts: create one (its secret shown once), change
 * its permissions and IP allow-list, delete it, list a sub-account's keys. A key signs as its
 * sub-account and is held to its permissions: `read_only` keys are refused every write,
 * `uta_trade` trades, `uta_mgt` manages the account (transfers, withdrawals, settings). Only the
 * main account's key may call these.
 */
import * as Absent from "@effect-bitget/core/Absent"
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

/** 8 to 32 letters and digits (Bitget's Create-Sub-account-API-Key page). */
export const Passphrase = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.filter((value) =>
      /^[A-Za-z0-9]{8,32}$/.test(value) || `passphrase: 8 to 32 letters and digits, got ${value.length} characters`
    )
  )
)

/** `read_write` or `read_only`. */
export const KeyType = Lazy.schema(() => Spelling.literal("read_write", "read_only"))
export const KeyTypeOut = Lazy.schema(() => OpenEnum("read_write", "read_only"))

/** `uta_mgt` (account management: transfers, withdrawals, settings) and `uta_trade` (trading). */
export const Permission = Lazy.schema(() => Spelling.literal("uta_mgt", "uta_trade"))
export const PermissionOut = Lazy.schema(() => OpenEnum("uta_mgt", "uta_trade"))

/** IPv4 addresses, at most 30 (same page: "A maximum of 30 IPs can be bound to a single key"). */
export const Ips = Lazy.schema(() =>
  Schema.Array(
    Schema.String.pipe(
      Schema.filter((ip) =>
        /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(ip) ||
        `ips: ${JSON.stringify(ip)} is not an IPv4 address`
      )
    )
  ).pipe(Schema.filter((ips) => ips.length <= 30 || `ips: at most 30 addresses, got ${ips.length}`))
)

/** A key's note: starts with a letter, then letters, digits, `-` and `_` (same page). */
export const KeyNote = Lazy.schema(() =>
  Schema.String.pipe(
    Schema.filter((note) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(note) || "note: a letter, then letters, digits, - and _")
  )
)

/** A key as listed (no secret). */
export const ApiKey = Lazy.schema(() =>
  Schema.Struct({
    apiKey: Schema.String,
    type: KeyTypeOut,
    note: Absent.optional(Schema.String),
    permissions: Schema.Array(PermissionOut),
    ips: Absent.optional(Schema.Array(Schema.String)),
    ts: Absent.optional(Timestamp)
  })
)
export interface ApiKey extends Schema.Schema.Type<typeof ApiKey> {}

/** A key with its secret, as creating answers (the one time the secret is shown). */
export const ApiKeyWithSecret = Lazy.schema(() =>
  Schema.Struct({
    apiKey: Schema.String,
    secret: Schema.String,
    type: KeyTypeOut,
    note: Absent.optional(Schema.String),
    permissions: Schema.Array(PermissionOut),
    ips: Absent.optional(Schema.Array(Schema.String))
  })
)
export interface ApiKeyWithSecret extends Schema.Schema.Type<typeof ApiKeyWithSecret> {}

/** The request of `createSubApi`. */
export const CreateSubApiRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    note: KeyNote,
    type: KeyType,
    passphrase: Passphrase,
    permissions: Schema.Array(Permission).pipe(
      Schema.filter((names) => names.length > 0 || "permissions: at least one of uta_mgt, uta_trade")
    ),
    /** Required on the wire; empty: any address may use the key. */
    ips: Ips
  })
)
export interface CreateSubApiRequest extends Schema.Schema.Type<typeof CreateSubApiRequest> {}

export const CreateSubApi = Lazy.value(() =>
  Endpoint.post("/api/v3/user/create-sub-api", {
    name: "unified.subAccountApiKey.createSubApi",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<CreateSubApiRequest>()(CreateSubApiRequest),
    data: Named.as<ApiKeyWithSecret>()(ApiKeyWithSecret)
  })
)

/**
 * `POST /api/v3/user/create-sub-api`: a new API key for a unified sub-account, `read_write` or
 * `read_only`, with `uta_mgt` and/or `uta_trade` permissions and an IPv4 allow-list (at most 30);
 * the note, passphrase (8–32 letters and digits) and addresses are checked locally. The `secret`
 * is in this answer only. 10/s per UID.
 */
export const createSubApi = Operation.make(CreateSubApi)

/** The request of `updateSubApi`. */
export const UpdateSubApiRequest = Lazy.schema(() =>
  Schema.Struct({
    /**
     * Sent `apiKey`, as Bitget's example body and bitget-api send it (the page's table says
     * `apikey`, go-bitget sends that).
     */
    apiKey: Limit.NonEmpty,
    /** The key's own passphrase. */
    passphrase: Passphrase,
    type: Schema.optional(KeyType),
    permissions: Schema.optional(Schema.Array(Permission)),
    /** Replaces the allow-list; empty removes it. */
    ips: Schema.optional(Ips)
  }).pipe(
    Schema.filter((request) =>
      (request.type === undefined) === (request.permissions === undefined) ||
      "type and permissions: give both or neither"
    )
  )
)
export interface UpdateSubApiRequest extends Schema.Schema.Type<typeof UpdateSubApiRequest> {}

export const UpdateSubApi = Lazy.value(() =>
  Endpoint.post("/api/v3/user/update-sub-api", {
    name: "unified.subAccountApiKey.updateSubApi",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<UpdateSubApiRequest>()(UpdateSubApiRequest),
    data: Named.as<ApiKey>()(ApiKey)
  })
)

/**
 * `POST /api/v3/user/update-sub-api`: changes a sub-account key's type and permissions (both or
 * neither, checked locally) or its IP allow-list; the next call signed with it is held to the new
 * ones. `passphrase` must be the key's own. 10/s per UID.
 */
export const updateSubApi = Operation.make(UpdateSubApi)

export const DeleteSubApi = Lazy.value(() =>
  Endpoint.post("/api/v3/user/delete-sub-api", {
    name: "unified.subAccountApiKey.deleteSubApi",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ apiKey: Limit.NonEmpty }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/user/delete-sub-api`: deletes a sub-account's key at once; later calls signed with
 * it are refused as an unknown key. 10/s per UID.
 */
export const deleteSubApi = Operation.make(DeleteSubApi)

/** The page: bitget-api names its rows `items`, go-bitget `list` (reference §e.13); both decode as `list`. */
export const KeysPage = Lazy.schema(() =>
  Schema.transform(
    Schema.Struct({
      list: Schema.optional(Schema.NullOr(Schema.Array(Named.as<ApiKey>()(ApiKey)))),
      items: Schema.optional(Schema.NullOr(Schema.Array(Named.as<ApiKey>()(ApiKey)))),
      hasNext: Schema.optional(Schema.Boolean),
      cursor: Absent.optional(Schema.String)
    }),
    // Exact optionals: the decoded page never holds an explicit `undefined` (it would not encode back).
    Schema.Struct({
      list: Schema.Array(Named.as<ApiKey>()(ApiKey)),
      hasNext: Schema.optionalWith(Schema.Boolean, { exact: true }),
      cursor: Schema.optionalWith(Schema.String, { exact: true })
    }),
    {
      strict: false,
      decode: (page) => ({
        list: page.list ?? page.items ?? [],
        ...(page.hasNext === undefined ? {} : { hasNext: page.hasNext }),
        ...(page.cursor === undefined ? {} : { cursor: page.cursor })
      }),
      encode: (page) => page
    }
  )
)
export interface KeysPage extends Schema.Schema.Type<typeof KeysPage> {}

/** The request of `subApiList`. */
export const SubApiListRequest = Lazy.schema(() =>
  Schema.Struct({
    subUid: Limit.NonEmpty,
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface SubApiListRequest extends Schema.Schema.Type<typeof SubApiListRequest> {}

export const SubApiList = Lazy.value(() =>
  Endpoint.list("/api/v3/user/sub-api-list", {
    name: "unified.subAccountApiKey.subApiList",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SubApiListRequest>()(SubApiListRequest),
    data: Named.as<KeysPage>()(KeysPage),
    pagination: {
      list: "list",
      cursor: Pagination.dataField("cursor", "apiKey", "cursor"),
      limit: {
        param: "limit",
        max: 100,
        source: "https://www.bitget.com/api-doc/uta/account/sub-account/Get-SubAccount-API-Keys"
      }
    }
  })
)

/**
 * `GET /api/v3/user/sub-api-list`: a sub-account's keys (no secrets) with their type,
 * permissions and allow-list, at most 100 a page, paged by the page's `cursor`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`).
 */
export const subApiList = Operation.make(SubApiList)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [CreateSubApi, UpdateSubApi, DeleteSubApi, SubApiList]

/**
 * API keys of virtual sub-accounts (`/api/v2/user/...`): create one (its secret is shown once),
 * change its permissions, label and IP allow-list, and list a sub-account's keys. A key signs
 * calls as its sub-account, limited to its permissions. Only the main account's key may call
 * these.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { NonEmpty } from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"
import { IpList, Label, Passphrase, Permission, PermissionOut, Uid } from "./Schemas.js"

/** A virtual sub-account's key as the exchange describes it (no secret). */
export const VirtualApiKey = Schema.Struct({
  subAccountUid: Schema.String,
  label: Absent.optional(Schema.String),
  subAccountApiKey: Schema.String,
  permList: Schema.Array(PermissionOut),
  ipList: Absent.optional(Schema.Array(Schema.String))
})
export interface VirtualApiKey extends Schema.Schema.Type<typeof VirtualApiKey> {}

/** A key with its secret, as creating (or modifying) answers. */
export const VirtualApiKeyWithSecret = Schema.Struct({
  ...VirtualApiKey.fields,
  secretKey: Schema.String
})
export interface VirtualApiKeyWithSecret extends Schema.Schema.Type<typeof VirtualApiKeyWithSecret> {}

/**
 * A key's settings, as creating and modifying take them. Modifying replaces the allow-list
 * (left out: emptied, any address) and the permissions (left out: kept; empty: all removed);
 * `passphrase` is then the key's own.
 */
const keyFields = {
  subAccountUid: Uid,
  passphrase: Passphrase,
  label: Label,
  /** Left out: any address may use the key. */
  ipList: Schema.optional(IpList),
  permList: Schema.optional(Schema.Array(Permission))
}

export const CreateVirtualSubaccountApikeyRequest = Schema.Struct(keyFields)
export interface CreateVirtualSubaccountApikeyRequest
  extends Schema.Schema.Type<typeof CreateVirtualSubaccountApikeyRequest>
{}

export const CreateVirtualSubaccountApikey = Endpoint.post("/api/v2/user/create-virtual-subaccount-apikey", {
  name: "broker.virtualSubaccountApiKey.createVirtualSubaccountApikey",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<CreateVirtualSubaccountApikeyRequest>()(CreateVirtualSubaccountApikeyRequest),
  data: Named.as<VirtualApiKeyWithSecret>()(VirtualApiKeyWithSecret)
})

/**
 * `POST /api/v2/user/create-virtual-subaccount-apikey`: a new API key for a virtual
 * sub-account. `passphrase` is 8–32 letters and digits, `label` 1–20 characters, `ipList` at
 * most 30 addresses, `permList` of `read`, `spot_trade`, `contract_trade`, `margin_trade`,
 * `transfer`: all checked locally. Sign with `subAccountApiKey`, `secretKey` (shown only in
 * this answer) and the passphrase to act as the sub-account: a `read` key is refused every
 * write, `spot_trade` cannot trade futures and `contract_trade` cannot trade spot (40014).
 * 5/s per UID. https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount-ApiKey
 */
export const createVirtualSubaccountApikey = Operation.make(CreateVirtualSubaccountApikey)

export const ModifyVirtualSubaccountApikeyRequest = Schema.Struct({
  ...keyFields,
  subAccountApiKey: NonEmpty
})
export interface ModifyVirtualSubaccountApikeyRequest
  extends Schema.Schema.Type<typeof ModifyVirtualSubaccountApikeyRequest>
{}

export const ModifyVirtualSubaccountApikey = Endpoint.post("/api/v2/user/modify-virtual-subaccount-apikey", {
  name: "broker.virtualSubaccountApiKey.modifyVirtualSubaccountApikey",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<ModifyVirtualSubaccountApikeyRequest>()(ModifyVirtualSubaccountApikeyRequest),
  data: Named.as<VirtualApiKeyWithSecret>()(VirtualApiKeyWithSecret)
})

/**
 * `POST /api/v2/user/modify-virtual-subaccount-apikey`: changes a virtual sub-account key's
 * label, IP allow-list and permissions; the next call signed with the key is held to the new
 * permissions. `passphrase` must be the key's own. Same local checks as creating. 5/s per UID.
 * https://www.bitget.com/api-doc/common/vsubaccount/Modify-Virtual-Subaccount-ApiKey
 */
export const modifyVirtualSubaccountApikey = Operation.make(ModifyVirtualSubaccountApikey)

export const VirtualSubaccountApikeyListRequest = Schema.Struct({ subAccountUid: Uid })
export interface VirtualSubaccountApikeyListRequest
  extends Schema.Schema.Type<typeof VirtualSubaccountApikeyListRequest>
{}

export const VirtualSubaccountApikeyList = Endpoint.get("/api/v2/user/virtual-subaccount-apikey-list", {
  name: "broker.virtualSubaccountApiKey.virtualSubaccountApikeyList",
  signed: true,
  // 10 → 5 per second in the 2024-08-15 changelog (rate-limits.tsv).
  rateLimit: RateLimit.uid(5),
  request: Named.as<VirtualSubaccountApikeyListRequest>()(VirtualSubaccountApikeyListRequest),
  data: Schema.Array(Named.as<VirtualApiKey>()(VirtualApiKey))
})

/**
 * `GET /api/v2/user/virtual-subaccount-apikey-list`: a virtual sub-account's keys (never their
 * secrets). 5/s per UID. https://www.bitget.com/api-doc/common/vsubaccount/Get-Virtual-Subaccount-ApiKey-List
 */
export const virtualSubaccountApikeyList = Operation.make(VirtualSubaccountApikeyList)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CreateVirtualSubaccountApikey,
  ModifyVirtualSubaccountApikey,
  VirtualSubaccountApikeyList
]

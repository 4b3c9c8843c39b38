/**
 * API keys of an ND broker's sub-accounts (`/api/v2/broker/manage/...`): create one (its
 * secret is shown once), list a sub-account's keys, and change a key's permissions, type and
 * IP allow-list. Only the broker's main account may call these.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { NonEmpty } from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"
import {
  ApiKeyPermission,
  ApiKeyPermissionOut,
  BrokerPassphrase,
  IpList,
  Label,
  PermType,
  PermTypeOut,
  Result,
  Uid
} from "./Schemas.js"

/** A broker sub-account's key. */
export const BrokerApiKeyRow = Schema.Struct({
  subUid: Schema.String,
  label: Absent.optional(Schema.String),
  apiKey: Schema.String,
  /** The secret when the key is created; masked in the list. */
  secretKey: Absent.optional(Schema.String),
  permType: PermTypeOut,
  permList: Schema.Array(ApiKeyPermissionOut),
  ipList: Absent.optional(Schema.Array(Schema.String))
})
export interface BrokerApiKeyRow extends Schema.Schema.Type<typeof BrokerApiKeyRow> {}

/**
 * `permType` is `readonly`, in whatever letter case it was given (the filters see the value
 * before the documented spelling replaces it).
 */
const isReadonly = (permType: PermType | undefined) => permType?.toLowerCase() === "readonly"

/**
 * Wallet permissions need a key that may write ("wallet_transfer: permType should be
 * 'read_and_write'", https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey).
 */
const walletNeedsWrite = (request: {
  readonly permType?: PermType | undefined
  // Required by both requests (create and modify): no fallback to take.
  readonly permList: ReadonlyArray<ApiKeyPermission>
}) =>
  !isReadonly(request.permType) ||
  !request.permList.some((p) => ["wallet_transfer", "wallet_withdraw"].includes(p.toLowerCase())) ||
  "permList: wallet_transfer and wallet_withdraw need permType read_and_write"

export const CreateSubaccountApikeyRequest = Schema.Struct({
  subUid: Uid,
  passphrase: BrokerPassphrase,
  label: Schema.optional(Label),
  /** Required unless `permType` is `readonly`; at most 30. */
  ipList: Schema.optional(IpList),
  permType: PermType,
  permList: Schema.Array(ApiKeyPermission)
}).pipe(
  // "ipList: … it's optional when permType is readonly" (the page).
  Schema.filter((request) =>
    isReadonly(request.permType) || (request.ipList?.length ?? 0) > 0 ||
    "ipList: is required (at least one address) unless permType is readonly"
  ),
  Schema.filter(walletNeedsWrite)
)
export interface CreateSubaccountApikeyRequest extends Schema.Schema.Type<typeof CreateSubaccountApikeyRequest> {}

export const CreateSubaccountApikey = Endpoint.post("/api/v2/broker/manage/create-subaccount-apikey", {
  name: "broker.brokerApiKey.createSubaccountApikey",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CreateSubaccountApikeyRequest>()(CreateSubaccountApikeyRequest),
  data: Named.as<BrokerApiKeyRow>()(BrokerApiKeyRow)
})

/**
 * `POST /api/v2/broker/manage/create-subaccount-apikey`: a new API key for a broker
 * sub-account. `passphrase` 6–32 characters, `label` 1–20 characters, `ipList` at most 30 and
 * required unless `permType` is `readonly`, `wallet_transfer`/`wallet_withdraw` only with
 * `read_and_write`: all checked locally (enums in any letter case). A `readonly` key is refused
 * every write; a key without `spot_trade` cannot trade spot, without `contract_order` cannot
 * place futures orders (40014). A write: after a lost answer it is not sent again; list the
 * keys to learn whether it was made. 10/s per UID. https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey
 */
export const createSubaccountApikey = Operation.make(CreateSubaccountApikey)

export const SubaccountApikeyListRequest = Schema.Struct({ subUid: Uid })
export interface SubaccountApikeyListRequest extends Schema.Schema.Type<typeof SubaccountApikeyListRequest> {}

export const SubaccountApikeyList = Endpoint.get("/api/v2/broker/manage/subaccount-apikey-list", {
  name: "broker.brokerApiKey.subaccountApikeyList",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubaccountApikeyListRequest>()(SubaccountApikeyListRequest),
  data: Schema.Array(Named.as<BrokerApiKeyRow>()(BrokerApiKeyRow))
})

/**
 * `GET /api/v2/broker/manage/subaccount-apikey-list`: a broker sub-account's keys (secrets
 * masked). 10/s per UID. https://www.bitget.com/api-doc/broker/apikey/subaccount-apikey-list
 */
export const subaccountApikeyList = Operation.make(SubaccountApikeyList)

export const ModifySubaccountApikeyRequest = Schema.Struct({
  subUid: Uid,
  apiKey: NonEmpty,
  /** The key's passphrase. */
  passphrase: BrokerPassphrase,
  label: Schema.optional(Label),
  /** Replaces the allow-list; left out or empty, it stays. */
  ipList: Schema.optional(IpList),
  /** Replaces the type; left out, it stays. */
  permType: Schema.optional(PermType),
  /** Replaces the permissions; empty, they stay. */
  permList: Schema.Array(ApiKeyPermission)
}).pipe(Schema.filter(walletNeedsWrite))
export interface ModifySubaccountApikeyRequest extends Schema.Schema.Type<typeof ModifySubaccountApikeyRequest> {}

export const ModifySubaccountApikey = Endpoint.post("/api/v2/broker/manage/modify-subaccount-apikey", {
  name: "broker.brokerApiKey.modifySubaccountApikey",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<ModifySubaccountApikeyRequest>()(ModifySubaccountApikeyRequest),
  data: Named.as<BrokerApiKeyRow>()(BrokerApiKeyRow)
})

/**
 * `POST /api/v2/broker/manage/modify-subaccount-apikey`: changes a broker sub-account key's
 * label, allow-list, type and permissions; the next call signed with it is held to them.
 * `passphrase` must be the key's own. 10/s per UID.
 * https://www.bitget.com/api-doc/broker/apikey/Modify-Subaccount-ApiKey
 */
export const modifySubaccountApikey = Operation.make(ModifySubaccountApikey)

export const DeleteSubaccountApikeyRequest = Schema.Struct({ subUid: Uid, apiKey: NonEmpty })
export interface DeleteSubaccountApikeyRequest extends Schema.Schema.Type<typeof DeleteSubaccountApikeyRequest> {}

export const DeleteSubaccountApikey = Endpoint.post("/api/v2/broker/manage/delete-subaccount-apikey", {
  name: "broker.brokerApiKey.deleteSubaccountApikey",
  signed: true,
  // No documented limit: the private default, 10/s per UID (rate-limits.tsv has no row).
  rateLimit: RateLimit.uid(10),
  request: Named.as<DeleteSubaccountApikeyRequest>()(DeleteSubaccountApikeyRequest),
  /** `"success"`; the newer (V3) page answers without data. */
  data: Schema.NullOr(Result)
})

/**
 * `POST /api/v2/broker/manage/delete-subaccount-apikey`: deletes a broker sub-account's key;
 * a call signed with it afterwards is refused as an unknown key (40006). Beyond the
 * specification's list (tiagosiebler/bitget-api `deleteSubaccountApiKey`); 10/s per UID assumed.
 */
export const deleteSubaccountApikey = Operation.make(DeleteSubaccountApikey)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CreateSubaccountApikey,
  SubaccountApikeyList,
  ModifySubaccountApikey,
  DeleteSubaccountApikey
]

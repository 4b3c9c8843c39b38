/**
 * Virtual sub-accounts (`/api/v2/user/...`): accounts under the main account, with no email or
 * KYC of their own, for strategies or customers. Create them (alone, or in a batch together
 * with an API key each), freeze or unfreeze them and set what they may do, and list them.
 * Only the main account's key may call these.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { IdNumber } from "@effect-bitget/core/Id"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import {
  IpList,
  Label,
  Passphrase,
  Permission,
  PermissionOut,
  Result,
  Status,
  StatusOut,
  Uid,
  VirtualName
} from "./Schemas.js"

/** The fields of a virtual sub-account as the list answers them. */
const subAccountFields = {
  subAccountUid: Schema.String,
  /** `<name>@virtual-bitget.com`, sometimes masked. */
  subAccountName: Schema.String,
  label: Absent.optional(Schema.String),
  status: StatusOut,
  permList: Schema.Array(PermissionOut),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
}

/**
 * One virtual sub-account. `accountType` and `bindingTime` appear in the sample body only, not
 * in the field table.
 */
export const VirtualSubaccountRow = Schema.Struct({
  ...subAccountFields,
  accountType: Absent.optional(Schema.String),
  bindingTime: Absent.optional(Timestamp)
})
export interface VirtualSubaccountRow extends Schema.Schema.Type<typeof VirtualSubaccountRow> {}

/**
 * A created sub-account. The exchange spells its keys `subaAccountUid` / `subaAccountName`
 * (every copy of the page, and the bodies other clients decode); the correct spelling decodes
 * too, and both are `subAccountUid` / `subAccountName` in code.
 */
const Created = Schema.Union(
  Schema.Struct({
    ...subAccountFields,
    subAccountUid: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("subaAccountUid")),
    subAccountName: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("subaAccountName"))
  }),
  Schema.Struct(subAccountFields)
)
/** A virtual sub-account just created (whichever spelling the answer used). */
export interface CreatedSubaccount extends Schema.Schema.Type<(typeof Created.members)[1]> {}

const Failed = Schema.Union(
  Schema.Struct({ subAccountName: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("subaAccountName")) }),
  Schema.Struct({ subAccountName: Schema.String })
)

export const CreateVirtualSubaccountRequest = Schema.Struct({
  /** Names of 8 English letters, each globally unique. */
  subAccountList: Schema.Array(VirtualName).pipe(
    Schema.filter((names) => names.length > 0 || "must name at least one sub-account")
  )
})
export interface CreateVirtualSubaccountRequest extends Schema.Schema.Type<typeof CreateVirtualSubaccountRequest> {}

export const CreatedVirtualSubaccounts = Schema.Struct({
  successList: Schema.Array(Named.as<CreatedSubaccount>()(Created)),
  /** Names refused: already taken, or the sub-account limit reached. */
  failureList: Schema.Array(Failed)
})
export interface CreatedVirtualSubaccounts extends Schema.Schema.Type<typeof CreatedVirtualSubaccounts> {}

export const CreateVirtualSubaccount = Endpoint.post("/api/v2/user/create-virtual-subaccount", {
  name: "broker.virtualSubaccount.createVirtualSubaccount",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<CreateVirtualSubaccountRequest>()(CreateVirtualSubaccountRequest),
  data: Named.as<CreatedVirtualSubaccounts>()(CreatedVirtualSubaccounts)
})

/**
 * `POST /api/v2/user/create-virtual-subaccount`: creates virtual sub-accounts, one per name
 * (exactly 8 English letters, globally unique; checked locally). Names already taken, or past
 * the account's sub-account limit, come back in `failureList`, not as an error. New
 * sub-accounts may `spot_trade` and `contract_trade`, and start with empty balances. 5/s per
 * UID. https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount
 */
export const createVirtualSubaccount = Operation.make(CreateVirtualSubaccount)

export const ModifyVirtualSubaccountRequest = Schema.Struct({
  subAccountUid: Uid,
  permList: Schema.Array(Permission),
  status: Status
})
export interface ModifyVirtualSubaccountRequest extends Schema.Schema.Type<typeof ModifyVirtualSubaccountRequest> {}

export const ModifyVirtualSubaccount = Endpoint.post("/api/v2/user/modify-virtual-subaccount", {
  name: "broker.virtualSubaccount.modifyVirtualSubaccount",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<ModifyVirtualSubaccountRequest>()(ModifyVirtualSubaccountRequest),
  data: Schema.Struct({ result: Result })
})

/**
 * `POST /api/v2/user/modify-virtual-subaccount`: sets a virtual sub-account's permissions and
 * status. `freeze` refuses every call its keys make until it is `normal` again; the
 * permissions bound what any of its keys may do. 5/s per UID. https://www.bitget.com/api-doc/common/vsubaccount/Modify-Virtual-Subaccount
 */
export const modifyVirtualSubaccount = Operation.make(ModifyVirtualSubaccount)

/** Sub-accounts one batch creation may hold (the batch page). */
export const MAX_BATCH = 5

/** One sub-account and key to create in a batch. */
export const NewSubaccountWithKey = Schema.Struct({
  subAccountName: VirtualName,
  passphrase: Passphrase,
  label: Label,
  ipList: Schema.optional(IpList),
  permList: Schema.optional(Schema.Array(Permission))
})
export interface NewSubaccountWithKey extends Schema.Schema.Type<typeof NewSubaccountWithKey> {}

/**
 * A sub-account created with its key. The field table says `subAccountApiKey`, the sample body
 * `apiKey`: both decode to `subAccountApiKey`. The secret is shown this once.
 */
const CreatedWithKey = Schema.Union(
  Schema.Struct({
    subAccountUid: Schema.String,
    subAccountName: Schema.String,
    label: Absent.optional(Schema.String),
    subAccountApiKey: Schema.String,
    secretKey: Schema.String,
    permList: Schema.Array(PermissionOut),
    ipList: Absent.optional(Schema.Array(Schema.String))
  }),
  Schema.Struct({
    subAccountUid: Schema.String,
    subAccountName: Schema.String,
    label: Absent.optional(Schema.String),
    subAccountApiKey: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("apiKey")),
    secretKey: Schema.String,
    permList: Schema.Array(PermissionOut),
    ipList: Absent.optional(Schema.Array(Schema.String))
  })
)
/** A virtual sub-account and its API key just created (whichever spelling the answer used). */
export interface CreatedSubaccountWithKey extends Schema.Schema.Type<(typeof CreatedWithKey.members)[1]> {}

export const BatchCreateSubaccountAndApikey = Endpoint.post("/api/v2/user/batch-create-subaccount-and-apikey", {
  name: "broker.virtualSubaccount.batchCreateSubaccountAndApikey",
  signed: true,
  rateLimit: RateLimit.uid(1),
  /**
   * The body is a JSON array, one element per sub-account: 1 to 5 of them ("The max length of
   * list is 5 in each request",
   * https://www.bitget.com/api-doc/common/vsubaccount/Batch-Create-Virtual-Subaccount-And-Apikey).
   */
  request: Schema.Array(Named.as<NewSubaccountWithKey>()(NewSubaccountWithKey)).pipe(
    Schema.filter((items) =>
      (items.length >= 1 && items.length <= MAX_BATCH) ||
      `the batch must hold 1 to ${MAX_BATCH} sub-accounts, got ${items.length}`
    )
  ),
  data: Schema.Array(Named.as<CreatedSubaccountWithKey>()(CreatedWithKey))
})

/**
 * `POST /api/v2/user/batch-create-subaccount-and-apikey`: creates virtual sub-accounts and one
 * API key for each. The body is a JSON array of 1 to 5 items. Each item: `subAccountName` (8
 * English letters), `passphrase` (8–32 letters and digits), `label` (1–20 characters), `ipList`
 * (at most 30), `permList`; all checked locally. The answer holds each key's secret, shown only
 * this once. The batch is a write, never sent twice: after a lost answer, list the sub-accounts
 * to learn what was made. 1/s per UID. https://www.bitget.com/api-doc/common/vsubaccount/Batch-Create-Virtual-Subaccount-And-Apikey
 */
export const batchCreateSubaccountAndApikey = Operation.make(BatchCreateSubaccountAndApikey)

export const VirtualSubaccountListRequest = Schema.Struct({
  /** Default 100, at most 500 (the specification). */
  limit: Schema.optional(Limit.PageSize),
  /** The previous page's `endId`. */
  idLessThan: Schema.optional(Limit.Cursor),
  status: Schema.optional(Status)
})
export interface VirtualSubaccountListRequest extends Schema.Schema.Type<typeof VirtualSubaccountListRequest> {}

export const VirtualSubaccountList = Endpoint.list("/api/v2/user/virtual-subaccount-list", {
  name: "broker.virtualSubaccount.virtualSubaccountList",
  signed: true,
  // The specification's limits table: 10 per second per user ID.
  rateLimit: RateLimit.uid(10),
  request: Named.as<VirtualSubaccountListRequest>()(VirtualSubaccountListRequest),
  data: Schema.Struct({
    subAccountList: Schema.Array(Named.as<VirtualSubaccountRow>()(VirtualSubaccountRow)),
    /** The cursor for the next page; a JSON number on the wire (documented as a string). */
    endId: Absent.optional(IdNumber)
  }),
  pagination: {
    list: "subAccountList",
    // Cursor `idLessThan` from `data.endId`; page size up to 500: the specification and
    // https://www.bitget.com/api-doc/common/vsubaccount/Get-Virtual-Subaccount-List
    cursor: Pagination.dataField("endId", "subAccountUid"),
    limit: {
      param: "limit",
      max: 500,
      default: 100,
      source: "https://www.bitget.com/api-doc/common/vsubaccount/Get-Virtual-Subaccount-List"
    }
  }
})

/**
 * `GET /api/v2/user/virtual-subaccount-list`: the main account's virtual sub-accounts, newest
 * first, optionally only `normal` or `freeze` ones. At most 500 a page (default 100, checked
 * locally); the next page is `idLessThan` = this page's `endId`, which arrives as a JSON
 * number and decodes to a string. `.items()` walks them all. 10/s per UID.
 * https://www.bitget.com/api-doc/common/vsubaccount/Get-Virtual-Subaccount-List
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 500 a page (`limit`, 100 when omitted).
 */
export const virtualSubaccountList = Operation.make(VirtualSubaccountList)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CreateVirtualSubaccount,
  ModifyVirtualSubaccount,
  BatchCreateSubaccountAndApikey,
  VirtualSubaccountList
]

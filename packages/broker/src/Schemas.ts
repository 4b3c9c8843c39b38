/**
 * Values the broker and sub-account endpoints share: labels, passphrases, IP lists, names,
 * permissions and statuses, each checked locally with the limit Bitget documents for it. A
 * refusal names what is wrong (`must be 1 to 20 characters, got 21`); the client puts the
 * field's path before it.
 */
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"

/**
 * A sub-account's uid (`subUid`, `subAccountUid`): Bitget's uids are digits ("Sub-account uid"
 * on every page; the list cursors compare them as numbers). An empty or non-numeric uid names
 * no account, so it is refused before anything is sent.
 */
export const Uid = Schema.String.pipe(
  Schema.filter((uid) => /^\d+$/.test(uid) || `must be a numeric uid, got ${JSON.stringify(uid)}`)
)

/**
 * A sub-account's or API key's note (`label`): 1 to 20 characters. The specification's value
 * limits ("Sub-account label: maximum length 20"), the virtual pages' "Length 20"
 * (https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount-ApiKey) and error
 * 40056 "remark length must be 1-20" (reference/error-codes.tsv). The broker pages print
 * "length < 20" (https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey): the
 * specification wins: a label of 20 characters is sent.
 */
export const Label = Schema.String.pipe(
  Schema.filter((label) =>
    (label.length >= 1 && label.length <= 20) || `must be 1 to 20 characters, got ${label.length}`
  )
)

/**
 * A virtual sub-account key's passphrase: 8 to 32 English letters and digits
 * (https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount-ApiKey; error 40070).
 */
export const Passphrase = Schema.String.pipe(
  Schema.filter((value) =>
    /^[A-Za-z0-9]{8,32}$/.test(value) || `must be 8 to 32 letters and digits, got ${value.length} characters`
  )
)

/**
 * A broker sub-account key's passphrase: 6 to 32 characters. The broker pages give only the
 * length ("Passphrase, length between 6 and 32",
 * https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey), not the letters-and-digits
 * rule of the virtual keys, so other characters are sent and left to the exchange.
 */
export const BrokerPassphrase = Schema.String.pipe(
  Schema.filter((value) =>
    (value.length >= 6 && value.length <= 32) || `must be 6 to 32 characters, got ${value.length}`
  )
)

/**
 * A virtual sub-account's name: exactly 8 English letters, globally unique; the exchange makes
 * `<name>@virtual-bitget.com` of it (https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount;
 * error 40055).
 */
export const VirtualName = Schema.String.pipe(
  Schema.filter((name) => /^[A-Za-z]{8}$/.test(name) || `must be exactly 8 English letters, got "${name}"`)
)

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/

/**
 * An IPv6 address in text form (RFC 4291 2.2): eight groups of 1 to 4 hex digits, a run of zero
 * groups written `::` at most once, and an IPv4 address in place of the last two groups.
 */
const isIpv6 = (ip: string): boolean => {
  const halves = ip.split("::")
  if (halves.length > 2) return false
  const groupsOf = (part: string) => part === "" ? [] : part.split(":")
  const groups = halves.flatMap(groupsOf)
  const last = groups[groups.length - 1]
  const endsInV4 = last !== undefined && IPV4.test(last)
  const hex = endsInV4 ? groups.slice(0, -1) : groups
  if (!hex.every((group) => HEX_GROUP.test(group))) return false
  const count = hex.length + (endsInV4 ? 2 : 0)
  return halves.length === 2 ? count <= 7 : count === 8
}

/** An IP address of a key's allow-list (IPv4, or IPv6). */
export const Ip = Schema.String.pipe(
  Schema.filter((ip) => IPV4.test(ip) || isIpv6(ip) || `must be an IP address, got "${ip}"`)
)

/**
 * A key's IP allow-list: at most 30 addresses (the key pages: "ip whitelist, Up to 30",
 * https://www.bitget.com/api-doc/common/vsubaccount/Create-Virtual-Subaccount-ApiKey; "max 30 IP
 * entries", https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey). Empty or left
 * out: any address.
 */
export const IpList = Schema.Array(Ip).pipe(
  Schema.filter((ips) => ips.length <= 30 || `must hold at most 30 addresses, got ${ips.length}`)
)

const permissions = ["read", "spot_trade", "contract_trade", "margin_trade", "transfer"] as const

/**
 * What a virtual sub-account, or its key, may do. The specification names `read`,
 * `spot_trade` (spot orders) and `contract_trade` (futures read-write); Bitget's pages add
 * `margin_trade` (spot margin; https://www.bitget.com/api-doc/common/vsubaccount/Batch-Create-Virtual-Subaccount-And-Apikey)
 * and `transfer` (wallet transfers; https://www.bitget.com/api-doc/common/vsubaccount/Modify-Virtual-Subaccount-ApiKey).
 * Any letter case is accepted; the documented lower-case spelling is sent.
 */
export const Permission = Spelling.literal(...permissions)
export type Permission = typeof Permission.Type

/** Permissions as the exchange answers them (it may add values). */
export const PermissionOut = OpenEnum(...permissions)

/**
 * What a broker sub-account may do (https://www.bitget.com/api-doc/broker/subaccount/Modify-Suaccount):
 * `read`, `spot_trade`, `contract_trade`, `margin_trade`, `transfer`, `withdraw`, `deposit`.
 */
const brokerPermissions = [
  "read",
  "spot_trade",
  "contract_trade",
  "margin_trade",
  "transfer",
  "withdraw",
  "deposit"
] as const
export const BrokerPermission = Spelling.literal(...brokerPermissions)
export type BrokerPermission = typeof BrokerPermission.Type

export const BrokerPermissionOut = OpenEnum(...brokerPermissions)

/**
 * What a broker sub-account's API key may do (https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey).
 * `wallet_transfer` and `wallet_withdraw` need `permType: "read_and_write"`.
 */
const apiKeyPermissions = [
  "contract_order",
  "contract_position",
  "spot_trade",
  "margin_trade",
  "copytrading_trade",
  "wallet_transfer",
  "wallet_withdraw"
] as const
export const ApiKeyPermission = Spelling.literal(...apiKeyPermissions)
export type ApiKeyPermission = typeof ApiKeyPermission.Type

export const ApiKeyPermissionOut = OpenEnum(...apiKeyPermissions)

/** A broker key's kind: it may write, or only read. */
export const PermType = Spelling.literal("read_and_write", "readonly")
export type PermType = typeof PermType.Type
export const PermTypeOut = OpenEnum("read_and_write", "readonly")

/**
 * The status a sub-account can be set to, and the virtual list's filter: `normal` or `freeze`
 * (https://www.bitget.com/api-doc/common/vsubaccount/Get-Virtual-Subaccount-List, the
 * specification's states table; https://www.bitget.com/api-doc/broker/subaccount/Modify-Suaccount).
 */
export const Status = Spelling.literal("normal", "freeze")
export type Status = typeof Status.Type

/**
 * The broker list's filter, which also takes `del` (deleted)
 * (https://www.bitget.com/api-doc/broker/subaccount/Get-Subaccount-List).
 */
export const ListStatus = Spelling.literal("normal", "freeze", "del")
export type ListStatus = typeof ListStatus.Type

/** A sub-account's status as answered: `normal`, `freeze` or `del` (deleted). */
export const StatusOut = OpenEnum("normal", "freeze", "del")

/** A broker sub-account's language (https://www.bitget.com/api-doc/broker/subaccount/Modify-Suaccount). */
export const Language = Spelling.literal(
  "en_US",
  "zh_CN",
  "ja_JP",
  "vi_VN",
  "zh_TW",
  "ru_RU",
  "es_ES",
  "tr_TR",
  "fr_FR",
  "de_DE",
  "pt_PT",
  "th_TH"
)
export type Language = typeof Language.Type

/** `"success"` (or `"fail"`) as the whole `data` of some writes. */
export const Result = OpenEnum("success", "fail")

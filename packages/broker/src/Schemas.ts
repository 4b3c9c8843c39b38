/**
 * Values the broker and sub-account endpoints share: labels, passphrases, IP lists, names,
 * permissions and statuses, each checked locally with the limit Bitget documents for it. A
 * refusal names what is wrong (`must be 1 to 20 characters, got 21`); the client puts the
 * field's path before it.
 */
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Schema from "effect/Schema"

/**
 * A sub-account's or API key's note (`label`): 1 to 20 characters. The specification's value
 * limits ("Sub-account label: maximum length 20"); the exchange answers 40056 "remark length
 * must be 1-20" otherwise. Broker pages print "length < 20": the specification wins.
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
 * A broker sub-account key's passphrase: 6 to 32 letters and digits
 * (https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey).
 */
export const BrokerPassphrase = Schema.String.pipe(
  Schema.filter((value) =>
    /^[A-Za-z0-9]{6,32}$/.test(value) || `must be 6 to 32 letters and digits, got ${value.length} characters`
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
const IPV6 = /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/

/** An IP address of a key's allow-list (IPv4, or IPv6). */
export const Ip = Schema.String.pipe(
  Schema.filter((ip) => IPV4.test(ip) || IPV6.test(ip) || `must be an IP address, got "${ip}"`)
)

/**
 * A key's IP allow-list: at most 30 addresses (the key pages: "ip whitelist, up to 30").
 * Empty or left out: any address.
 */
export const IpList = Schema.Array(Ip).pipe(
  Schema.filter((ips) => ips.length <= 30 || `must hold at most 30 addresses, got ${ips.length}`)
)

/**
 * What a virtual sub-account, or its key, may do. The specification names `read`,
 * `spot_trade` (spot orders) and `contract_trade` (futures read-write); Bitget's pages add
 * `margin_trade` (spot margin) and `transfer` (wallet transfers).
 */
export const Permission = Schema.Literal("read", "spot_trade", "contract_trade", "margin_trade", "transfer")
export type Permission = typeof Permission.Type

/** Permissions as the exchange answers them (it may add values). */
export const PermissionOut = OpenEnum(...Permission.literals)

/**
 * What a broker sub-account may do (https://www.bitget.com/api-doc/broker/subaccount/Modify-Suaccount):
 * `read`, `spot_trade`, `contract_trade`, `margin_trade`, `transfer`, `withdraw`, `deposit`.
 */
export const BrokerPermission = Schema.Literal(
  "read",
  "spot_trade",
  "contract_trade",
  "margin_trade",
  "transfer",
  "withdraw",
  "deposit"
)
export type BrokerPermission = typeof BrokerPermission.Type

export const BrokerPermissionOut = OpenEnum(...BrokerPermission.literals)

/**
 * What a broker sub-account's API key may do (https://www.bitget.com/api-doc/broker/apikey/Create-Subaccount-ApiKey).
 * `wallet_transfer` and `wallet_withdraw` need `permType: "read_and_write"`.
 */
export const ApiKeyPermission = Schema.Literal(
  "contract_order",
  "contract_position",
  "spot_trade",
  "margin_trade",
  "copytrading_trade",
  "wallet_transfer",
  "wallet_withdraw"
)
export type ApiKeyPermission = typeof ApiKeyPermission.Type

export const ApiKeyPermissionOut = OpenEnum(...ApiKeyPermission.literals)

/** A broker key's kind: it may write, or only read. */
export const PermType = Schema.Literal("read_and_write", "readonly")
export type PermType = typeof PermType.Type
export const PermTypeOut = OpenEnum(...PermType.literals)

/** The status a sub-account can be set to (and the list filter). */
export const Status = Schema.Literal("normal", "freeze")
export type Status = typeof Status.Type

/** A sub-account's status as answered: `normal`, `freeze` or `del` (deleted). */
export const StatusOut = OpenEnum("normal", "freeze", "del")

/** A broker sub-account's language. */
export const Language = Schema.Literal(
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

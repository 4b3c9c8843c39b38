/**
 * What a signed call may do, checked for every endpoint right after its signature: a frozen
 * account is refused everything (40024), a key's IP allow-list is enforced (40038), a
 * sub-account may not call the main account's endpoints (40068), and a write needs the
 * permission of its business line, from the key and from its account (40014). A `read` key
 * (or a broker key of type `readonly`) is refused every write; `spot_trade` cannot trade
 * futures; `contract_trade` cannot trade spot. Endpoints are classified from their declaration
 * (method and path) by the tables below, never per route; keys and accounts are read on every
 * call, so a changed permission takes effect on the next one.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type { AccountRecord } from "./Accounts.js"
import type * as Auth from "./Auth.js"
import { codes, Rejection } from "./Rejection.js"

/** What a write needs. */
type Capability =
  | "spot"
  | "futures order"
  | "futures position"
  | "margin"
  | "transfer"
  | "withdraw"
  | "unified trade"
  | "unified management"

/**
 * The capabilities each permission name grants: virtual sub-accounts and their keys
 * (`spot_trade`, `contract_trade`, `margin_trade`, `transfer`), broker sub-accounts (`withdraw`,
 * `deposit` too) and broker keys (`contract_order`, `contract_position`, `wallet_transfer`,
 * `wallet_withdraw`, `copytrading_trade`). `read` and `deposit` grant no write.
 */
const GRANTS: Readonly<Record<string, ReadonlyArray<Capability | "any write">>> = {
  spot_trade: ["spot"],
  contract_trade: ["futures order", "futures position"],
  contract_order: ["futures order"],
  contract_position: ["futures position"],
  margin_trade: ["margin"],
  transfer: ["transfer"],
  wallet_transfer: ["transfer"],
  withdraw: ["withdraw"],
  wallet_withdraw: ["withdraw"],
  copytrading_trade: ["any write"],
  // Unified sub-account keys (V3 `user/create-sub-api`): trading, and managing the account.
  uta_trade: ["unified trade"],
  uta_mgt: ["unified management"]
}

/** The permission named in a refusal, per capability (Bitget's wording: "need … permissions"). */
const NAMES: Readonly<Record<Capability, string>> = {
  spot: "spot_trade",
  "futures order": "contract_trade",
  "futures position": "contract_trade",
  margin: "margin_trade",
  transfer: "transfer",
  withdraw: "withdraw",
  "unified trade": "uta_trade",
  "unified management": "uta_mgt"
}

/** The capability a write needs, by path; the first match wins. Other writes need any write permission. */
const WRITES: ReadonlyArray<readonly [RegExp, Capability]> = [
  [/^\/api\/v2\/spot\/wallet\/(transfer|subaccount-transfer)$/, "transfer"],
  [/^\/api\/v2\/spot\/wallet\/withdrawal$/, "withdraw"],
  [/^\/api\/v2\/spot\/trade\//, "spot"],
  [/^\/api\/v2\/mix\/order\//, "futures order"],
  [/^\/api\/v2\/mix\/(account|position)\//, "futures position"],
  [/^\/api\/v2\/margin\//, "margin"],
  // V3: orders, positions and strategies are trading; every other write manages the account.
  [/^\/api\/v3\/(trade|position)\//, "unified trade"],
  [/^\/api\/v3\//, "unified management"]
]

/**
 * Endpoints for the main account only: sub-account and broker management, sub-account transfers
 * and assets (V3: `user/*` and `account/sub-*`, except the sub-account's own `sub-master-transfer`).
 */
const MAIN_ONLY =
  /^\/api\/v2\/(user|broker)\/|sub-?account|^\/api\/v3\/(user|broker)\/|^\/api\/v3\/account\/sub-(transfer|unified|deposit)/

/** A POST that only reads (e.g. `query-flash-repay-status`). */
const READ_POST = /query/

/** Whether the endpoint changes anything. */
export const isWrite = (endpoint: Endpoint.Any): boolean => endpoint.method === "POST" && !READ_POST.test(endpoint.path)

/** What a write on `path` needs. */
export const capability = (path: string): Capability | "any write" => {
  for (const [pattern, needed] of WRITES) if (pattern.test(path)) return needed
  return "any write"
}

/** Whether the permission names grant `needed`; `undefined` names: everything. */
const allows = (names: ReadonlyArray<string> | undefined, needed: Capability | "any write"): boolean => {
  if (names === undefined) return true
  return names.some((name) => {
    const granted = GRANTS[name]
    return granted !== undefined && (needed === "any write" ? granted.length > 0 : granted.includes(needed))
  })
}

const refuse = (code: string, msg: string) => new Rejection({ code, msg, status: 400 })

/** `::ffff:127.0.0.1` is `127.0.0.1`. */
const plainIp = (ip: string) => ip.startsWith("::ffff:") ? ip.slice(7) : ip

/** Why the call must be refused, or `undefined`. */
export const check = (
  endpoint: Endpoint.Any,
  key: Auth.Key | undefined,
  account: AccountRecord | undefined,
  ip: string
): Rejection | undefined => {
  if (account?.status === "freeze") return refuse(codes.accountFrozen, "The account has been frozen")
  const ips = key?.ips
  if (ips !== undefined && ips.length > 0 && !ips.includes(plainIp(ip))) {
    return refuse(codes.ipNotAllowed, `The current IP ${plainIp(ip)} is not in the apikey IP whitelist`)
  }
  if (account?.parentUid !== undefined && MAIN_ONLY.test(endpoint.path)) {
    return refuse(codes.subAccountForbidden, "Sub-account access is disabled for this endpoint")
  }
  if (!isWrite(endpoint)) return undefined
  const needed = capability(endpoint.path)
  const name = needed === "any write" ? "trade" : NAMES[needed]
  if (key?.permType === "readonly") return refuse(codes.permission, `Incorrect permissions, need ${name} permissions`)
  if (!allows(key?.permissions, needed) || !allows(account?.permissions, needed)) {
    return refuse(codes.permission, `Incorrect permissions, need ${name} permissions`)
  }
  return undefined
}

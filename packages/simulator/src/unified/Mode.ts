/**
 * The account-mode split on the wire (shared/reference/v3-unified-api.md §b.1, §b.4): a unified
 * (UTA) account's key gets 40085 from every private V2 endpoint while the public V2 ones still
 * answer it, and a Classic account's key gets 40084 from every private V3 endpoint. The account
 * switch itself is the exception in each direction: a Classic account upgrades through V2
 * (`/api/v2/spot/account/upgrade`, `upgrade-status`), and a unified one may still ask V2 how
 * its upgrade went, and a Classic one how its switch back went.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type { AccountRecord } from "../Accounts.js"
import { codes, Rejection } from "../Rejection.js"

/** V2 paths a unified account's key may still call: its own upgrade's status. */
const UNIFIED_ON_V2 = new Set(["/api/v2/spot/account/upgrade-status"])

/** V3 paths a Classic account's key may still call: how its switch back to Classic went. */
const CLASSIC_ON_V3 = new Set(["/api/v3/account/switch-status"])

const isV3 = (path: string) => path.startsWith("/api/v3/")

/** Why a signed call must be refused for the account's mode, or `undefined`. */
export const check = (endpoint: Endpoint.Any, account: AccountRecord | undefined): Rejection | undefined => {
  if (!endpoint.signed) return undefined
  const unified = account?.mode === "unified"
  if (isV3(endpoint.path)) {
    return unified || CLASSIC_ON_V3.has(endpoint.path) ? undefined : new Rejection({
      code: codes.classicOnV3,
      msg: "The current account is in Classic Account mode and cannot use the Unified Account API",
      status: 400
    })
  }
  return unified && !UNIFIED_ON_V2.has(endpoint.path)
    ? new Rejection({
      code: codes.unifiedOnV2,
      msg: "You are in Unified Account mode, and the Classic Account API is not supported at this time",
      status: 400
    })
    : undefined
}

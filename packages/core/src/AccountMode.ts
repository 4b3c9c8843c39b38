/**
 * Which kind of account an API key belongs to, asked once at start-up. Since 2026 Bitget opens
 * unified (UTA) accounts, whose keys get 40085 from every V2 endpoint; this library speaks V2,
 * so a program can check first and say what to do instead of failing on its first real call:
 *
 * ```ts
 * const mode = yield* AccountMode.probe
 * if (mode === "unified") yield* Effect.fail("use a Classic sub-account's key")
 * ```
 */
import * as Effect from "effect/Effect"
import type { BitgetClient } from "./BitgetClient.js"
import type * as Errors from "./BitgetError.js"
import * as Public from "./Public.js"

export type Mode = "classic" | "unified"

/**
 * `classic` when a signed V2 call goes through, `unified` when Bitget answers 40085 (a UTA key
 * on V2). Any other failure (bad key, network) is the call's own error. One request:
 * `GET /api/v2/common/trade-rate` (BTCUSDT, spot), read-only and cheap.
 */
export const probe: Effect.Effect<Mode, Errors.BitgetError, BitgetClient> = Public.tradeRate({
  symbol: "BTCUSDT",
  businessType: "spot"
}).pipe(
  Effect.as<Mode>("classic"),
  Effect.catchIf(
    (error): error is Errors.AccountModeError => error._tag === "AccountModeError" && error.account === "unified",
    () => Effect.succeed<Mode>("unified")
  ),
  Effect.withSpan("bitget.accountMode")
)

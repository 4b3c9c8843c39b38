/**
 * Which kind of account an API key belongs to, asked once at start-up. Since May 2026 Bitget opens
 * only unified (UTA) accounts, whose keys get 40085 from every private V2 endpoint, while Classic
 * keys get 40084 from V3. A program checks first and takes the right line:
 *
 * ```ts
 * const mode = yield* AccountMode.probe
 * const balances = mode === "unified" ? Unified.Account.assets() : Spot.Account.assets()
 * ```
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { BitgetClient } from "./BitgetClient.js"
import type * as Errors from "./BitgetError.js"
import * as Endpoint from "./Endpoint.js"
import * as Operation from "./Operation.js"
import * as RateLimit from "./RateLimit.js"

export type Mode = "classic" | "unified"

/**
 * V3's `GET /api/v3/account/assets` as the probe sends it: the same request, bucket and name as
 * `@effect-bitget/unified`'s `Account.assets` (core cannot import that line), its data unread.
 * 20/s per UID (https://www.bitget.com/api-doc/uta/account/Get-Account).
 */
const UnifiedAssets = Endpoint.get("/api/v3/account/assets", {
  name: "unified.account.assets",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Endpoint.NoParams,
  data: Schema.Unknown
})

const unifiedAssets = Operation.make(UnifiedAssets)

/**
 * `unified` when a signed V3 call goes through, `classic` when Bitget answers 40084 (a Classic
 * key on V3; 25245 says the same), the way other clients detect it (passivbot, pbgui: shared/
 * reference/v3-unified-api.md §f). An `AccountModeError` saying `unified` (40085, should V3 ever
 * answer it) is `unified` too, so either code of the split decides. Any other failure (bad key,
 * network) is the call's own error. One request: `GET /api/v3/account/assets`, read-only.
 */
export const probe: Effect.Effect<Mode, Errors.BitgetError, BitgetClient> = unifiedAssets().pipe(
  Effect.as<Mode>("unified"),
  Effect.catchIf(
    (error): error is Errors.AccountModeError => error._tag === "AccountModeError",
    (error) => Effect.succeed<Mode>(error.account)
  ),
  Effect.withSpan("bitget.accountMode")
)

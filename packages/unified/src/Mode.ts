/**
 * Moving an account between Bitget's modes. A unified account goes back to Classic with
 * `switchToClassic` and reports progress in `switchStatus`; its level (basic, advanced, …) is
 * `adjustAccountMode`. The other way, Classic to unified, is V2's: `@effect-bitget/spot`
 * `Account.upgrade` and `Account.upgradeStatus` (reference §b.9).
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"

export const SwitchToClassic = Lazy.value(() =>
  Endpoint.post("/api/v3/account/switch", {
    name: "unified.mode.switchToClassic",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Endpoint.NoParams,
    data: Schema.Null
  })
)

/**
 * `POST /api/v3/account/switch`: moves a main unified account back to a Classic one (no body).
 * The answer only says the request was taken: the switch runs about a minute, `switchStatus`
 * tells when it is done. Refused while positions or orders are open. 1/s per UID.
 */
export const switchToClassic = Operation.make(SwitchToClassic)

/** `process`, `success` or `fail` (go-bitget; bitget-api's glued values are a doc artefact, §e.17). */
export const SwitchState = Lazy.schema(() => OpenEnum("process", "success", "fail"))

export const SwitchStatus = Lazy.value(() =>
  Endpoint.get("/api/v3/account/switch-status", {
    name: "unified.mode.switchStatus",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Endpoint.NoParams,
    data: Schema.Struct({ status: SwitchState, reason: Absent.optional(Schema.String) })
  })
)

/** `GET /api/v3/account/switch-status`: how the last switch to Classic went (`reason` on `fail`). 5/s per UID. */
export const switchStatus = Operation.make(SwitchStatus)

/**
 * The account level: `basic`, `advanced` (agent-sdk), `delta` and `isolated` (bitget-api,
 * go-bitget; isolated margin mode announced for Q2 2026): the superset (reference §e.16).
 */
export const Level = Lazy.schema(() => Spelling.literal("basic", "advanced", "delta", "isolated"))

/** The request of `adjustAccountMode`. */
export const AdjustAccountModeRequest = Lazy.schema(() =>
  Schema.Struct({
    mode: Level,
    /** A sub-account's uid, when the main account changes a sub-account's level. */
    targetUid: Schema.optional(Schema.String)
  })
)
export interface AdjustAccountModeRequest extends Schema.Schema.Type<typeof AdjustAccountModeRequest> {}

export const AdjustAccountMode = Lazy.value(() =>
  Endpoint.post("/api/v3/account/adjust-account-mode", {
    name: "unified.mode.adjustAccountMode",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<AdjustAccountModeRequest>()(AdjustAccountModeRequest),
    data: Schema.NullOr(Schema.String)
  })
)

/**
 * `POST /api/v3/account/adjust-account-mode`: changes the unified account's level (basic,
 * advanced, delta, isolated), or a sub-account's with `targetUid`. 1/s per UID.
 */
export const adjustAccountMode = Operation.make(AdjustAccountMode)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SwitchToClassic, SwitchStatus, AdjustAccountMode]

/**
 * How the simulator says no: a Bitget error code, its message and the HTTP status the exchange
 * answers with (400 for business errors, 429 for rate limits, 404 for unknown paths).
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"

export class Rejection extends Data.TaggedError("Rejection")<{
  readonly code: string
  readonly msg: string
  readonly status: number
}> {}

/** Fails with a Bitget error. */
export const reject = (code: string, msg: string, status = 400): Effect.Effect<never, Rejection> =>
  Effect.fail(new Rejection({ code, msg, status }))

/** Codes the simulator answers with, named. */
export const codes = {
  keyMissing: "40001",
  signMissing: "40002",
  timestampInvalid: "40005",
  keyInvalid: "40006",
  timestampExpired: "40008",
  signatureInvalid: "40009",
  passphraseMissing: "40011",
  passphraseWrong: "40012",
  permission: "40014",
  parameter: "40017",
  parameterEmpty: "40019",
  accountFrozen: "40024",
  ipNotAllowed: "40038",
  subAccountForbidden: "40068",
  /** A Classic account's key on a private V3 endpoint. */
  classicOnV3: "40084",
  /** A unified (UTA) account's key on a private V2 endpoint. */
  unifiedOnV2: "40085",
  urlNotFound: "40404",
  window: "00001",
  serviceError: "40725",
  tooMany: "429",
  orderNotFound: "43001",
  insufficientBalance: "43012",
  duplicateClientOid: "43118"
} as const

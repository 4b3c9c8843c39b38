/**
 * Bitget's envelope `{ code, msg, requestTime, data }`, read on every HTTP status. `00000` gives
 * `data`; any other code becomes the tagged error of its family; a body that is not the envelope
 * (a CDN's HTML page, a cut connection) becomes `MalformedResponse` with the status and an excerpt.
 */
import * as Either from "effect/Either"
import * as Errors from "./BitgetError.js"
import { errorCodes } from "./internal/errorCodes.js"

export const SUCCESS = "00000"

export interface Envelope {
  readonly code: string
  readonly msg: string
  /** Server time of the request (ms); a number on the wire, a string in some examples. */
  readonly requestTime: number | undefined
  readonly data: unknown
}

const EXCERPT = 200
/** The longest `msg` kept from an answer (a hostile one may send megabytes). */
const MAX_MSG = 300
const MAX_CODE = 40

/** The first characters of a body, on one line (only the head of a huge body is read). */
export const excerpt = (body: string): string => {
  const flat = body.slice(0, EXCERPT * 4).replace(/\s+/g, " ").trim()
  return flat.length > EXCERPT || body.length > EXCERPT * 4 ? flat.slice(0, EXCERPT) + "…" : flat
}

const bounded = (text: string, max: number) => text.length > max ? text.slice(0, max) + "…" : text

/** Parses a body into the envelope, or says why it is not one. */
export const parse = (
  endpoint: string,
  status: number,
  body: string
): Either.Either<Envelope, Errors.MalformedResponse> => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return Either.left(
      new Errors.MalformedResponse({ endpoint, status, reason: "body is not JSON", excerpt: excerpt(body) })
    )
  }
  if (typeof json !== "object" || json === null) {
    return Either.left(
      new Errors.MalformedResponse({ endpoint, status, reason: "body is not an object", excerpt: excerpt(body) })
    )
  }
  const record = json as Record<string, unknown>
  const code = record.code
  if (typeof code !== "string" && typeof code !== "number") {
    return Either.left(
      new Errors.MalformedResponse({ endpoint, status, reason: "body has no code", excerpt: excerpt(body) })
    )
  }
  // Some documented bodies say `message` where the rest say `msg`.
  const msg = record.msg ?? record.message
  const requestTime = record.requestTime
  return Either.right({
    code: bounded(String(code), MAX_CODE),
    msg: typeof msg === "string" ? bounded(msg, MAX_MSG) : "",
    requestTime: typeof requestTime === "number"
      ? requestTime
      : typeof requestTime === "string" && requestTime !== ""
      ? Number(requestTime)
      : undefined,
    data: record.data
  })
}

/** The family of an exchange code; codes the table does not know are decided by HTTP status. */
export const family = (code: string, status: number): Errors.ErrorFamily => {
  const known = errorCodes[code]
  if (known !== undefined) return known
  if (status === 429) return "RateLimitError"
  if (status === 401) return "AuthenticationError"
  if (status === 403) return "PermissionError"
  if (status >= 500) return "ServiceUnavailable"
  return "ExchangeError"
}

/** The tagged error for a failed envelope. */
export const toError = (endpoint: string, status: number, envelope: Envelope): Errors.ExchangeFailure => {
  const fields = { endpoint, code: envelope.code, msg: envelope.msg, status }
  switch (family(envelope.code, status)) {
    case "AuthenticationError":
      return new Errors.AuthenticationError(fields)
    case "TimestampError":
      return new Errors.TimestampError(fields)
    case "PermissionError":
      return new Errors.PermissionError(fields)
    case "RateLimitError":
      return new Errors.RateLimitError({ ...fields, source: "exchange" })
    case "InsufficientBalance":
      return new Errors.InsufficientBalance(fields)
    case "OrderNotFound":
      return new Errors.OrderNotFound(fields)
    case "DuplicateClientOid":
      return new Errors.DuplicateClientOid(fields)
    case "InvalidParameter":
      return new Errors.InvalidParameter(fields)
    case "DemoMismatch":
      return new Errors.DemoMismatch(fields)
    case "ServiceUnavailable":
      return new Errors.ServiceUnavailable(fields)
    case "AccountModeError":
      // 40084 and 25245: a Classic account on V3; 40085: a unified account on V2.
      return new Errors.AccountModeError({
        ...fields,
        account: envelope.code === "40084" || envelope.code === "25245" ? "classic" : "unified"
      })
    case "ExchangeError":
      return new Errors.ExchangeError(fields)
  }
}

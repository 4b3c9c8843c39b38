/**
 * Every failure of a call is one of these tagged, serialisable errors. Exchange errors carry the
 * endpoint, Bitget's `code` and `msg` and the HTTP status; there is one class per family users
 * handle differently, and `ExchangeError` keeps any other code. `InvalidRequest` means nothing
 * was sent; `TransportError` that no answer came; `MalformedResponse` that the answer was not
 * Bitget's envelope or its data did not match the endpoint's schema.
 */
import * as Schema from "effect/Schema"

const exchangeFields = {
  /** The endpoint's name, e.g. `spot.trade.placeOrder`. */
  endpoint: Schema.String,
  /** Bitget's error code, always a string (`"43012"`, `"429"`). */
  code: Schema.String,
  /** Bitget's message; localised and parameterised, so match on `code`. */
  msg: Schema.String,
  /** The HTTP status of the answer. */
  status: Schema.Number
}

const describe = (self: { endpoint: string; code: string; msg: string; status: number }) =>
  `${self.endpoint}: Bitget ${self.code} (HTTP ${self.status}) ${self.msg}`

/** Bad, missing, expired or unknown API key, passphrase or signature; IP not allowed. */
export class AuthenticationError
  extends Schema.TaggedError<AuthenticationError>()("AuthenticationError", exchangeFields)
{
  override get message() {
    return describe(this)
  }
}

/** The request timestamp was outside the exchange's window (the client resyncs once first). */
export class TimestampError extends Schema.TaggedError<TimestampError>()("TimestampError", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** The key lacks the permission, the account lacks the right (KYC, region, role). */
export class PermissionError extends Schema.TaggedError<PermissionError>()("PermissionError", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** Too many requests: the exchange answered 429, or the local limiter's `fail` policy refused. */
export class RateLimitError extends Schema.TaggedError<RateLimitError>()("RateLimitError", {
  ...exchangeFields,
  /**
   * `exchange` for a 429 from the server (after retries); `local` when the client's own limiter
   * refused the call (its `fail` policy, or a wait longer than `maxWait`): nothing was sent, and
   * `status` is 0.
   */
  source: Schema.Literal("exchange", "local"),
  /** How long to wait before the bucket has room again, when known (ms). */
  retryAfterMillis: Schema.optional(Schema.Number)
}) {
  override get message() {
    // A local refusal is not an answer of Bitget's: no code or HTTP status to show.
    return this.source === "local"
      ? `${this.endpoint}: local rate limit, nothing sent: ${this.msg}`
      : describe(this)
  }
}

/** Not enough balance, margin or position for the request. */
export class InsufficientBalance
  extends Schema.TaggedError<InsufficientBalance>()("InsufficientBalance", exchangeFields)
{
  override get message() {
    return describe(this)
  }
}

/** The order (or plan order) does not exist or is no longer open. */
export class OrderNotFound extends Schema.TaggedError<OrderNotFound>()("OrderNotFound", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** The clientOid was used before: the earlier order stands. */
export class DuplicateClientOid extends Schema.TaggedError<DuplicateClientOid>()("DuplicateClientOid", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** The exchange rejected a parameter (missing, malformed, out of range, not allowed now). */
export class InvalidParameter extends Schema.TaggedError<InvalidParameter>()("InvalidParameter", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** Demo trading misuse: demo and real values mixed, a sub-account in demo, an endpoint with no demo. */
export class DemoMismatch extends Schema.TaggedError<DemoMismatch>()("DemoMismatch", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** The exchange is down, in maintenance, overloaded, or answered 5xx. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()("ServiceUnavailable", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/**
 * The API key's account mode does not fit the API. Since 2026 Bitget opens unified (UTA)
 * accounts: a UTA key gets 40085 from every private V2 endpoint (spot, futures, margin, …), and a
 * Classic key gets 40084 (or 25245) from V3 (`@effect-bitget/unified`). The message says which
 * line the key belongs on. `AccountMode.probe` tells the mode at start-up.
 */
export class AccountModeError extends Schema.TaggedError<AccountModeError>()("AccountModeError", {
  ...exchangeFields,
  /** The key's account as the code implies: `unified` (40085) or `classic` (40084, 25245). */
  account: Schema.Literal("unified", "classic")
}) {
  override get message() {
    const what = this.account === "unified"
      ? "this API key belongs to a unified (UTA) account, which Bitget's V2 API refuses: call Bitget's V3 API " +
        "(@effect-bitget/unified) with it, or use the key of a Classic sub-account for the V2 lines"
      : "this API key belongs to a Classic account, which Bitget's V3 (UTA) API refuses: use the V2 API " +
        "(@effect-bitget/spot, futures, margin, …) with it, or upgrade the account to unified " +
        "(spot `Account.upgrade`) and then use V3"
    return `${describe(this)}: ${what}`
  }
}

/** Any other exchange error; `code` says which. */
export class ExchangeError extends Schema.TaggedError<ExchangeError>()("ExchangeError", exchangeFields) {
  override get message() {
    return describe(this)
  }
}

/** The request failed a local check; nothing was sent. */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  endpoint: Schema.String,
  /** What is wrong, in words. */
  reason: Schema.String
}) {
  override get message() {
    return `${this.endpoint}: invalid request: ${this.reason}`
  }
}

/** The request could not be sent or no answer was read (a timeout included: `timedOut`). */
export class TransportError extends Schema.TaggedError<TransportError>()("TransportError", {
  endpoint: Schema.String,
  reason: Schema.String,
  /** No answer came within the call's timeout (the request may have reached the exchange). */
  timedOut: Schema.optional(Schema.Boolean),
  /** `false` when the request certainly never reached the exchange (connection refused, no such host). */
  sent: Schema.optional(Schema.Boolean),
  cause: Schema.optional(Schema.Defect)
}) {
  override get message() {
    return `${this.endpoint}: transport failed: ${this.reason}`
  }
}

/** One order of a placement whose fate stayed unknown, or what became of it. */
export const OrderFate = Schema.Struct({
  clientOid: Schema.String,
  /** The exchange's id when the order was found placed. */
  orderId: Schema.optional(Schema.String)
})

/**
 * A placement's fate could not be learned: the answer was lost (timeout, connection cut after
 * sending) and neither a look-up by `clientOid` nor a second placement under the same
 * `clientOid` (which Bitget refuses when it has the first) settled it. Look the orders up by
 * `clientOids` before placing them again. In a batch, `placed` lists the orders found placed.
 */
export class UnknownOrderFate extends Schema.TaggedError<UnknownOrderFate>()("UnknownOrderFate", {
  endpoint: Schema.String,
  /** The orders whose fate is unknown. */
  clientOids: Schema.Array(Schema.String),
  /** Orders of the same batch found placed. */
  placed: Schema.Array(OrderFate),
  reason: Schema.String
}) {
  override get message() {
    return `${this.endpoint}: order fate unknown for clientOid ${this.clientOids.join(", ")}: ${this.reason}` +
      "; look the order up by clientOid before placing it again"
  }
}

/**
 * A list's cursor did not move one way (ids down, times back, pages up): the exchange answered a
 * page already seen, or a cursor that cycles or stalls. The stream ends here, having emitted no
 * row twice.
 */
export class PaginationError extends Schema.TaggedError<PaginationError>()("PaginationError", {
  endpoint: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `${this.endpoint}: pagination stopped: ${this.reason}`
  }
}

/** The answer was not Bitget's envelope (an HTML page, a cut body) or its data did not decode. */
export class MalformedResponse extends Schema.TaggedError<MalformedResponse>()("MalformedResponse", {
  endpoint: Schema.String,
  status: Schema.Number,
  reason: Schema.String,
  /** The first characters of the body. */
  excerpt: Schema.String
}) {
  override get message() {
    return `${this.endpoint}: malformed response (HTTP ${this.status}): ${this.reason}: ${this.excerpt}`
  }
}

/** The families an exchange code is classified into; each names the class it becomes. */
export type ErrorFamily =
  | "AuthenticationError"
  | "TimestampError"
  | "PermissionError"
  | "RateLimitError"
  | "InsufficientBalance"
  | "OrderNotFound"
  | "DuplicateClientOid"
  | "InvalidParameter"
  | "DemoMismatch"
  | "ServiceUnavailable"
  | "AccountModeError"
  | "ExchangeError"

/** An error Bitget answered with. */
export type ExchangeFailure =
  | AuthenticationError
  | TimestampError
  | PermissionError
  | RateLimitError
  | InsufficientBalance
  | OrderNotFound
  | DuplicateClientOid
  | InvalidParameter
  | DemoMismatch
  | ServiceUnavailable
  | AccountModeError
  | ExchangeError

/** Every error a call can fail with. */
export type BitgetError =
  | ExchangeFailure
  | InvalidRequest
  | TransportError
  | MalformedResponse
  | UnknownOrderFate
  | PaginationError

/**
 * What any call can fail with: local validation, the transport, an unreadable answer, rate
 * limits, the exchange's outages, a parameter it refuses, and the catch-all for every other code.
 */
export type CommonError =
  | InvalidRequest
  | TransportError
  | MalformedResponse
  | RateLimitError
  | ServiceUnavailable
  | InvalidParameter
  | ExchangeError

/** What a signed call can fail with besides: its key, its timestamp, its permissions, demo mode. */
export type SignedError = AuthenticationError | TimestampError | PermissionError | DemoMismatch | AccountModeError

/**
 * Families an endpoint's declaration lists in `errors` when its documentation (or the exchange)
 * gives them: `OrderNotFound` on a read or a write; `InsufficientBalance` and `DuplicateClientOid`
 * only on a write.
 */
export type DocumentedError = InsufficientBalance | OrderNotFound | DuplicateClientOid

/** The tags a read (`GET`) may document. */
export type ReadErrorTag = OrderNotFound["_tag"]

/** The tags a write (`POST`) may document. */
export type WriteErrorTag = DocumentedError["_tag"]

/** The error type of an endpoint: signed or not, plus the families it documents. */
export type ErrorOf<Signed extends boolean, Tag extends WriteErrorTag> =
  | CommonError
  | (Signed extends true ? SignedError : never)
  | Extract<DocumentedError, { readonly _tag: Tag }>

/** The exchange families of `CommonError` and `SignedError`, at run time. */
export const commonFamilies: ReadonlyArray<ErrorFamily> = [
  "RateLimitError",
  "ServiceUnavailable",
  "InvalidParameter",
  "ExchangeError"
]
export const signedFamilies: ReadonlyArray<ErrorFamily> = [
  "AuthenticationError",
  "TimestampError",
  "PermissionError",
  "DemoMismatch",
  // 40085: a unified (UTA) account's key on any V2 endpoint.
  "AccountModeError"
]

/** Schema of every error, for serialising them (across workers, into logs, over RPC). */
export const BitgetError = Schema.Union(
  AuthenticationError,
  TimestampError,
  PermissionError,
  RateLimitError,
  InsufficientBalance,
  OrderNotFound,
  DuplicateClientOid,
  InvalidParameter,
  DemoMismatch,
  ServiceUnavailable,
  AccountModeError,
  ExchangeError,
  InvalidRequest,
  TransportError,
  MalformedResponse,
  UnknownOrderFate,
  PaginationError
)

/**
 * What a WebSocket Stream or call can fail with. A lost connection is not among them: the
 * connection service reconnects, logs in again and resubscribes on its own, so a Stream only
 * fails for what reconnecting cannot fix.
 */
import * as Schema from "effect/Schema"

/** The server refused a subscription (`event: "error"` for its arg): the code says why (30001 unknown channel …). */
export class SubscriptionRefused extends Schema.TaggedError<SubscriptionRefused>()("SubscriptionRefused", {
  /** The channel's name, `websocket.v2Public.ticker`. */
  channel: Schema.String,
  /** The subscribe arg sent. */
  arg: Schema.Record({ key: Schema.String, value: Schema.String }),
  code: Schema.String,
  msg: Schema.String
}) {
  override get message() {
    return `${this.channel}: subscription refused: ${this.code} ${this.msg}`
  }
}

/**
 * The login was refused (30005 login failed, 30011 key, 30012 passphrase, 30015 sign …) or no
 * credentials are configured for a private channel. Never retried: a bad key would only burn the
 * 300 connection attempts Bitget allows per 5 minutes.
 */
export class SocketAuthenticationError
  extends Schema.TaggedError<SocketAuthenticationError>()("SocketAuthenticationError", {
    code: Schema.String,
    msg: Schema.String
  })
{
  override get message() {
    return `websocket login refused: ${this.code} ${this.msg}`
  }
}

/** A push whose rows do not decode with the channel's schema (the Stream stops rather than guess). */
export class MalformedPush extends Schema.TaggedError<MalformedPush>()("MalformedPush", {
  channel: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `${this.channel}: malformed push: ${this.reason}`
  }
}

/**
 * A WebSocket order request failed before the exchange answered: not sent (`sent: false`, safe to
 * send again) or sent and its answer lost (`sent: true`, its fate unknown until looked up).
 */
export class SocketRequestError extends Schema.TaggedError<SocketRequestError>()("SocketRequestError", {
  operation: Schema.String,
  reason: Schema.String,
  sent: Schema.Boolean
}) {
  override get message() {
    return `${this.operation}: ${this.reason}`
  }
}

/** A WebSocket order request the exchange answered with a non-zero code. */
export class TradeRefused extends Schema.TaggedError<TradeRefused>()("TradeRefused", {
  operation: Schema.String,
  code: Schema.String,
  msg: Schema.String,
  /** The code's family as REST classifies it (`InsufficientBalance`, `DuplicateClientOid` …), when known. */
  family: Schema.optional(Schema.String)
}) {
  override get message() {
    return `${this.operation}: refused: ${this.code} ${this.msg}`
  }
}

/** Errors a subscription's Stream can end with. */
export type StreamError = SubscriptionRefused | SocketAuthenticationError | MalformedPush

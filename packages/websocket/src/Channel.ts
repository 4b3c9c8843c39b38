/**
 * A WebSocket channel, declared once as data like an endpoint: its generation (Classic V2:
 * `channel` + `instType`/`instId`/`coin`; unified V3: `topic` + `instType`/`symbol`), public or
 * private, the selector users pass (checked locally), the subscribe arg it becomes and the schema
 * of one pushed row. `Channel.make` derives the typed subscription, a `Stream` of pushes, from it.
 */
import { InvalidRequest } from "@effect-bitget/core/BitgetError"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { reason } from "@effect-bitget/core/internal/request"
import * as Chunk from "effect/Chunk"
import type * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { BitgetSocket } from "./BitgetSocket.js"
import * as Inbox from "./internal/inbox.js"
import type { StreamError } from "./SocketError.js"

/** Classic (V2) or unified (V3). */
export type Generation = "v2" | "v3"

/** Which socket carries the channel: the public one, or the private one after a login. */
export type Access = "public" | "private"

/** A subscribe arg as sent: `{ instType, channel, instId }` (V2) or `{ instType, topic, symbol }` (V3). */
export type WireArg = { readonly [key: string]: string }

export interface Channel<Req, Row> {
  /** The subscription's import path, `websocket.v2Public.ticker` (`V2Public.ticker`). */
  readonly name: string
  readonly generation: Generation
  readonly access: Access
  /** The selector users pass, checked before anything is sent. */
  readonly request: Schema.Schema<Req, any>
  /** The subscribe arg for a (checked) selector. */
  readonly arg: (request: Req) => WireArg
  /** One row of a push's `data`. */
  readonly row: Schema.Schema<Row, any>
  /**
   * `incremental`: a snapshot, then updates to apply to it (`books`); `snapshot`: every push is
   * whole (`ticker`, `books5`); `events`: each push is news (trades, orders, fills).
   */
  readonly pushes: "incremental" | "snapshot" | "events"
}

export declare namespace Channel {
  export type Any = Channel<any, any>
  export type Request<C> = C extends Channel<infer R, any> ? R : never
  export type Row<C> = C extends Channel<any, infer R> ? R : never
}

/** One push: its rows decoded, `snapshot` or `update`, and the server's push time. */
export interface Push<Row> {
  readonly _tag: "Push"
  readonly action: "snapshot" | "update"
  readonly arg: WireArg
  readonly rows: ReadonlyArray<Row>
  /** The outer `ts` of the push (server push time), when sent. */
  readonly ts: DateTime.Utc | undefined
}

/**
 * The subscription (re)acknowledged on a connection: sent after every connect and after every
 * resubscription, so stateful Streams (the book, reconciled private streams) know to start over.
 */
export interface Subscribed {
  readonly _tag: "Subscribed"
}

export type Event<Row> = Push<Row> | Subscribed

/** The key a subscription and its pushes are matched by: the arg's identifying fields. */
export const key = (arg: { readonly [key: string]: unknown }): string =>
  `${arg.instType ?? ""}|${arg.channel ?? arg.topic ?? ""}|${arg.instId ?? arg.coin ?? arg.symbol ?? ""}|${
    arg.interval ?? ""
  }`

/** A V2 channel. */
export const v2 = <Req, Row>(options: Omit<Channel<Req, Row>, "generation">): Channel<Req, Row> => ({
  ...options,
  generation: "v2"
})

/** A V3 (unified account) channel. */
export const v3 = <Req, Row>(options: Omit<Channel<Req, Row>, "generation">): Channel<Req, Row> => ({
  ...options,
  generation: "v3"
})

/** Checks a selector: its arg, or `InvalidRequest` naming the field and what is wrong. */
export const toArg = <Req, Row>(self: Channel<Req, Row>, request: unknown): Either.Either<WireArg, InvalidRequest> => {
  const decoded = Schema.decodeUnknownEither(self.request, { onExcessProperty: "error" })(request)
  return Either.isLeft(decoded)
    ? Either.left(new InvalidRequest({ endpoint: self.name, reason: reason(decoded.left) }))
    : Either.right(self.arg(decoded.right))
}

/** A decoder of a push's `data` for a channel. */
export const rowsDecoder = <Row>(self: Channel<any, Row>) => {
  // The core's compiled decoder (Effect's parser behind it for anything it cannot vouch for, and for errors).
  const decode = FastDecode.decoder(Schema.Array(self.row))
  return (data: unknown): Either.Either<ReadonlyArray<Row>, string> =>
    Either.mapLeft(decode(data), (error) => ParseResult.TreeFormatter.formatErrorSync(error))
}

/**
 * A subscription's Stream, `select` (given the service and the checked arg) making what it emits of each batch of events that arrived
 * together (run inside the Stream's read: no stage per chunk after it). For the Streams of this
 * package (`make`, `Book.stream`); users compose `events` or `make`.
 * @internal
 */
export const selecting = <Req, Row, B, E>(
  self: Channel<Req, Row>,
  request: Req,
  select: (
    socket: BitgetSocket["Type"],
    arg: WireArg
  ) => (events: Array<Event<Row>>) => Effect.Effect<Chunk.Chunk<B>, E>
): Stream.Stream<B, StreamError | InvalidRequest | E, BitgetSocket> => {
  const arg = toArg(self, request)
  if (Either.isLeft(arg)) return Stream.fail(arg.left)
  return Inbox.unwrap(
    Effect.map(BitgetSocket, (socket) => socket.subscribe(self, arg.right, select(socket, arg.right)))
  )
}

const everything = <Row>() => (events: Array<Event<Row>>) => Effect.succeed(Chunk.unsafeFromArray(events))

/**
 * Every event of a subscription: pushes and each (re)acknowledgement. What the stateful Streams
 * (the order book, reconciled private streams) are built on.
 */
export const events =
  <Req, Row>(self: Channel<Req, Row>) =>
  (request: Req): Stream.Stream<Event<Row>, StreamError | InvalidRequest, BitgetSocket> =>
    selecting(self, request, everything<Row>)

const isPush = <Row>(event: Event<Row>): event is Push<Row> => event._tag === "Push"
const pushes = <Row>() => (events: Array<Event<Row>>) =>
  Effect.succeed(Chunk.unsafeFromArray(events.every(isPush) ? events as Array<Push<Row>> : events.filter(isPush)))

/**
 * The typed subscription of a channel: its pushes as a Stream. Several Streams of one channel and
 * selector share one subscription; the last one to end unsubscribes.
 */
export const make =
  <Req, Row>(self: Channel<Req, Row>) =>
  (request: Req): Stream.Stream<Push<Row>, StreamError | InvalidRequest, BitgetSocket> =>
    selecting(self, request, pushes<Row>)

/** The rows of a subscription, one by one. */
export const rows = <Req, Row>(self: Channel<Req, Row>) => {
  const pushes = make(self)
  return (request: Req): Stream.Stream<Row, StreamError | InvalidRequest, BitgetSocket> =>
    Stream.mapConcat(pushes(request), (push) => push.rows)
}

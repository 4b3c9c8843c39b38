/**
 * Order requests over the socket, with REST's guarantee for lost answers: an order whose answer
 * is lost (the socket ended, or no answer in time) is looked up by its `clientOid`; not found, it
 * is sent once more under the same `clientOid` (Bitget refuses a second order with a `clientOid`
 * it has, so it can never be placed twice); still unknown, the call fails with `UnknownOrderFate`
 * naming the `clientOid`.
 */
import { InvalidRequest, UnknownOrderFate } from "@effect-bitget/core/BitgetError"
import { errorCodes } from "@effect-bitget/core/internal/errorCodes"
import { encode } from "@effect-bitget/core/internal/request"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BitgetSocket } from "../BitgetSocket.js"
import type { Generation } from "../Channel.js"
import { SocketAuthenticationError, SocketRequestError, TradeRefused } from "../SocketError.js"
import * as Wire from "./wire.js"

/** A request id: 32 hex digits (Bitget allows up to 40 of `[0-9A-Za-z_:#-+ ]`). */
export const newId = (): string => globalThis.crypto.randomUUID().replace(/-/g, "")

/** The wire form of a request, or `InvalidRequest` (nothing sent). */
export const check = <A, I>(operation: string, schema: Schema.Schema<A, I>, request: unknown) => {
  const wire = encode(Schema.encodeUnknownEither(schema, { onExcessProperty: "error" }) as any, request)
  return Either.isLeft(wire)
    ? Effect.fail(new InvalidRequest({ endpoint: operation, reason: wire.left }))
    : Effect.succeed(wire.right as { readonly [key: string]: any })
}

/** A refusal as a tagged error carrying the code's family. */
export const refused = (operation: string, code: string, msg: string) =>
  new TradeRefused({ operation, code, msg, ...(errorCodes[code] === undefined ? {} : { family: errorCodes[code] }) })

/** Sends a frame built for a fresh id and returns the answer. */
export const send = (operation: string, generation: Generation, frame: (id: string) => string) =>
  Effect.flatMap(BitgetSocket, (socket) => {
    const id = newId()
    return socket.request(operation, generation, id, frame(id))
  }).pipe(Effect.withSpan(`bitget.${operation}`, { attributes: { generation } }))

/** The answer's code (V2 numbers, V3 strings) as text, `"0"` on success. */
export const codeOf = (answer: Record<string, unknown>) => Wire.code(answer.code)

export interface Placed {
  readonly orderId: string
  readonly clientOid: string
}

/**
 * Places one order: `attempt` sends it (the same `clientOid` every time) and reads the answer;
 * `lookup` finds an order by `clientOid` over REST (`None` when there is none to ask).
 */
export const placeOne = <R>(options: {
  readonly operation: string
  readonly clientOid: string
  readonly attempt: Effect.Effect<Placed, TradeRefused | SocketRequestError | SocketAuthenticationError, BitgetSocket>
  readonly lookup: Option.Option<Effect.Effect<Option.Option<string>, unknown, R>>
}): Effect.Effect<
  Placed,
  TradeRefused | SocketRequestError | SocketAuthenticationError | UnknownOrderFate,
  BitgetSocket | R
> => {
  const { clientOid, operation } = options
  const unknown = (reason: string) =>
    new UnknownOrderFate({ endpoint: operation, clientOids: [clientOid], placed: [], reason })
  const lookup = Option.match(options.lookup, {
    onNone: () => Effect.fail(unknown("its answer was lost and no REST look-up is available for it")),
    onSome: (find) =>
      find.pipe(
        Effect.mapError(() => unknown("its answer was lost and the look-up by clientOid failed")),
        Effect.map(Option.map((orderId): Placed => ({ orderId, clientOid })))
      )
  })
  const lost = (error: { readonly _tag: string }) =>
    error._tag === "SocketRequestError" && (error as SocketRequestError).sent
  return options.attempt.pipe(
    Effect.catchIf(
      lost,
      () =>
        Effect.flatMap(lookup, (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : options.attempt.pipe(
            // Refused as a duplicate: the first one was placed after all.
            Effect.catchIf(
              (error) => error._tag === "TradeRefused" && error.family === "DuplicateClientOid",
              () =>
                Effect.flatMap(lookup, (again) =>
                  Option.isSome(again)
                    ? Effect.succeed(again.value)
                    : Effect.fail(unknown("refused as a duplicate, yet not found")))
            ),
            Effect.catchIf(lost, () => Effect.fail(unknown("its answer was lost twice")))
          ))
    )
  )
}

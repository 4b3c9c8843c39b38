/**
 * Placing orders so that a lost answer never means a duplicate or a silently lost order (see
 * `Placement`). Every order gets a `clientOid`; when the answer is lost after sending, the
 * client looks the order up by it and places it again only when the exchange shows none, under
 * the same `clientOid`, so a first placement that arrives late is refused by the exchange.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Tracer from "effect/Tracer"
import * as Errors from "../BitgetError.js"
import type { Endpoint, WireRequest } from "../Endpoint.js"
import * as Envelope from "../Envelope.js"
import type * as Placement from "../Placement.js"
import { newClientOid } from "../Placement.js"

/** Sends the placement's wire request once (retrying only what is safe, as every call). */
export type Run = (wire: WireRequest) => Effect.Effect<unknown, Errors.BitgetError>
/** Runs another call (the look-up). */
export type Call = (endpoint: Endpoint.Any, request: unknown) => Effect.Effect<unknown, Errors.BitgetError>

/** Placements sent at most this many times in all. */
const ROUNDS = 3

type Fate = Placement.Placed
type Failure = Placement.Refused

/** The answer was lost after the request may have reached the exchange. */
const fateUnknown = (error: Errors.BitgetError): error is Errors.TransportError =>
  error._tag === "TransportError" && error.sent !== false

const text = (value: unknown): string | undefined => typeof value === "string" && value !== "" ? value : undefined

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined

/**
 * Places the order(s) of `wire`. The happy path is one send and one step that fills in the
 * `clientOid`: everything needed to settle a lost answer (the look-ups, their closures) is built
 * only once an answer is lost, and the call's span is given only where it is needed (a V3
 * placement cost ≈ 20 µs of CPU over a 1-row GET before; FINDINGS §18):
 * - the look-ups run as children of `span` (they are calls with spans of their own);
 * - a failure is raised under `span`, so its trace names the endpoint
 *   (`at bitget.spot.trade.placeOrder`) as when the whole placement ran under it.
 */
export const place = (
  endpoint: Endpoint.Any,
  placement: Placement.Placement,
  wire: WireRequest,
  span: Tracer.Span,
  run: Run,
  call: Call
): Effect.Effect<unknown, Errors.BitgetError> => {
  const context: Settle = { endpoint, placement, span, run, call }
  return placement.items === undefined && !placement.array
    ? one(context, wire)
    : Effect.catchAll(batch(context, wire), (error) => raise(error, span))
}

/** What settling an order needs; closures over it are made only once an answer is lost. */
interface Settle {
  readonly endpoint: Endpoint.Any
  readonly placement: Placement.Placement
  readonly span: Tracer.Span
  readonly run: Run
  readonly call: Call
}

/**
 * Effect's key to the error behind the wrapper `Effect.fail` puts around an error it gives a span
 * (the span of the fiber's context where it failed: a program's own span, when there is one).
 */
const original = Symbol.for("effect/OriginalAnnotation")

/**
 * Fails with `error` under `span`, the error given that span even when it failed under another
 * (a program's own), as when the whole placement ran under `span` (see `place`).
 */
const raise = (error: Errors.BitgetError, span: Tracer.Span) => {
  const bare: Errors.BitgetError = (error as unknown as Record<symbol, Errors.BitgetError | undefined>)[original] ??
    error
  return Effect.withParentSpan(Effect.fail(bare), span)
}

/** One look-up: the order's id when it shows the order, `None` when it shows none. */
const findIn = (context: Settle, lookup: Endpoint.Any, order: WireRequest, clientOid: string) =>
  Effect.flatMap(
    Clock.currentTimeMillis,
    (now) =>
      Effect.withParentSpan(context.call(lookup, context.placement.lookupRequest(order, clientOid, now)), context.span)
  ).pipe(
    Effect.map((data) => Option.fromNullable(context.placement.orderId(data, clientOid))),
    Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none<string>()))
  )

/** The look-ups in order; the first that shows the order settles it, none showing it is `None`. */
const find = (context: Settle) => (order: WireRequest, clientOid: string) =>
  context.placement.lookups().reduce<Effect.Effect<Option.Option<string>, Errors.BitgetError>>(
    (before, lookup) =>
      Effect.flatMap(
        before,
        (found) => Option.isSome(found) ? Effect.succeed(found) : findIn(context, lookup, order, clientOid)
      ),
    Effect.succeed(Option.none())
  )

const unknownIn = (endpoint: Endpoint.Any): Unknown => (clientOids, placed, reason) =>
  new Errors.UnknownOrderFate({ endpoint: endpoint.name, clientOids, placed, reason })

type Find = (order: WireRequest, clientOid: string) => Effect.Effect<Option.Option<string>, Errors.BitgetError>
type Unknown = (
  clientOids: ReadonlyArray<string>,
  placed: ReadonlyArray<Fate>,
  reason: string
) => Errors.UnknownOrderFate

/** The caller learns the clientOid even when the exchange's answer leaves it out. */
const withOid = (data: unknown, clientOid: string): unknown => {
  const row = record(data)
  return row !== undefined && text(row.clientOid) === undefined ? { ...row, clientOid } : data
}

const one = (context: Settle, wire: WireRequest) => {
  const given = text(wire.clientOid)
  const clientOid = given ?? newClientOid()
  const sent = { ...wire, clientOid }
  return Effect.catchAll(
    Effect.map(context.run(sent), (data) => withOid(data, clientOid)),
    (error) =>
      fateUnknown(error)
        ? Effect.catchAll(lost(context, sent, clientOid, error), (error) => raise(error, context.span))
        : raise(error, context.span)
  )
}

/** The answer to `sent` was lost (`error`): look the order up, place it again only when not found. */
const lost = (
  context: Settle,
  sent: WireRequest,
  clientOid: string,
  error: Errors.TransportError
): Effect.Effect<unknown, Errors.BitgetError> => {
  const unknown = unknownIn(context.endpoint)
  // An order whose clientOid the exchange ignores can be neither found by it nor refused again.
  const cannot = context.placement.unsettled(sent)
  if (cannot !== undefined) return Effect.fail(unknown([clientOid], [], `${error.reason}; not sent again: ${cannot}`))
  const lookUp = find(context)
  const resolve = (round: number, why: string): Effect.Effect<unknown, Errors.BitgetError> =>
    lookUp(sent, clientOid).pipe(
      Effect.mapError((error) => unknown([clientOid], [], `${why}; looking it up failed: ${error.message}`)),
      Effect.flatMap(Option.match({
        onSome: (orderId) => Effect.succeed({ orderId, clientOid }),
        onNone: () =>
          round >= ROUNDS
            ? Effect.fail(unknown([clientOid], [], `${why}; sent ${round} times, no answer and not found`))
            : context.run(sent).pipe(
              Effect.map((data) => withOid(data, clientOid)),
              Effect.catchAll((error) => {
                if (fateUnknown(error)) return resolve(round + 1, error.reason)
                // Refused as a duplicate: the first placement arrived after the look-up.
                if (error._tag === "DuplicateClientOid") return settleDuplicate(sent, clientOid, lookUp, unknown)
                return Effect.fail(error)
              })
            )
      }))
    )
  return resolve(1, error.reason)
}

const settleDuplicate = (order: WireRequest, clientOid: string, find: Find, unknown: Unknown) =>
  find(order, clientOid).pipe(
    Effect.mapError((error) =>
      unknown([clientOid], [], `refused as a duplicate; looking it up failed: ${error.message}`)
    ),
    Effect.flatMap(Option.match({
      onSome: (orderId) => Effect.succeed({ orderId, clientOid }),
      onNone: () => Effect.fail(unknown([clientOid], [], "refused as a duplicate clientOid, yet not found"))
    }))
  )

const batch = (context: Settle, wire: WireRequest) => {
  const { answer, items } = context.placement
  const { run } = context
  const unknown = unknownIn(context.endpoint)
  const lookUp = find(context)
  // A V3 batch is the array itself; a V2 batch is the array at `wire[items]` beside shared fields.
  const at: unknown = items === undefined ? wire : wire[items]
  const list = Array.isArray(at) ? at as ReadonlyArray<WireRequest> : []
  const orders = list.map((item) => ({ ...item, clientOid: text(item.clientOid) ?? newClientOid() }))
  const shared: Record<string, unknown> = items === undefined ? {} : { ...wire }
  if (items !== undefined) delete shared[items]
  const send = (batch: ReadonlyArray<WireRequest>) =>
    run(items === undefined ? batch as unknown as WireRequest : { ...wire, [items]: batch })
  const merged = (order: WireRequest) => ({ ...shared, ...order })
  const oid = (order: WireRequest) => order.clientOid as string

  /** Looks every order up: found, not found, or the look-up failed. */
  const lookAll = (pending: ReadonlyArray<WireRequest>) =>
    Effect.forEach(pending, (order) => Effect.either(lookUp(merged(order), oid(order))), { concurrency: 4 })

  const resolve = (
    pending: ReadonlyArray<WireRequest>,
    round: number,
    placed: ReadonlyArray<Fate>,
    failed: ReadonlyArray<Failure>,
    why: string
  ): Effect.Effect<unknown, Errors.BitgetError> =>
    Effect.flatMap(lookAll(pending), (found) => {
      const nowPlaced = [...placed]
      const missing: Array<WireRequest> = []
      let lookupFailed: string | undefined
      found.forEach((result, i) => {
        const order = pending[i]!
        if (result._tag === "Left") {
          lookupFailed ??= result.left.message
          missing.push(order)
        } else if (result.right._tag === "Some") nowPlaced.push({ clientOid: oid(order), orderId: result.right.value })
        else missing.push(order)
      })
      if (missing.length === 0) return Effect.succeed(answer.make(nowPlaced, failed, orders))
      if (lookupFailed !== undefined) {
        return Effect.fail(unknown(missing.map(oid), nowPlaced, `${why}; looking up failed: ${lookupFailed}`))
      }
      if (round >= ROUNDS) {
        return Effect.fail(unknown(missing.map(oid), nowPlaced, `${why}; sent ${round} times, no answer and not found`))
      }
      return send(missing).pipe(
        Effect.flatMap((data) => settleBatch(data, missing, nowPlaced, failed)),
        Effect.catchAll((error): Effect.Effect<unknown, Errors.BitgetError> => {
          if (fateUnknown(error)) return resolve(missing, round + 1, nowPlaced, failed, error.reason)
          if (error._tag === "UnknownOrderFate") return Effect.fail(error)
          // The rest of the batch was refused as a whole: say so per order, keep what was placed.
          if (nowPlaced.length === 0) return Effect.fail(error)
          const code = "code" in error ? error.code : undefined
          const refused = missing.map((order): Failure =>
            code === undefined
              ? { clientOid: oid(order), errorMsg: error.message }
              : { clientOid: oid(order), errorMsg: error.message, errorCode: code }
          )
          return Effect.succeed(answer.make(nowPlaced, [...failed, ...refused], orders))
        })
      )
    })

  /** A resent batch's answer: rows refused as duplicates were placed by the lost send; find them. */
  const settleBatch = (
    data: unknown,
    sent: ReadonlyArray<WireRequest>,
    placed: ReadonlyArray<Fate>,
    failed: ReadonlyArray<Failure>
  ) => {
    const { placed: successes, refused: failures } = answer.read(data, sent)
    const duplicates = failures.filter((row) =>
      // A row without a code reads "undefined", no duplicate.
      Envelope.family(String(row.errorCode), 200) === "DuplicateClientOid"
    )
    const others = failures.filter((row) => !duplicates.includes(row))
    const again = sent.filter((order) => duplicates.some((row) => row.clientOid === oid(order)))
    const base = { successList: [...placed, ...successes], failureList: [...failed, ...others] }
    // Nothing to look up: `lookAll([])` finds nothing, nothing is lost, the answer is `base`.
    return Effect.flatMap(lookAll(again), (found) => {
      const confirmed: Array<Fate> = []
      const lost: Array<string> = []
      found.forEach((result, i) => {
        if (result._tag === "Right" && result.right._tag === "Some") {
          confirmed.push({ clientOid: oid(again[i]!), orderId: result.right.value })
        } else lost.push(oid(again[i]!))
      })
      const successList = [...base.successList, ...confirmed]
      return lost.length === 0
        ? Effect.succeed(answer.make(successList, base.failureList, orders))
        : Effect.fail(unknown(lost, successList, "refused as duplicate clientOids, yet not found"))
    })
  }

  return send(orders).pipe(
    Effect.catchAll((error) => fateUnknown(error) ? resolve(orders, 1, [], [], error.reason) : Effect.fail(error))
  )
}

/**
 * Placing orders so that a lost answer never means a duplicate or a silently lost order (see
 * `Placement`). Every order gets a `clientOid`; when the answer is lost after sending, the
 * client looks the order up by it and places it again only when the exchange shows none, under
 * the same `clientOid`, so a first placement that arrives late is refused by the exchange.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
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

export const place = (
  endpoint: Endpoint.Any,
  placement: Placement.Placement,
  wire: WireRequest,
  run: Run,
  call: Call
): Effect.Effect<unknown, Errors.BitgetError> => {
  /** One look-up: the order's id when it shows the order, `None` when it shows none. */
  const findIn = (lookup: Endpoint.Any, order: WireRequest, clientOid: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => call(lookup, placement.lookupRequest(order, clientOid, now))).pipe(
      Effect.map((data) => Option.fromNullable(placement.orderId(data, clientOid))),
      Effect.catchTag("OrderNotFound", () => Effect.succeed(Option.none<string>()))
    )
  /** The look-ups in order; the first that shows the order settles it, none showing it is `None`. */
  const find = (order: WireRequest, clientOid: string) =>
    placement.lookups().reduce<Effect.Effect<Option.Option<string>, Errors.BitgetError>>(
      (before, lookup) =>
        Effect.flatMap(
          before,
          (found) => Option.isSome(found) ? Effect.succeed(found) : findIn(lookup, order, clientOid)
        ),
      Effect.succeed(Option.none())
    )
  const unknown = (clientOids: ReadonlyArray<string>, placed: ReadonlyArray<Fate>, reason: string) =>
    new Errors.UnknownOrderFate({ endpoint: endpoint.name, clientOids, placed, reason })
  return placement.items === undefined && !placement.array
    ? one(wire, find, unknown, run, placement.unsettled)
    : batch(placement, wire, find, unknown, run)
}

type Find = (order: WireRequest, clientOid: string) => Effect.Effect<Option.Option<string>, Errors.BitgetError>
type Unknown = (
  clientOids: ReadonlyArray<string>,
  placed: ReadonlyArray<Fate>,
  reason: string
) => Errors.UnknownOrderFate

const one = (
  wire: WireRequest,
  find: Find,
  unknown: Unknown,
  run: Run,
  unsettled: (order: WireRequest) => string | undefined
) => {
  const clientOid = text(wire.clientOid) ?? newClientOid()
  const sent = { ...wire, clientOid }
  // The caller learns the clientOid even when the exchange's answer leaves it out.
  const withOid = (data: unknown) => {
    const row = record(data)
    return row !== undefined && text(row.clientOid) === undefined ? { ...row, clientOid } : data
  }
  const resolve = (round: number, why: string): Effect.Effect<unknown, Errors.BitgetError> =>
    find(sent, clientOid).pipe(
      Effect.mapError((error) => unknown([clientOid], [], `${why}; looking it up failed: ${error.message}`)),
      Effect.flatMap(Option.match({
        onSome: (orderId) => Effect.succeed({ orderId, clientOid }),
        onNone: () =>
          round >= ROUNDS
            ? Effect.fail(unknown([clientOid], [], `${why}; sent ${round} times, no answer and not found`))
            : run(sent).pipe(
              Effect.map(withOid),
              Effect.catchAll((error) => {
                if (fateUnknown(error)) return resolve(round + 1, error.reason)
                // Refused as a duplicate: the first placement arrived after the look-up.
                if (error._tag === "DuplicateClientOid") return settleDuplicate(sent, clientOid, find, unknown)
                return Effect.fail(error)
              })
            )
      }))
    )
  // An order whose clientOid the exchange ignores can be neither found by it nor refused again.
  const cannot = unsettled(sent)
  return run(sent).pipe(
    Effect.map(withOid),
    Effect.catchAll((error) =>
      !fateUnknown(error)
        ? Effect.fail(error)
        : cannot !== undefined
        ? Effect.fail(unknown([clientOid], [], `${error.reason}; not sent again: ${cannot}`))
        : resolve(1, error.reason)
    )
  )
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

const batch = (placement: Placement.Placement, wire: WireRequest, find: Find, unknown: Unknown, run: Run) => {
  const { answer, items } = placement
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
    Effect.forEach(pending, (order) => Effect.either(find(merged(order), oid(order))), { concurrency: 4 })

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
      row.errorCode !== undefined && Envelope.family(String(row.errorCode), 200) === "DuplicateClientOid"
    )
    const others = failures.filter((row) => !duplicates.includes(row))
    const again = sent.filter((order) => duplicates.some((row) => row.clientOid === oid(order)))
    const base = { successList: [...placed, ...successes], failureList: [...failed, ...others] }
    if (again.length === 0) return Effect.succeed(answer.make(base.successList, base.failureList, orders))
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

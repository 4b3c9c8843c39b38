/**
 * How an order placement's fate is learned when its answer is lost, declared next to the
 * endpoint (`Endpoint.post(path, { …, placement })`). The client gives every order a
 * `clientOid` (a generated one when the caller gives none, returned in the answer) and, when a
 * placement times out or its connection is cut after sending, resolves it with the exchange's
 * own rules: a look-up by `clientOid`, and Bitget's refusal of a second placement with a
 * `clientOid` it already has. Found → the call succeeds with that order; not found → placed once
 * more under the same `clientOid`; still unknown → `UnknownOrderFate` carrying the `clientOid`s.
 *
 * Any line adopts it by adding `placement: Placement.one(...)` (or `Placement.batch(...)`) to
 * its placement declarations.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { Endpoint, WireRequest } from "./Endpoint.js"

/**
 * The `clientOid` field of a placement's answer: always known, so required in its type. The
 * client sends one with every order (a generated one when the caller gives none) and, when
 * Bitget's answer leaves it out (absent, null or ""), puts the one it sent back.
 */
export const clientOid: Schema.PropertySignature<":", string, never, "?:", string | null, false, never> = Schema
  .optionalToRequired(Schema.NullOr(Schema.String), Schema.String, {
    // "" stands for "absent" until the placement puts the clientOid it sent in its place.
    decode: (value) => Option.getOrElse(Option.flatMap(value, Option.fromNullable), () => ""),
    encode: Option.some
  })

export interface Placement {
  /** The key of the order list in a batch request; absent when the request is one order. */
  readonly items: string | undefined
  /** A batch whose request is the JSON array of orders itself (V3's `place-batch`), not a field of it. */
  readonly array: boolean
  /** How a batch's answer says which orders were placed and which refused, and how one is built. */
  readonly answer: BatchAnswer
  /**
   * The look-ups by `clientOid`, tried in order until one shows the order (a thunk: they are
   * often declared further down the module).
   */
  readonly lookups: () => ReadonlyArray<Endpoint.Any>
  /**
   * The look-up's request for one order (`order`: its wire fields, a batch's shared fields
   * merged in; `now`: the current time in epoch milliseconds).
   */
  readonly lookupRequest: (order: WireRequest, clientOid: string, now: number) => WireRequest
  /** The id of the order `clientOid` the look-up's data shows, or `undefined` when it shows none. */
  readonly orderId: (data: unknown, clientOid: string) => string | undefined
  /**
   * Why `clientOid` cannot settle this order (the exchange ignores it for some order kinds), or
   * `undefined`. Such an order of unknown fate is never sent again: `UnknownOrderFate` at once.
   */
  readonly unsettled: (order: WireRequest) => string | undefined
}

/** An order of a batch that was placed (its `clientOid` always known: the client gives every order one). */
export interface Placed {
  readonly clientOid: string
  readonly orderId?: string
}

/** An order of a batch the exchange refused, with its reason and code. */
export interface Refused {
  readonly clientOid: string
  readonly errorMsg: string
  readonly errorCode?: string
}

/**
 * A batch's answer, read and built: `read` splits an answer (decoded data) to the orders `sent`
 * into orders placed and refused; `make` builds the answer a caller gets when the client settled the batch itself after
 * a lost answer (`orders`: the orders sent, in order, each with its `clientOid`).
 */
export interface BatchAnswer {
  readonly read: (data: unknown, sent: ReadonlyArray<WireRequest>) => {
    readonly placed: ReadonlyArray<Placed>
    readonly refused: ReadonlyArray<Refused>
  }
  readonly make: (
    placed: ReadonlyArray<Placed>,
    refused: ReadonlyArray<Refused>,
    orders: ReadonlyArray<WireRequest>
  ) => unknown
}

const rowsOf = (value: unknown): ReadonlyArray<any> => Array.isArray(value) ? value : []

/** V2's batch answer: `{ successList, failureList }`, each row naming its `clientOid`. */
export const listsAnswer: BatchAnswer = {
  read: (data) => {
    // Any other answer reads no list: `[]` for both.
    const answer = (data ?? {}) as Record<string, unknown>
    return { placed: rowsOf(answer.successList), refused: rowsOf(answer.failureList) }
  },
  make: (placed, refused) => ({ successList: placed, failureList: refused })
}

interface Options {
  /**
   * The look-up endpoint: an order by `clientOid` (`spot.trade.orderInfo`, `futures.order.detail` …),
   * or several tried in order until one shows it (margin: open orders, then history orders).
   */
  readonly lookup: () => Endpoint.Any | ReadonlyArray<Endpoint.Any>
  /** Fields of the order copied into the look-up's request besides `clientOid` (`symbol`, `productType` …). */
  readonly keys?: ReadonlyArray<string>
  /**
   * The look-up's request, when more than `keys` and `clientOid` is needed (margin's required
   * `startTime`); `now` is the current time in epoch milliseconds. It replaces `keys`.
   */
  readonly request?: (order: WireRequest, clientOid: string, now: number) => WireRequest
  /** Reads the order id from the look-up's data; by default `orderId` of the object or the array's first row. */
  readonly orderId?: (data: unknown, clientOid: string) => string | undefined
  /** Why `clientOid` cannot settle an order (e.g. spot ignores it on `tpsl` orders); see `Placement.unsettled`. */
  readonly unsettled?: (order: WireRequest) => string | undefined
}

const firstOrderId = (data: unknown): string | undefined => {
  const row = Array.isArray(data) ? data[0] : data
  if (typeof row !== "object" || row === null) return undefined
  const id = (row as Record<string, unknown>).orderId
  return typeof id === "string" && id !== "" ? id : undefined
}

const make = (items: string | undefined, options: Options, array = false, answer = listsAnswer): Placement => {
  // Any other default copies no field either: an order has no key named as Stryker names one.
  // Stryker disable next-line ArrayDeclaration: equivalent (above)
  const keys = options.keys ?? []
  return {
    items,
    array,
    answer,
    lookups: () => {
      const lookup = options.lookup()
      return Array.isArray(lookup) ? lookup : [lookup as Endpoint.Any]
    },
    lookupRequest: options.request ?? ((order, clientOid) => {
      const out: Record<string, unknown> = {}
      for (const key of keys) if (order[key] !== undefined) out[key] = order[key]
      out.clientOid = clientOid
      return out
    }),
    orderId: options.orderId ?? firstOrderId,
    unsettled: options.unsettled ?? (() => undefined)
  }
}

/**
 * Reads the id of the order `clientOid` from a list answer: the row of `data[list]` whose
 * `clientOid` it is (margin's open and history orders answer `{ orderList: [...] }`).
 */
export const orderIdIn = (list: string) => (data: unknown, clientOid: string): string | undefined => {
  // A text or number answer (or row) reads no list (no field).
  const rows = (data as Record<string, unknown> | null | undefined)?.[list]
  if (!Array.isArray(rows)) return undefined
  for (const row of rows as ReadonlyArray<unknown>) {
    const { clientOid: oid, orderId } = (row ?? {}) as Record<string, unknown>
    if (oid === clientOid && typeof orderId === "string" && orderId !== "") return orderId
  }
  return undefined
}

/** A placement of one order; `clientOid` is a top-level field of the request. */
export const one = (options: Options): Placement => make(undefined, options)

/**
 * A batch placement: every item of `request[items]` is an order with its own `clientOid`; the
 * answer is `{ successList, failureList }`, each row naming its `clientOid`.
 */
export const batch = (items: string, options: Options): Placement => make(items, options)

/**
 * A batch placement whose request is the JSON array of orders itself (V3's `place-batch`): every
 * item an order with its own `clientOid`; `answer` reads the exchange's per-item answer.
 */
export const batchArray = (options: Options & { readonly answer: BatchAnswer }): Placement =>
  make(undefined, options, true, options.answer)

/**
 * A fresh `clientOid`: 32 hex digits, fitting every line's rule (letters, digits and `-+_#`, at
 * most 50 characters). Random, so two processes sharing a key never collide.
 */
export const newClientOid = (): string => globalThis.crypto.randomUUID().replace(/-/g, "")

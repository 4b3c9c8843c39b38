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
import type { Endpoint, WireRequest } from "./Endpoint.js"

export interface Placement {
  /** The key of the order list in a batch request; absent when the request is one order. */
  readonly items: string | undefined
  /** The look-up by `clientOid` (a thunk: it is often declared further down the module). */
  readonly lookup: () => Endpoint.Any
  /** The look-up's request for one order: its wire fields (a batch's shared fields merged in). */
  readonly lookupRequest: (order: WireRequest, clientOid: string) => WireRequest
  /** The order id the look-up's data shows, or `undefined` when it shows no order. */
  readonly orderId: (data: unknown) => string | undefined
  /**
   * Why `clientOid` cannot settle this order (the exchange ignores it for some order kinds), or
   * `undefined`. Such an order of unknown fate is never sent again: `UnknownOrderFate` at once.
   */
  readonly unsettled: (order: WireRequest) => string | undefined
}

interface Options {
  /** The look-up endpoint: an order by `clientOid` (`spot.trade.orderInfo`, `futures.order.detail` …). */
  readonly lookup: () => Endpoint.Any
  /** Fields of the order copied into the look-up's request besides `clientOid` (`symbol`, `productType` …). */
  readonly keys?: ReadonlyArray<string>
  /** Reads the order id from the look-up's data; by default `orderId` of the object or the array's first row. */
  readonly orderId?: (data: unknown) => string | undefined
  /** Why `clientOid` cannot settle an order (e.g. spot ignores it on `tpsl` orders); see `Placement.unsettled`. */
  readonly unsettled?: (order: WireRequest) => string | undefined
}

const firstOrderId = (data: unknown): string | undefined => {
  const row = Array.isArray(data) ? data[0] : data
  if (typeof row !== "object" || row === null) return undefined
  const id = (row as Record<string, unknown>).orderId
  return typeof id === "string" && id !== "" ? id : undefined
}

const make = (items: string | undefined, options: Options): Placement => {
  const keys = options.keys ?? []
  return {
    items,
    lookup: options.lookup,
    lookupRequest: (order, clientOid) => {
      const out: Record<string, unknown> = {}
      for (const key of keys) if (order[key] !== undefined) out[key] = order[key]
      out.clientOid = clientOid
      return out
    },
    orderId: options.orderId ?? firstOrderId,
    unsettled: options.unsettled ?? (() => undefined)
  }
}

/** A placement of one order; `clientOid` is a top-level field of the request. */
export const one = (options: Options): Placement => make(undefined, options)

/**
 * A batch placement: every item of `request[items]` is an order with its own `clientOid`; the
 * answer is `{ successList, failureList }`, each row naming its `clientOid`.
 */
export const batch = (items: string, options: Options): Placement => make(items, options)

/**
 * A fresh `clientOid`: 32 hex digits, fitting every line's rule (letters, digits and `-+_#`, at
 * most 50 characters). Random, so two processes sharing a key never collide.
 */
export const newClientOid = (): string => globalThis.crypto.randomUUID().replace(/-/g, "")

/**
 * Local checks every declaration gets for free, run on the encoded request before anything is
 * sent: page size and time window limits of list endpoints, and demo/real pairing.
 */
import * as Duration from "effect/Duration"
import * as Demo from "../Demo.js"
import type { Endpoint } from "../Endpoint.js"

const number = (value: unknown): number | undefined =>
  value === undefined || value === null || value === "" ? undefined : Number(value)

/** Why the encoded request must not be sent, or `undefined`. */
export const check = (endpoint: Endpoint.Any, wire: { readonly [key: string]: unknown }): string | undefined => {
  // Any request with a time range, list or not, windowed or not.
  const from = number(wire.startTime)
  const to = number(wire.endTime)
  if (from !== undefined && to !== undefined && to < from) return `endTime is before startTime (${to} < ${from})`
  const pagination = endpoint.pagination
  if (pagination !== undefined) {
    const limit = number(wire[pagination.limit.param])
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > pagination.limit.max)) {
      return `${pagination.limit.param} must be an integer from 1 to ${pagination.limit.max}, got ${limit}`
    }
    const window = pagination.window
    if (window !== undefined) {
      const start = number(wire[window.start])
      const end = number(wire[window.end])
      if (start !== undefined && end !== undefined) {
        if (end < start) return `${window.end} is before ${window.start}`
        const max = Duration.toMillis(window.max)
        if (end - start > max) {
          return `${window.start} to ${window.end} spans ${Duration.format(Duration.millis(end - start))}, ` +
            `more than the endpoint's ${Duration.format(window.max)}; use the items/pages stream to walk a longer range`
        }
      }
    }
  }
  const top = pairOf(wire)
  const problem = Demo.checkPair(top)
  if (problem !== undefined) return problem
  // Batch requests carry symbols per item (`orderList`, or V3's body that is the array itself):
  // each item pairs with the request's own values.
  for (const value of Array.isArray(wire) ? [wire] : Object.values(wire)) {
    if (!Array.isArray(value)) continue
    for (const item of value) {
      // A string or number item reads no symbol, coin or product type: without the `typeof` it would pair
      // the request's own values again (equivalent); `null` would throw.
      // Stryker disable next-line ConditionalExpression: equivalent for the `typeof` (above)
      if (typeof item !== "object" || item === null) continue
      const own = pairOf(item as Record<string, unknown>)
      const itemProblem = Demo.checkPair({
        symbol: own.symbol ?? top.symbol,
        coin: own.coin ?? top.coin,
        productType: own.productType ?? top.productType
      })
      if (itemProblem !== undefined) return itemProblem
    }
  }
  return undefined
}

const pairOf = (wire: { readonly [key: string]: unknown }) => ({
  symbol: text(wire.symbol),
  coin: text(wire.marginCoin) ?? text(wire.coin),
  productType: text(wire.productType)
})

const text = (value: unknown): string | undefined => typeof value === "string" ? value : undefined

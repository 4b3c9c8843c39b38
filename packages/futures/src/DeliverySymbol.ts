/**
 * Coin-M delivery symbols: the pair, a month code and a two-digit year (`BTCUSDZ25` delivers in
 * December 2025). Parsing, building and the month codes come from core's `Delivery`; this adds
 * the quarterly contracts that follow a date.
 */
import * as Delivery from "@effect-bitget/core/Delivery"

export { make, monthCode, monthCodes, parse, quarterCodes } from "@effect-bitget/core/Delivery"
export type { DeliverySymbol, MonthCode } from "@effect-bitget/core/Delivery"

/** Whether a symbol is a delivery contract (`BTCUSDZ25`) rather than a perpetual (`BTCUSD`). */
export const isDelivery = (symbol: string): boolean => Delivery.parse(symbol) !== undefined

/**
 * The next `count` quarterly delivery symbols of a pair from a date (UTC): a quarter month
 * that has begun counts from the next one, as its contract is about to deliver or has done.
 * `nextQuarters("BTCUSD", new Date("2025-10-01"))` → `["BTCUSDZ25", "BTCUSDH26"]`.
 */
export const nextQuarters = (pair: string, from: Date, count = 2): ReadonlyArray<string> => {
  const out: Array<string> = []
  let year = from.getUTCFullYear()
  let month = from.getUTCMonth() + 1
  while (out.length < count) {
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
    if (Delivery.quarterCodes.includes(Delivery.monthCode(month))) {
      out.push(Delivery.make({ pair, month, year }))
    }
  }
  return out
}

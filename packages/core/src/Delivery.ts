/**
 * Coin-M delivery contracts: a symbol is the pair, a month code and a two-digit year
 * (`BTCUSDZ25` delivers in December 2025). Month codes are the futures-market letters F…Z.
 */

/** Month codes, January (F) to December (Z). */
export const monthCodes = ["F", "G", "H", "J", "K", "M", "N", "Q", "U", "V", "X", "Z"] as const

export type MonthCode = typeof monthCodes[number]

/** Quarterly delivery months: March (H), June (M), September (U), December (Z). */
export const quarterCodes: ReadonlyArray<MonthCode> = ["H", "M", "U", "Z"]

/** The code of a month (1 = January). */
export const monthCode = (month: number): MonthCode => {
  const code = monthCodes[month - 1]
  if (code === undefined) throw new RangeError(`month must be 1 to 12, got ${month}`)
  return code
}

/** The month (1 = January) of a code. */
export const month = (code: MonthCode): number => monthCodes.indexOf(code) + 1

export interface DeliverySymbol {
  readonly pair: string
  readonly month: number
  readonly year: number
}

const DELIVERY = /^([A-Z0-9]+)([FGHJKMNQUVXZ])(\d{2})$/

/** `BTCUSDZ25` → `{ pair: "BTCUSD", month: 12, year: 2025 }`; `undefined` for a perpetual. */
export const parse = (symbol: string): DeliverySymbol | undefined => {
  const match = DELIVERY.exec(symbol.toUpperCase())
  if (match === null) return undefined
  return { pair: match[1]!, month: month(match[2] as MonthCode), year: 2000 + Number(match[3]) }
}

/** `{ pair: "BTCUSD", month: 12, year: 2025 }` → `BTCUSDZ25`. */
export const make = (symbol: DeliverySymbol): string =>
  `${symbol.pair.toUpperCase()}${monthCode(symbol.month)}${String(symbol.year % 100).padStart(2, "0")}`

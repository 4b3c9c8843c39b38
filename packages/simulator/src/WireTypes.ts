/**
 * The JSON types Bitget sends where a declaration's encoder writes another. The library decodes
 * both spellings (a flag from `"true"` or `true`, a level from strings or numbers); its encoders
 * write one, usually the string. These fields are numbers, booleans or one object on the real
 * exchange, so the simulator sends them so: a client that only reads the string form fails here
 * as it would there. Sources: the captured answers of Bitget's pages (JKorf/Bitget.Net
 * `Bitget.Net.UnitTests/Endpoints/**`, checked by `test/wireTypes.test.ts` against
 * `test/fixtures/wire-types.json`) and `../shared/reference/bitget-docs-facts.md` (quirk 6).
 */

/** `number`/`boolean`: a string becomes that; `one`: a list becomes its (only) row. */
export type WireType = "number" | "boolean" | "one"

/**
 * By endpoint name, the paths inside `data` to retype: `""` is `data` itself, `.name` a field,
 * `[]` every element of a list.
 */
export const overrides: Readonly<Record<string, Readonly<Record<string, WireType>>>> = {
  // Margin flags are JSON booleans (ccxt's fetchMarkets reads them with safeBool).
  "margin.market.currencies": {
    "[].isBorrowable": "boolean",
    "[].isCrossBorrowable": "boolean",
    "[].isIsolatedBaseBorrowable": "boolean",
    "[].isIsolatedQuoteBorrowable": "boolean"
  },
  "margin.market.crossInterestRateAndLimit": { "[].borrowable": "boolean", "[].transferable": "boolean" },
  // The cross account is one: its flash repayment answers one object.
  "margin.account.crossFlashRepay": { "": "one" },
  // Futures merged depth and V3 order book levels are numbers.
  "futures.market.mergeDepth": { ".asks[][]": "number", ".bids[][]": "number" },
  "unified.market.orderBook": { ".a[][]": "number", ".b[][]": "number" },
  // Quirk 6 of bitget-docs-facts.md: the spot account's parentId and the VIP level are numbers.
  "spot.account.info": { ".parentId": "number" },
  "spot.market.vipFeeRates": { "[].level": "number" },
  // The same list: the sub-accounts' userId; bitget-endpoint-shapes.md: convert sizes and the
  // virtual sub-account list's endId are numbers in the pages' examples.
  "spot.account.subaccountAssets": { "[].userId": "number" },
  "convert.convert.quotedPrice": { ".fromCoinSize": "number" },
  "convert.convert.convertRecord": { ".dataList[].fromCoinSize": "number" },
  "broker.virtualSubaccount.virtualSubaccountList": { ".endId": "number" }
}

const convert = (value: unknown, type: WireType): unknown => {
  switch (type) {
    case "number": {
      if (typeof value !== "string" || value === "" || !Number.isFinite(Number(value))) return value
      // A whole number a JSON number cannot carry exactly (an id past 2^53) stays a string.
      return /^-?\d+$/.test(value) && !Number.isSafeInteger(Number(value)) ? value : Number(value)
    }
    case "boolean":
      return value === "true" || value === "yes" ? true : value === "false" || value === "no" ? false : value
    case "one":
      return Array.isArray(value) && value.length > 0 ? value[0] : value
  }
}

/** `value` with the value at `path` (see `overrides`) converted, copying only what changes. */
const at = (value: unknown, path: string, type: WireType): unknown => {
  if (path === "") return convert(value, type)
  if (path.startsWith("[]")) {
    return Array.isArray(value) ? value.map((item) => at(item, path.slice(2), type)) : value
  }
  const match = /^\.([^.[]+)(.*)$/.exec(path)
  if (match === null || value === null || typeof value !== "object" || Array.isArray(value)) return value
  const [, key, rest] = match
  const record = value as Record<string, unknown>
  if (!(key! in record)) return value
  return { ...record, [key!]: at(record[key!], rest!, type) }
}

/** The encoded `data` of endpoint `name` in the JSON types Bitget sends. */
export const apply = (name: string, data: unknown): unknown => {
  const fields = overrides[name]
  if (fields === undefined) return data
  let out = data
  for (const [path, type] of Object.entries(fields)) out = at(out, path, type)
  return out
}

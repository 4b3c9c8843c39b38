/**
 * Demo trading symbols and coins. A demo coin is the real coin with an `S` in front (`SUSDT`,
 * `SBTC`); a demo symbol prefixes both base and quote (`BTCUSDT` → `SBTCSUSDT`). The exchange
 * rejects a request that mixes a demo symbol with a real coin (or the reverse); `checkPair`
 * catches that before anything is sent.
 */

/** The demo coins the exchange credits after registration. */
export const coins = ["SUSDT", "SBTC", "SETH", "SEOS", "SUSDC"] as const

/** Quote coins a real symbol can end with, longest first so `USDT` wins over `USD`. */
export const quotes = ["USDT", "USDC", "USDE", "EUR", "BRL", "BTC", "ETH", "BGB", "USD", "PERP"] as const

const DEMO_SYMBOL = new RegExp(`^S([A-Z0-9]{2,})S(${quotes.join("|")})$`)

/** Whether a coin is a demo coin (`SUSDT`, `SBTC`, …). */
export const isDemoCoin = (coin: string): boolean => (coins as ReadonlyArray<string>).includes(coin.toUpperCase())

/** Whether a symbol is a demo symbol (`SBTCSUSDT`). */
export const isDemoSymbol = (symbol: string): boolean => DEMO_SYMBOL.test(symbol.toUpperCase())

/** Whether a product type is a demo one (`SUSDT-FUTURES`, `susdt-futures`, …). */
export const isDemoProductType = (productType: string): boolean => /^S(USDT|COIN|USDC)-FUTURES$/i.test(productType)

/** `USDT` → `SUSDT`. */
export const coin = (real: string): string => `S${real.toUpperCase()}`

/** `SUSDT` → `USDT`; a real coin is returned unchanged. */
export const realCoin = (demo: string): string => isDemoCoin(demo) ? demo.slice(1).toUpperCase() : demo

/** Splits a real symbol into base and quote by its quote suffix; `undefined` when none fits. */
export const split = (symbol: string): { readonly base: string; readonly quote: string } | undefined => {
  const upper = symbol.toUpperCase()
  for (const quote of quotes) {
    if (upper.length > quote.length && upper.endsWith(quote)) {
      return { base: upper.slice(0, -quote.length), quote }
    }
  }
  return undefined
}

/** `BTCUSDT` → `SBTCSUSDT`. Fails on a symbol whose quote coin is unknown. */
export const symbol = (real: string): string => {
  const parts = split(real)
  if (parts === undefined) throw new Error(`cannot split symbol ${real} into base and quote`)
  return `S${parts.base}S${parts.quote}`
}

/** `SBTCSUSDT` → `BTCUSDT`; a real symbol is returned unchanged. */
export const realSymbol = (demo: string): string => {
  const match = DEMO_SYMBOL.exec(demo.toUpperCase())
  return match === null ? demo : `${match[1]}${match[2]}`
}

/**
 * Checks that the demo-ness of the values in a request agrees: a demo symbol needs demo coins
 * and a demo product type, a real symbol real ones. Returns a reason when they disagree.
 */
export const checkPair = (values: {
  readonly symbol?: string | undefined
  readonly coin?: string | undefined
  readonly productType?: string | undefined
}): string | undefined => {
  const seen: Array<readonly [string, string, boolean]> = []
  if (values.symbol !== undefined && values.symbol !== "") {
    seen.push(["symbol", values.symbol, isDemoSymbol(values.symbol)])
  }
  if (values.coin !== undefined && values.coin !== "") seen.push(["coin", values.coin, isDemoCoin(values.coin)])
  if (values.productType !== undefined && values.productType !== "") {
    seen.push(["productType", values.productType, isDemoProductType(values.productType)])
  }
  const demo = seen.filter(([, , isDemo]) => isDemo)
  if (demo.length === 0 || demo.length === seen.length) return undefined
  const real = seen.filter(([, , isDemo]) => !isDemo)
  const describe = (list: typeof seen) => list.map(([name, value]) => `${name} ${value}`).join(", ")
  return `demo and real values mixed: demo ${describe(demo)}; real ${describe(real)}`
}

/**
 * The simulated futures contracts: USDT-M, Coin-M (perpetual and the next two quarterly
 * delivery contracts) and USDC-M, and their demo twins (S-prefixed symbols and coins), with
 * the starting mark price of each and the balances a fresh account holds.
 */
import * as DeliverySymbol from "@effect-bitget/futures/DeliverySymbol"

export interface ContractDef {
  readonly symbol: string
  /** Upper case: `USDT-FUTURES`, `SUSDT-FUTURES` … */
  readonly productType: string
  readonly baseCoin: string
  readonly quoteCoin: string
  readonly marginCoins: ReadonlyArray<string>
  readonly symbolType: "perpetual" | "delivery"
  readonly pricePlace: number
  readonly volumePlace: number
  readonly minTradeNum: string
  readonly price: string
  readonly deliveryTime?: number
}

/** Margin coins whose amounts are quote (USD) amounts; the others (BTC, ETH …) are coin-margined. */
export const linearCoins = new Set(["USDT", "USDC", "SUSDT", "SUSDC"])

/** What a fresh account holds (real and demo coins; demo coins as after demo registration). */
export const startingBalances: Readonly<Record<string, string>> = {
  USDT: "100000",
  USDC: "100000",
  BTC: "10",
  ETH: "100",
  SUSDT: "100000",
  SUSDC: "100000",
  SBTC: "10",
  SETH: "100",
  SEOS: "10000"
}

const perpetual = (
  productType: string,
  symbol: string,
  baseCoin: string,
  quoteCoin: string,
  marginCoins: ReadonlyArray<string>,
  price: string
): ContractDef => ({
  symbol,
  productType,
  baseCoin,
  quoteCoin,
  marginCoins,
  symbolType: "perpetual",
  pricePlace: baseCoin.endsWith("BTC") ? 1 : 2,
  volumePlace: 3,
  minTradeNum: "0.001",
  price
})

/** Every contract, for a simulator started at `now`. */
export const make = (now: number): ReadonlyArray<ContractDef> => {
  const quarters = (pair: string, base: string, margin: string, price: string) =>
    DeliverySymbol.nextQuarters(pair, new Date(now)).map((symbol): ContractDef => {
      const parsed = DeliverySymbol.parse(symbol)!
      return {
        ...perpetual("COIN-FUTURES", symbol, base, "USD", [margin], price),
        symbolType: "delivery",
        deliveryTime: Date.UTC(parsed.year, parsed.month - 1, 28, 8)
      }
    })
  return [
    perpetual("USDT-FUTURES", "BTCUSDT", "BTC", "USDT", ["USDT"], "60000"),
    perpetual("USDT-FUTURES", "ETHUSDT", "ETH", "USDT", ["USDT"], "3000"),
    perpetual("COIN-FUTURES", "BTCUSD", "BTC", "USD", ["BTC"], "60000"),
    perpetual("COIN-FUTURES", "ETHUSD", "ETH", "USD", ["ETH"], "3000"),
    ...quarters("BTCUSD", "BTC", "BTC", "60100"),
    perpetual("USDC-FUTURES", "BTCPERP", "BTC", "USDC", ["USDC"], "60000"),
    perpetual("USDC-FUTURES", "ETHPERP", "ETH", "USDC", ["USDC"], "3000"),
    perpetual("SUSDT-FUTURES", "SBTCSUSDT", "SBTC", "SUSDT", ["SUSDT"], "60000"),
    perpetual("SUSDT-FUTURES", "SETHSUSDT", "SETH", "SUSDT", ["SUSDT"], "3000"),
    perpetual("SUSDT-FUTURES", "SEOSSUSDT", "SEOS", "SUSDT", ["SUSDT"], "0.8"),
    perpetual("SCOIN-FUTURES", "SBTCSUSD", "SBTC", "SUSD", ["SBTC"], "60000"),
    perpetual("SCOIN-FUTURES", "SETHSUSD", "SETH", "SUSD", ["SETH"], "3000"),
    perpetual("SUSDC-FUTURES", "SBTCSPERP", "SBTC", "SUSDC", ["SUSDC"], "60000")
  ]
}

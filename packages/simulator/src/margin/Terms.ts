/**
 * The simulated margin market's terms: which coins lend at what daily rate and up to what
 * amount (by tier), the leverage of cross and isolated accounts, the maintenance margin rate and
 * the risk lines. One table serves the term endpoints and the rules of the ledger.
 */
import * as BD from "effect/BigDecimal"

const dec = (value: string) => BD.unsafeFromString(value)

export interface Tier {
  readonly tier: number
  readonly leverage: number
  /** The most one may owe of the coin in this tier. */
  readonly maxBorrowable: BD.BigDecimal
  readonly maintainMarginRate: BD.BigDecimal
}

export interface CoinTerms {
  readonly dailyInterestRate: BD.BigDecimal
  readonly tiers: ReadonlyArray<Tier>
}

const tiers = (first: string, mmr = "0.1"): ReadonlyArray<Tier> => [
  { tier: 1, leverage: 3, maxBorrowable: dec(first), maintainMarginRate: dec(mmr) },
  { tier: 2, leverage: 2, maxBorrowable: BD.multiply(dec(first), dec("2")), maintainMarginRate: dec("0.15") }
]

/** Lending coins (a coin not listed here cannot be borrowed: 50037). */
export const COINS: ReadonlyMap<string, CoinTerms> = new Map([
  ["USDT", { dailyInterestRate: dec("0.0001"), tiers: tiers("1000000") }],
  ["BTC", { dailyInterestRate: dec("0.00005"), tiers: tiers("20") }],
  ["ETH", { dailyInterestRate: dec("0.00006"), tiers: tiers("300") }],
  ["SOL", { dailyInterestRate: dec("0.0002"), tiers: tiers("5000") }],
  ["BGB", { dailyInterestRate: dec("0.0003"), tiers: tiers("100000") }]
])

/** Pairs that trade on margin. */
export const SYMBOLS: ReadonlyArray<string> = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "BGBUSDT"]

/** Leverage of a cross account and of an isolated one: what one may borrow is equity × (leverage − 1). */
export const CROSS_LEVERAGE = 3
export const ISOLATED_LEVERAGE = 5

/** The share of assets the maintenance margin keeps out of the risk rate's denominator. */
export const MAINTENANCE = dec("0.1")
/** The risk rate at which the exchange warns, and at which it liquidates. */
export const WARNING_RISK = dec("0.8")
export const LIQUIDATION_RISK = dec("1")
/** Liquidation fee: a share of the debt, taken from what is left. */
export const LIQUIDATION_FEE = dec("0.01")

export const HOUR = 3_600_000

export const yearly = (daily: BD.BigDecimal) => BD.multiply(daily, dec("365"))

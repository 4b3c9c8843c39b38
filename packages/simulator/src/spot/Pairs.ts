/**
 * The spot pairs the simulator trades and the coins it knows, as one table: the symbols list,
 * the coins list, the price each pair starts at and the rules its matching enforces (price and
 * size precision, minimum and maximum size, minimum notional in USDT) all come from here, so
 * what `spot/public/symbols` announces is what placing an order checks.
 */
import * as Demo from "@effect-bitget/core/Demo"

export interface PairDef {
  readonly symbol: string
  readonly baseCoin: string
  readonly quoteCoin: string
  /** The price the pair starts at. */
  readonly price: string
  /** Decimal places of a price. */
  readonly pricePrecision: number
  /** Decimal places of a size in the base coin. */
  readonly quantityPrecision: number
  /** Decimal places of an amount in the quote coin (a market buy's size). */
  readonly quotePrecision: number
  readonly minTradeAmount: string
  readonly maxTradeAmount: string
  /** The smallest order value, in USDT. */
  readonly minTradeUSDT: string
}

const pair = (
  base: string,
  quote: string,
  price: string,
  pricePrecision: number,
  quantityPrecision: number
): PairDef => ({
  symbol: `${base}${quote}`,
  baseCoin: base,
  quoteCoin: quote,
  price,
  pricePrecision,
  quantityPrecision,
  quotePrecision: quote === "BTC" ? 8 : 6,
  minTradeAmount: "0",
  // The exchange's own value for every major pair: the size is bounded by balances, not by this.
  maxTradeAmount: "900000000000000000000",
  minTradeUSDT: "1"
})

const REAL: ReadonlyArray<PairDef> = [
  pair("BTC", "USDT", "60000", 2, 6),
  pair("ETH", "USDT", "3000", 2, 4),
  pair("BGB", "USDT", "1.2", 4, 2),
  pair("SOL", "USDT", "150", 3, 3),
  pair("ETH", "BTC", "0.05", 6, 4)
]

const demoOf = (real: PairDef): PairDef => ({
  ...real,
  symbol: Demo.symbol(real.symbol),
  baseCoin: Demo.coin(real.baseCoin),
  quoteCoin: Demo.coin(real.quoteCoin)
})

/** Every spot pair: the real ones and their demo twins (`SBTCSUSDT`). */
export const pairs: ReadonlyArray<PairDef> = [...REAL, ...REAL.map(demoOf)]

export const bySymbol: ReadonlyMap<string, PairDef> = new Map(pairs.map((p) => [p.symbol, p]))

export interface ChainDef {
  readonly chain: string
  readonly withdrawFee: string
  readonly minDepositAmount: string
  readonly minWithdrawAmount: string
  readonly depositConfirm: number
  readonly withdrawConfirm: number
  readonly withdrawMinScale: number
  readonly contractAddress?: string
  readonly browserUrl: string
  readonly needTag?: boolean
}

export interface CoinDef {
  readonly coinId: string
  readonly coin: string
  readonly chains: ReadonlyArray<ChainDef>
}

const erc20 = (withdrawFee: string, minWithdraw: string, contract: string): ChainDef => ({
  chain: "ERC20",
  withdrawFee,
  minDepositAmount: "0",
  minWithdrawAmount: minWithdraw,
  depositConfirm: 12,
  withdrawConfirm: 64,
  withdrawMinScale: 6,
  contractAddress: contract,
  browserUrl: "https://etherscan.io/tx/"
})

const REAL_COINS: ReadonlyArray<CoinDef> = [
  {
    coinId: "1",
    coin: "BTC",
    chains: [{
      chain: "BTC",
      withdrawFee: "0.0002",
      minDepositAmount: "0.00001",
      minWithdrawAmount: "0.0005",
      depositConfirm: 1,
      withdrawConfirm: 1,
      withdrawMinScale: 8,
      browserUrl: "https://blockchair.com/bitcoin/transaction/"
    }]
  },
  {
    coinId: "2",
    coin: "USDT",
    chains: [
      erc20("2", "10", "0xdac17f958d2ee523a2206206994597c13d831ec7"),
      {
        chain: "TRC20",
        withdrawFee: "1",
        minDepositAmount: "0.01",
        minWithdrawAmount: "10",
        depositConfirm: 1,
        withdrawConfirm: 1,
        withdrawMinScale: 6,
        contractAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        browserUrl: "https://tronscan.org/#/transaction/"
      }
    ]
  },
  {
    coinId: "3",
    coin: "ETH",
    chains: [{
      chain: "ERC20",
      withdrawFee: "0.0012",
      minDepositAmount: "0.0001",
      minWithdrawAmount: "0.01",
      depositConfirm: 12,
      withdrawConfirm: 64,
      withdrawMinScale: 8,
      browserUrl: "https://etherscan.io/tx/"
    }]
  },
  { coinId: "4", coin: "BGB", chains: [erc20("8", "20", "0x54d2252757e1672eead234d27b1270728ff90581")] },
  {
    coinId: "5",
    coin: "SOL",
    chains: [{
      chain: "SOL",
      withdrawFee: "0.01",
      minDepositAmount: "0.0001",
      minWithdrawAmount: "0.1",
      depositConfirm: 1,
      withdrawConfirm: 1,
      withdrawMinScale: 8,
      browserUrl: "https://solscan.io/tx/"
    }]
  },
  { coinId: "6", coin: "USDC", chains: [erc20("2", "10", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48")] }
]

/**
 * Every coin: the real ones and the demo coins (no chains to move them on: demo funds are
 * credited by the exchange, never deposited or withdrawn).
 */
export const coins: ReadonlyArray<CoinDef> = [
  ...REAL_COINS,
  ...Demo.coins.map((coin, i): CoinDef => ({ coinId: String(1001 + i), coin, chains: [] }))
]

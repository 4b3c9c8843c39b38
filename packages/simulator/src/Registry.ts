/**
 * Every business line the simulator serves: their declarations (which are also the library's
 * endpoint list, printed by `pnpm endpoints`) and their stateful domains.
 */
import * as Broker from "@effect-bitget/broker"
import * as Convert from "@effect-bitget/convert"
import * as CopyTrading from "@effect-bitget/copy-trading"
import * as Core from "@effect-bitget/core"
import * as Assets from "@effect-bitget/core/Assets"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Public from "@effect-bitget/core/Public"
import * as Earn from "@effect-bitget/earn"
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import * as P2P from "@effect-bitget/p2p"
import * as Spot from "@effect-bitget/spot"
import * as Tax from "@effect-bitget/tax"
import * as Unified from "@effect-bitget/unified"
import * as AssetsDomain from "./assets/AssetsDomain.js"
import * as BrokerDomain from "./broker/BrokerDomain.js"
import * as ConvertDomain from "./convert/ConvertDomain.js"
import * as CopyDomain from "./copy/CopyDomain.js"
import type { Domain, Environment } from "./Domain.js"
import * as EarnDomain from "./earn/EarnDomain.js"
import * as FuturesDomain from "./futures/FuturesDomain.js"
import * as MarginDomain from "./margin/MarginDomain.js"
import * as P2PDomain from "./p2p/P2PDomain.js"
import * as PublicDomain from "./public/PublicDomain.js"
import * as SpotDomain from "./spot/SpotDomain.js"
import * as TaxDomain from "./tax/TaxDomain.js"
import * as UnifiedP2P from "./unified/P2PRoutes.js"
import * as StockPlusDomain from "./unified/StockPlusRoutes.js"
import * as UnifiedTrading from "./unified/Trading.js"
import * as UnifiedDomain from "./unified/UnifiedDomain.js"
import * as UnifiedWalletDomain from "./unified/WalletDomain.js"

/** Every declared endpoint of every line. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Public.endpoints,
  ...Assets.endpoints,
  ...Spot.endpoints,
  ...Futures.endpoints,
  ...Margin.endpoints,
  ...P2P.endpoints,
  ...Convert.endpoints,
  ...Tax.endpoints,
  ...Broker.endpoints,
  ...CopyTrading.endpoints,
  ...Unified.endpoints,
  ...Earn.endpoints
]

/**
 * Each line's package by the line's name (the first part of its endpoints' names; the package is
 * `@effect-bitget/<line in kebab-case>`). Its namespaces' operations are checked against their
 * endpoints' names and documented from their doc comments.
 */
export const packages: Readonly<Record<string, object>> = {
  core: Core,
  spot: Spot,
  futures: Futures,
  margin: Margin,
  p2p: P2P,
  convert: Convert,
  tax: Tax,
  broker: Broker,
  copyTrading: CopyTrading,
  unified: Unified,
  earn: Earn
}

/** Fresh domains (with fresh state) for one simulator. */
export const domains = (environment: Environment): ReadonlyArray<Domain> => {
  const spot = SpotDomain.make(environment)
  const spotControl = spot.control as SpotDomain.SpotControl
  const futures = FuturesDomain.make(environment)
  const p2p = P2PDomain.make(environment)
  // Margin accounts live in the spot world's balances and trade on its prices and matching.
  const margin = MarginDomain.make(environment, spotControl)
  const marginControl = margin.control as MarginDomain.MarginControl
  const ledger = marginControl.ledger
  const futuresWorld = (futures.control as FuturesDomain.FuturesControl).world
  // Unified (V3) accounts: one balance per coin in the spot world, futures trading in the futures world.
  const unified = UnifiedDomain.make(environment, { spot: spotControl.world, futures: futuresWorld }, [
    UnifiedTrading.routes
  ])
  // Savings and loans move money in and out of the spot world's balances.
  const earn = EarnDomain.make(spotControl)
  const earnControl = earn.control as EarnDomain.EarnControl
  return [
    PublicDomain.make(environment),
    spot,
    futures,
    margin,
    unified,
    p2p,
    // Sub-accounts' balances live in the spot and futures domains.
    BrokerDomain.make(environment, { spot: spotControl, futures: futures.control as FuturesDomain.FuturesControl }),
    // Copy trading trades in the spot and futures worlds.
    CopyDomain.make(environment, {
      futures: (futures.control as FuturesDomain.FuturesControl).world,
      spot: spotControl.world
    }),
    // Convert trades in the spot world.
    ConvertDomain.make(spotControl.world),
    // V3 transfers, deposits, withdrawals, sub-accounts and crypto loans move the balances the spot
    // world keeps for unified accounts (see unified/Funds.ts).
    UnifiedWalletDomain.make(environment, spotControl.world, futuresWorld),
    // V3 P2P ads and orders move the unified accounts' P2P balances, kept in the spot world too.
    UnifiedP2P.make(environment, spotControl.world),
    // Stock+ moves money between the unified balance and its own cash; its stocks trade on their price paths.
    StockPlusDomain.make(environment, spotControl.world),
    earn,
    // The whole account's assets are read from the other worlds.
    AssetsDomain.make({
      spot: spotControl,
      futures: futures.control as FuturesDomain.FuturesControl,
      margin: marginControl,
      earn: earnControl.usdtValue
    }),
    // Tax records are read from what the other worlds did.
    TaxDomain.make({
      spot: spotControl.world,
      futures: (futures.control as FuturesDomain.FuturesControl).world,
      p2p: (p2p.control as P2PDomain.P2PControl).world,
      // Interest and liquidations due by now are settled first, as every margin request does.
      margin: (uid) => {
        marginControl.settle()
        return ledger.finance.filter((r) => r.uid === uid).map((r) => ({
          id: r.marginId,
          uid: r.uid,
          marginType: r.key === "crossed_margin" ? "crossed" as const : "isolated" as const,
          coin: r.coin,
          symbol: r.symbol,
          taxType: r.type,
          amount: r.amount,
          fee: r.fee,
          total: r.balance,
          ts: r.cTime
        }))
      }
    })
  ]
}

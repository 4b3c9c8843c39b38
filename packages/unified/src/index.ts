/**
 * @effect-bitget/unified: Bitget's V3 API for unified trading accounts (UTA) as typed Effects.
 * One namespace on the exchange (`/api/v3/<group>/<action>`), where `category` picks the product.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Bills from "./Bills.js"
import * as Broker from "./Broker.js"
import * as Candles from "./Candles.js"
import * as Collateral from "./Collateral.js"
import * as Convert from "./Convert.js"
import * as CopyTrading from "./CopyTrading.js"
import * as CryptoLoan from "./CryptoLoan.js"
import * as Deposit from "./Deposit.js"
import * as Earn from "./Earn.js"
import * as Funding from "./Funding.js"
import * as GridBot from "./GridBot.js"
import * as Insights from "./Insights.js"
import * as InsLoan from "./InsLoan.js"
import * as Instruments from "./Instruments.js"
import * as Leverage from "./Leverage.js"
import * as Market from "./Market.js"
import * as MarketMaker from "./MarketMaker.js"
import * as Mode from "./Mode.js"
import * as P2PAds from "./P2PAds.js"
import * as P2PMerchant from "./P2PMerchant.js"
import * as P2POrders from "./P2POrders.js"
import * as Position from "./Position.js"
import * as Reality from "./Reality.js"
import * as RealityCompany from "./RealityCompany.js"
import * as Risk from "./Risk.js"
import * as Rwa from "./Rwa.js"
import * as StockPlusAsset from "./StockPlusAsset.js"
import * as StockPlusMarket from "./StockPlusMarket.js"
import * as StockPlusTrade from "./StockPlusTrade.js"
import * as Strategy from "./Strategy.js"
import * as SubAccount from "./SubAccount.js"
import * as SubAccountApiKey from "./SubAccountApiKey.js"
import * as Tax from "./Tax.js"
import * as Trade from "./Trade.js"
import * as Transfer from "./Transfer.js"
import * as Withdrawal from "./Withdrawal.js"

export * as Account from "./Account.js"
export * as Bills from "./Bills.js"
export * as Broker from "./Broker.js"
export * as Candles from "./Candles.js"
export * as Collateral from "./Collateral.js"
export * as Convert from "./Convert.js"
export * as CopyTrading from "./CopyTrading.js"
export * as CryptoLoan from "./CryptoLoan.js"
export * as Deposit from "./Deposit.js"
export * as Earn from "./Earn.js"
export * as Funding from "./Funding.js"
export * as GridBot from "./GridBot.js"
export * as Insights from "./Insights.js"
export * as InsLoan from "./InsLoan.js"
export * as Instruments from "./Instruments.js"
export * as Leverage from "./Leverage.js"
export * as Market from "./Market.js"
export * as MarketMaker from "./MarketMaker.js"
export * as Mode from "./Mode.js"
export * as P2PAds from "./P2PAds.js"
export * as P2PMerchant from "./P2PMerchant.js"
export * as P2POrders from "./P2POrders.js"
export * as Position from "./Position.js"
export * as Reality from "./Reality.js"
export * as RealityCompany from "./RealityCompany.js"
export * as Risk from "./Risk.js"
export * as Rwa from "./Rwa.js"
export * as Schemas from "./Schemas.js"
export * as StockPlusAsset from "./StockPlusAsset.js"
export * as StockPlusMarket from "./StockPlusMarket.js"
export * as StockPlusTrade from "./StockPlusTrade.js"
export * as Strategy from "./Strategy.js"
export * as SubAccount from "./SubAccount.js"
export * as SubAccountApiKey from "./SubAccountApiKey.js"
export * as Tax from "./Tax.js"
export * as Trade from "./Trade.js"
export * as Transfer from "./Transfer.js"
export * as Withdrawal from "./Withdrawal.js"

/** Every V3 declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Account.endpoints,
  ...Leverage.endpoints,
  ...Collateral.endpoints,
  ...Bills.endpoints,
  ...Mode.endpoints,
  ...Trade.endpoints,
  ...Position.endpoints,
  ...Strategy.endpoints,
  ...GridBot.endpoints,
  ...Market.endpoints,
  ...Candles.endpoints,
  ...Instruments.endpoints,
  ...Funding.endpoints,
  ...Risk.endpoints,
  ...MarketMaker.endpoints,
  ...Rwa.endpoints,
  ...Insights.endpoints,
  ...Reality.endpoints,
  ...RealityCompany.endpoints,
  ...StockPlusMarket.endpoints,
  ...StockPlusTrade.endpoints,
  ...StockPlusAsset.endpoints,
  ...Transfer.endpoints,
  ...Deposit.endpoints,
  ...Withdrawal.endpoints,
  ...SubAccount.endpoints,
  ...SubAccountApiKey.endpoints,
  ...CryptoLoan.endpoints,
  ...Tax.endpoints,
  ...Convert.endpoints,
  ...InsLoan.endpoints,
  ...Earn.endpoints,
  ...Broker.endpoints,
  ...CopyTrading.endpoints,
  ...P2PAds.endpoints,
  ...P2POrders.endpoints,
  ...P2PMerchant.endpoints
]

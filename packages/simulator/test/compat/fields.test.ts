// Stateful answers carry the fields the exchange sends: the keys of real captured bodies
// (JKorf/Bitget.Net Bitget.Net.UnitTests/Endpoints/**) against the simulator's raw JSON.
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import { RestClientV2 } from "bitget-api"
import * as Effect from "effect/Effect"
import { keys, layer as simulatorLayer } from "./setup.js"

const fields = (text: string) => text.split(" ")

/** Keys of captured answers; a key the exchange sends empty (`""`, `null`) is left out, as the simulator omits it. */
const captured = {
  // Spot/Trading/GetOpenOrders.txt (triggerPrice: null)
  spotUnfilled: fields(
    "userId symbol orderId clientOid priceAvg size orderType side status basePrice baseVolume quoteVolume enterPointSource cTime tpslType"
  ),
  // Spot/Trading/GetOrder.txt
  spotOrderInfo: fields(
    "userId symbol orderId clientOid price size orderType side status priceAvg baseVolume quoteVolume enterPointSource feeDetail orderSource cTime uTime"
  ),
  // Futures/Trading/GetOpenOrders2.txt (priceAvg: "")
  futuresPending: fields(
    "symbol size orderId clientOid baseVolume fee price status side force totalProfits posSide marginCoin quoteVolume leverage marginMode enterPointSource tradeSide posMode orderType orderSource presetStopSurplusPrice presetStopLossPrice reduceOnly cTime uTime"
  ),
  // Futures/Trading/GetOrder.txt
  futuresDetail: fields(
    "symbol size orderId clientOid baseVolume fee price state side force totalProfits posSide marginCoin presetStopSurplusPrice presetStopLossPrice quoteVolume orderType leverage marginMode reduceOnly enterPointSource tradeSide posMode orderSource cTime uTime"
  ),
  // Futures/Trading/GetPositions.txt, less `totalFee`: accumulated funding, which real answers send
  // "" until some is settled (the simulator settles none; futures/Rows.ts)
  futuresPosition: fields(
    "marginCoin symbol holdSide openDelegateSize marginSize available locked total leverage achievedProfits openPriceAvg marginMode posMode unrealizedPL liquidationPrice keepMarginRate markPrice breakEvenPrice deductedFee marginRatio cTime"
  ),
  // Futures/ExchangeData/GetFundingRate.txt and the documentation's fundingRateInterval
  fundingRate: fields("symbol fundingRate fundingRateInterval nextUpdate minFundingRate maxFundingRate")
}

const missing = (expected: ReadonlyArray<string>, row: unknown) =>
  expected.filter((key) => !Object.keys(row as object).includes(key))

layer(simulatorLayer(), { excludeTestServices: true })("fields of stateful answers", (it) => {
  it.effect("orders, positions and funding carry every key the captured answers carry", () =>
    Effect.flatMap(Simulator.Simulator, (simulator) =>
      Effect.promise(async () => {
        const { apiKey, passphrase, secret } = keys(simulator)
        const client = new RestClientV2({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: simulator.url })
        const spot = { symbol: "BTCUSDT", force: "gtc" } as const
        await client.spotSubmitOrder({ ...spot, side: "buy", orderType: "limit", price: "50000", size: "0.01" })
        const [open] = (await client.getSpotOpenOrders({ symbol: "BTCUSDT" })).data
        expect(missing(captured.spotUnfilled, open)).toEqual([])
        const market = (await client.spotSubmitOrder({ ...spot, side: "buy", orderType: "market", size: "100" })).data
        const [info] = (await client.getSpotOrder({ orderId: market.orderId })).data
        expect(missing(captured.spotOrderInfo, info)).toEqual([])

        const futures = {
          symbol: "BTCUSDT",
          productType: "USDT-FUTURES",
          marginMode: "crossed",
          marginCoin: "USDT"
        } as const
        const limit = (await client.futuresSubmitOrder({
          ...futures,
          size: "0.01",
          side: "buy",
          orderType: "limit",
          price: "50000",
          presetStopSurplusPrice: "70000",
          presetStopLossPrice: "45000"
        })).data
        const pending = (await client.getFuturesOpenOrders({ productType: "USDT-FUTURES" })).data
        expect(missing(captured.futuresPending, pending.entrustedList[0])).toEqual([])
        const detail =
          (await client.getFuturesOrder({ symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: limit.orderId }))
            .data
        expect(missing(captured.futuresDetail, detail)).toEqual([])
        expect([detail.price, detail.presetStopSurplusPrice, detail.presetStopLossPrice]).toEqual([
          "50000",
          "70000",
          "45000"
        ])
        await client.futuresSubmitOrder({ ...futures, size: "0.01", side: "buy", orderType: "market" })
        const [position] = (await client.getFuturesPositions({ productType: "USDT-FUTURES", marginCoin: "USDT" })).data
        expect(missing(captured.futuresPosition, position)).toEqual([])
        const [rate] =
          (await client.getFuturesCurrentFundingRate({ symbol: "BTCUSDT", productType: "USDT-FUTURES" })).data
        expect(missing(captured.fundingRate, rate)).toEqual([])
      })))
})

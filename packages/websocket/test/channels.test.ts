import * as Decimal from "@effect-bitget/core/Decimal"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Channel from "../src/Channel.js"
import * as Wire from "../src/internal/wire.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import * as V3Private from "../src/V3Private.js"
import * as V3Public from "../src/V3Public.js"

/**
 * One push per channel, shaped as the reference (§4) and Bitget's channel pages show them: values
 * as strings, `seq`/`pseq` bare numbers, blanks as "".
 */
const ts = "1695716760565"
const samples: ReadonlyArray<readonly [Channel.Channel.Any, unknown, ReadonlyArray<unknown>]> = [
  [V2Public.Ticker, { instType: "SPOT", instId: "BTCUSDT" }, [{
    instId: "BTCUSDT",
    lastPr: "27000.5",
    open24h: "26000",
    high24h: "27100",
    low24h: "25900",
    change24h: "0.0384",
    bidPr: "27000",
    askPr: "27001",
    bidSz: "1.2",
    askSz: "0.3",
    baseVolume: "1000",
    quoteVolume: "27000000",
    openUtc: "26500",
    changeUtc24h: "0.01",
    ts
  }]],
  [V2Public.Ticker, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, [{
    instId: "BTCUSDT",
    symbol: "BTCUSDT",
    lastPr: "27000.5",
    fundingRate: "0.0001",
    nextFundingTime: "1695744000000",
    markPrice: "27000.1",
    indexPrice: "27000.2",
    holdingAmount: "8000.5",
    symbolType: "1",
    deliveryPrice: "0",
    ts
  }]],
  [V2Public.Candle, { instType: "SPOT", instId: "BTCUSDT", interval: "1m" }, [[
    "1695716760000",
    "27000",
    "27010",
    "26990",
    "27005.5",
    "12.5",
    "337500",
    "337500"
  ]]],
  [V2Public.Trade, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, [{
    ts,
    price: "27000.5",
    size: "0.001",
    side: "buy",
    tradeId: "1111111111"
  }]],
  ...[V2Public.Books, V2Public.Books1, V2Public.Books5, V2Public.Books15].map((c) =>
    [c, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, [{
      asks: [["27001.0", "1.5000"]],
      bids: [["27000.0", "2"]],
      ts,
      seq: "1483653649791156272",
      pseq: "0",
      checksum: 0
    }]] as const
  ),
  [V2Public.IndexPrice, {}, [{ symbol: "BTCUSDT", indexPrice: "27000.3", ts }]],
  [V2Private.SpotAccount, {}, [{
    coin: "USDT",
    available: "100.5",
    frozen: "0",
    locked: "0",
    limitAvailable: "0",
    uTime: ts
  }]],
  [V2Private.SpotOrders, { instId: "BTCUSDT" }, [{
    instId: "BTCUSDT",
    orderId: "1",
    clientOid: "c1",
    price: "27000",
    size: "0.01",
    newSize: "0.01",
    notional: "270",
    orderType: "limit",
    force: "gtc",
    side: "buy",
    fillPrice: "",
    tradeId: "",
    baseVolume: "0",
    fillTime: "",
    fillFee: "",
    fillFeeCoin: "",
    tradeScope: "",
    accBaseVolume: "0",
    priceAvg: "",
    status: "live",
    cTime: ts,
    uTime: ts,
    stpMode: "none",
    feeDetail: [],
    enterPointSource: "API"
  }]],
  [V2Private.SpotFill, {}, [{
    orderId: "1",
    tradeId: "2",
    symbol: "BTCUSDT",
    orderType: "limit",
    side: "buy",
    priceAvg: "27000",
    size: "0.01",
    amount: "270",
    tradeScope: "maker",
    feeDetail: [{ feeCoin: "BTC", totalFee: "-0.00001", totalDeductionFee: "0" }],
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.SpotPlanOrders, {}, [{
    instId: "BTCUSDT",
    orderId: "3",
    clientOid: "p1",
    triggerPrice: "26000",
    triggerType: "fill_price",
    planType: "amount",
    price: "25990",
    size: "0.01",
    actualSize: "0",
    orderType: "limit",
    side: "buy",
    status: "live",
    executePrice: "",
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.FuturesAccount, { instType: "USDT-FUTURES" }, [{
    marginCoin: "USDT",
    frozen: "0",
    available: "1000",
    maxOpenPosAvailable: "1000",
    maxTransferOut: "1000",
    equity: "1000",
    usdtEquity: "1000",
    crossedRiskRate: "0",
    unrealizedPL: "0"
  }]],
  [V2Private.Positions, { instType: "USDT-FUTURES" }, [{
    posId: "9",
    instId: "BTCUSDT",
    marginCoin: "USDT",
    marginSize: "270",
    marginMode: "crossed",
    holdSide: "long",
    posMode: "hedge_mode",
    total: "0.01",
    available: "0.01",
    frozen: "0",
    openPriceAvg: "27000",
    leverage: 10,
    achievedProfits: "0",
    unrealizedPL: "1.2",
    liquidationPrice: "0",
    markPrice: "27120",
    assetMode: "single",
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.PositionsHistory, { instType: "USDT-FUTURES" }, [{
    posId: "9",
    instId: "BTCUSDT",
    marginCoin: "USDT",
    marginMode: "crossed",
    holdSide: "long",
    posMode: "hedge_mode",
    openPriceAvg: "27000",
    closePriceAvg: "27100",
    openSize: "0.01",
    closeSize: "0.01",
    achievedProfits: "1",
    settleFee: "0",
    openFee: "-0.1",
    closeFee: "-0.1",
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.FuturesOrders, { instType: "USDT-FUTURES" }, [{
    instId: "BTCUSDT",
    orderId: "5",
    clientOid: "f1",
    price: "27000",
    size: "0.01",
    orderType: "limit",
    force: "gtc",
    side: "buy",
    posSide: "long",
    tradeSide: "open",
    marginMode: "crossed",
    marginCoin: "USDT",
    status: "partially_filled",
    fillPrice: "27000",
    tradeId: "77",
    baseVolume: "0.005",
    fillTime: ts,
    fillFee: "-0.05",
    fillFeeCoin: "USDT",
    tradeScope: "T",
    accBaseVolume: "0.005",
    priceAvg: "27000",
    cancelReason: "",
    feeDetail: [{ feeCoin: "USDT", fee: "-0.05" }],
    leverage: "10",
    reduceOnly: "no",
    stpMode: "cancel_taker",
    presetStopSurplusPrice: "",
    presetStopLossPrice: "",
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.FuturesPlanOrders, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, [{
    instId: "BTCUSDT",
    orderId: "6",
    clientOid: "pl1",
    triggerPrice: "28000",
    triggerType: "mark_price",
    planType: "pl",
    price: "",
    size: "0.01",
    orderType: "market",
    side: "buy",
    posSide: "long",
    tradeSide: "open",
    status: "live",
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.FuturesFill, { instType: "USDT-FUTURES" }, [{
    orderId: "5",
    tradeId: "77",
    symbol: "BTCUSDT",
    clientOid: "f1",
    side: "buy",
    orderType: "limit",
    posMode: "hedge_mode",
    price: "27000",
    baseVolume: "0.005",
    quoteVolume: "135",
    profit: "0",
    tradeSide: "open",
    tradeScope: "taker",
    feeDetail: [{ feeCoin: "USDT", totalFee: "-0.05", totalDeductionFee: "0" }],
    cTime: ts,
    uTime: ts
  }]],
  [V2Private.Equity, { instType: "USDT-FUTURES" }, [{
    marginCoin: "USDT",
    equity: "1001",
    usdtEquity: "1001",
    btcEquity: "0.037",
    unrealizedPL: "1",
    ts
  }]],
  [V2Private.AdlNotice, { instType: "USDT-FUTURES" }, [{
    symbol: "BTCUSDT",
    holdSide: "long",
    size: "0.01",
    price: "27000",
    ts
  }]],
  ...[V2Private.MarginAccountCrossed, V2Private.MarginAccountIsolated].map((c) =>
    [c, {}, [{
      coin: "USDT",
      symbol: "BTCUSDT",
      available: "10",
      frozen: "0",
      borrow: "1",
      interest: "0.001",
      uTime: ts
    }]] as const
  ),
  ...[V2Private.MarginOrdersCrossed, V2Private.MarginOrdersIsolated].map((c) =>
    [c, { instId: "BTCUSDT" }, [{
      symbol: "BTCUSDT",
      orderId: "8",
      clientOid: "m1",
      price: "27000",
      size: "0.01",
      orderType: "limit",
      force: "gtc",
      side: "sell",
      loanType: "normal",
      status: "filled",
      priceAvg: "27000",
      accBaseVolume: "0.01",
      cTime: ts,
      uTime: ts
    }]] as const
  ),
  [V3Public.Ticker, { instType: "usdt-futures", symbol: "BTCUSDT" }, [{
    symbol: "BTCUSDT",
    lastPrice: "27000.5",
    openPrice24h: "26000",
    highPrice24h: "27100",
    lowPrice24h: "25900",
    bid1Price: "27000",
    bid1Size: "1",
    ask1Price: "27001",
    ask1Size: "2",
    price24hPcnt: "0.0384",
    volume24h: "1000",
    turnover24h: "27000000",
    indexPrice: "27000.2",
    markPrice: "27000.1",
    fundingRate: "0.0001",
    nextFundingTime: "1695744000000",
    openInterest: "8000",
    ts
  }]],
  [V3Public.Kline, { instType: "spot", symbol: "BTCUSDT", interval: "1m" }, [{
    start: "1695716760000",
    open: "27000",
    high: "27010",
    low: "26990",
    close: "27005",
    volume: "12.5",
    turnover: "337500"
  }]],
  ...[V3Public.Books, V3Public.Books1, V3Public.Books5, V3Public.Books50].map((c) =>
    [c, { instType: "usdt-futures", symbol: "BTCUSDT" }, [{
      a: [["27001.0", "1.5000"]],
      b: [["27000.0", "2"]],
      ts,
      seq: "200",
      pseq: "0",
      maxdepth: "1000"
    }]] as const
  ),
  [V3Public.PublicTrade, { instType: "usdt-futures", symbol: "DOGEUSDT" }, [{
    i: "1475707793211920384",
    p: "0.09079",
    v: "2714",
    S: "buy",
    T: "1787562075903",
    L: "1475707793211920385",
    isRPI: "no"
  }]],
  [V3Public.Liquidation, { instType: "usdt-futures", symbol: "BTCUSDT" }, [{
    symbol: "BTCUSDT",
    side: "sell",
    price: "26000",
    size: "0.5",
    ts
  }]],
  [V3Private.Account, {}, [{
    totalEquity: "1000",
    effEquity: "990",
    unrealisedPnl: "1",
    mmr: "0",
    imr: "0",
    mgnRatio: "0",
    positionMgnRatio: "0",
    coin: [{
      coin: "USDT",
      equity: "1000",
      usdValue: "1000",
      balance: "1000",
      available: "990",
      locked: "10",
      debt: "0"
    }],
    uTime: ts
  }]],
  [V3Private.Position, {}, [{
    symbol: "BTCUSDT",
    category: "usdt-futures",
    posSide: "long",
    marginMode: "crossed",
    size: "0.01",
    openPriceAvg: "27000",
    markPrice: "27100",
    leverage: "10",
    unrealisedPnl: "1",
    liqPrice: "",
    createdTime: ts,
    updatedTime: ts
  }]],
  [V3Private.Order, {}, [{
    orderId: "11",
    clientOid: "u1",
    category: "spot",
    symbol: "BTCUSDT",
    orderType: "limit",
    side: "buy",
    price: "27000",
    qty: "0.01",
    cumExecQty: "0",
    cumExecValue: "0",
    avgPrice: "0",
    timeInForce: "gtc",
    orderStatus: "live",
    reduceOnly: "no",
    feeDetail: [],
    createdTime: ts,
    updatedTime: ts
  }]],
  [V3Private.Fill, {}, [{
    orderId: "11",
    clientOid: "u1",
    execId: "99",
    category: "spot",
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    execPrice: "27000",
    execQty: "0.01",
    execValue: "270",
    tradeScope: "maker",
    feeDetail: [{ feeCoin: "BTC", fee: "0.00001" }],
    createdTime: ts,
    updatedTime: ts
  }]],
  [V3Private.FastFill, {}, [{
    orderId: "11",
    execId: "99",
    symbol: "BTCUSDT",
    side: "buy",
    execPrice: "27000",
    execQty: "0.01",
    createdTime: ts
  }]],
  [V3Private.StrategyOrder, {}, [{
    orderId: "12",
    symbol: "BTCUSDT",
    category: "usdt-futures",
    type: "tpsl",
    triggerPrice: "28000",
    qty: "0.01",
    status: "live",
    createdTime: ts
  }]],
  [V3Private.AdlNotification, {}, [{ symbol: "BTCUSDT", category: "usdt-futures", posSide: "long", qty: "0.01", ts }]]
]

const modules = { V2Public, V2Private, V3Public, V3Private }

describe("channels", () => {
  it("every declared channel has a sample push", () => {
    const declared = Object.values(modules).flatMap((m) =>
      Object.values(m).filter((v): v is Channel.Channel.Any =>
        typeof v === "object" && v !== null && "generation" in v && "row" in v
      )
    )
    const covered = new Set(samples.map(([c]) => c))
    expect(declared.filter((c) => !covered.has(c)).map((c) => c.name)).toEqual([])
    expect(declared.length).toBe(39)
  })

  for (const [channel, request, data] of samples) {
    it(`${channel.name} decodes its sample push`, () => {
      const arg = Channel.toArg(channel, request)
      expect(Either.isRight(arg)).toBe(true)
      const rows = Channel.rowsDecoder(channel)(data)
      if (Either.isLeft(rows)) throw new Error(rows.left)
      expect(rows.right.length).toBe(data.length)
    })
  }

  it("subscribe args follow each generation's shape", () => {
    const arg = (c: Channel.Channel.Any, r: unknown) => Either.getOrThrow(Channel.toArg(c, r))
    expect(arg(V2Public.Candle, { instType: "SPOT", instId: "BTCUSDT", interval: "1Dutc" })).toEqual({
      instType: "SPOT",
      channel: "candle1Dutc",
      instId: "BTCUSDT"
    })
    expect(arg(V3Public.Kline, { instType: "spot", symbol: "BTCUSDT", interval: "1H" })).toEqual({
      instType: "spot",
      topic: "kline",
      symbol: "BTCUSDT",
      interval: "1H"
    })
    expect(arg(V2Private.SpotAccount, {})).toEqual({ instType: "SPOT", channel: "account", coin: "default" })
    expect(arg(V2Private.FuturesOrders, { instType: "COIN-FUTURES" })).toEqual({
      instType: "COIN-FUTURES",
      channel: "orders",
      instId: "default"
    })
    expect(arg(V3Private.Order, {})).toEqual({ instType: "UTA", topic: "order" })
  })

  it("selectors are checked: V2 wants upper-case instType, V3 lower case; unknown keys refused", () => {
    const reason = (c: Channel.Channel.Any, r: unknown) => {
      const result = Channel.toArg(c, r)
      return Either.isLeft(result) ? result.left.message : "accepted"
    }
    expect(reason(V2Public.Ticker, { instType: "spot", instId: "BTCUSDT" })).toContain("instType: expected")
    expect(reason(V3Public.Ticker, { instType: "SPOT", symbol: "BTCUSDT" })).toContain("instType: expected")
    expect(reason(V2Public.Candle, { instType: "SPOT", instId: "BTCUSDT", interval: "2m" })).toContain("interval")
    expect(reason(V2Public.Ticker, { instType: "SPOT", instId: "BTC/USDT" })).toContain("instId")
    expect(reason(V2Public.Ticker, { instType: "SPOT", instId: "BTCUSDT", extra: 1 })).toContain("extra")
  })

  it("values decode to core types; candles name their columns", () => {
    const [candle] = Either.getOrThrow(Channel.rowsDecoder(V2Public.Candle)(samples[2]![2])) as any
    expect(Timestamp.toMillis(candle.start)).toBe(1695716760000)
    expect(Decimal.format(candle.close)).toBe("27005.5")
    expect(Decimal.format(candle.usdtVolume)).toBe("337500")
  })

  it("seq and pseq above 2^53 stay exact through the frame parser", () => {
    const frame = Wire.parse(
      "{\"action\":\"update\",\"arg\":{\"instType\":\"COIN-FUTURES\",\"channel\":\"books\",\"instId\":\"BTCUSD\"}," +
        "\"data\":[{\"asks\":[],\"bids\":[[\"1\",\"0\"]],\"ts\":\"1\",\"seq\":1483653649791156272,\"pseq\":1483653649791156271}],\"ts\":2}"
    ) as any
    const [row] = Either.getOrThrow(Channel.rowsDecoder(V2Public.Books)(frame.data)) as any
    expect(row.seq).toBe(1483653649791156272n)
    expect(row.pseq).toBe(1483653649791156271n)
    expect(frame.ts).toBe(2)
  })

  it("codes normalise: 0, \"0\" and \"00000\" are success", () => {
    expect([Wire.code(0), Wire.code("0"), Wire.code("00000"), Wire.code(30005)]).toEqual(["0", "0", "0", "30005"])
  })
})

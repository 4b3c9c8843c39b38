/**
 * Request flags in the spelling Bitget documents, asserted on the wire (issue 25 §3: a P2P filter
 * sent as `true`/`false` where Bitget takes `yes`/`no` passed every test). The expected spellings
 * are written here from Bitget's pages, not read from the declarations (a declaration with the
 * wrong flag would agree with itself); the declarations of every line are walked for flags so
 * that a new one without an entry here fails, and each entry is sent as `true` and as `false`
 * and read back from what the server received.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import type * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Flag from "@effect-bitget/core/Flag"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as AST from "effect/SchemaAST"
import * as Hostile from "./hostile/Hostile.js"

const futures = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" }

const v3Order = { category: "USDT-FUTURES", symbol: "BTCUSDT", side: "sell", orderType: "market", qty: "0.01" }
const eliteRedeem = {
  productId: "1",
  productSubId: "2",
  redeemType: "standard",
  amount: "1",
  receiveAccount: "spot"
}
const range = { minPrice: "50000", maxPrice: "70000", gridNum: 10, gridOrderMode: "arithmetic" }
const investmentAmount = [{ coin: "USDT", amount: "100" }]
const grid = { category: "SPOT", symbol: "BTCUSDT", ...range, investmentAmount }
const createGrid = { ...grid, fundsSource: ["uta"] }
const neutral = { category: "USDT-FUTURES", symbol: "BTCUSDT", ...range }
const createNeutral = { ...neutral, fundsSource: ["uta"] }
const addInvestment = { category: "SPOT", botId: "1", coin: "USDT", size: "10", fundsSource: ["uta"] }

interface Documented {
  /** `[yes, no]` as Bitget's page spells them. */
  readonly spelling: readonly [string, string]
  /** A request with the flag at `path` set to `value`. */
  readonly request: (value: boolean) => unknown
  readonly source: string
}

/** `endpoint name` + ` ` + field path (`orderList[].reduceOnly`) → what Bitget documents. */
const documented: Readonly<Record<string, Documented>> = {
  "p2p.merchant.merchantList online": {
    spelling: ["yes", "no"],
    request: (online) => ({ online }),
    source: "https://www.bitget.com/api-doc/common/p2p/Get-P2P-Merchant-List (issue 25)"
  },
  "futures.order.placeOrder reduceOnly": {
    spelling: ["YES", "NO"],
    request: (reduceOnly) => ({ ...futures, size: "0.01", side: "buy", orderType: "market", reduceOnly }),
    source: "reference/bitget-endpoint-shapes.md (place-order body), bitget-docs-facts.md §9"
  },
  "futures.order.batchPlaceOrder orderList[].reduceOnly": {
    spelling: ["YES", "NO"],
    request: (reduceOnly) => ({
      ...futures,
      orderList: [{ size: "0.01", side: "buy", orderType: "market", reduceOnly }]
    }),
    source: "https://www.bitget.com/api-doc/contract/trade/Batch-Order (as place-order)"
  },
  "futures.planOrder.placePlanOrder reduceOnly": {
    spelling: ["YES", "NO"],
    request: (reduceOnly) => ({
      ...futures,
      planType: "normal_plan",
      size: "0.01",
      triggerPrice: "61000",
      triggerType: "mark_price",
      side: "buy",
      orderType: "market",
      reduceOnly
    }),
    source: "https://www.bitget.com/api-doc/contract/plan/Place-Plan-Order"
  },
  "copyTrading.futuresTrader.settingsBase enable": {
    spelling: ["YES", "NO"],
    request: (enable) => ({ enable }),
    source: "https://www.bitget.com/api-doc/copytrading/future-copytrade/trader/Change-Global-Copy-Trading-Setting"
  },
  "copyTrading.futuresTrader.settingsBase showTotalEquity": {
    spelling: ["YES", "NO"],
    request: (showTotalEquity) => ({ showTotalEquity }),
    source: "https://www.bitget.com/api-doc/copytrading/future-copytrade/trader/Change-Global-Copy-Trading-Setting"
  },
  "copyTrading.futuresTrader.settingsBase showTpsl": {
    spelling: ["YES", "NO"],
    request: (showTpsl) => ({ showTpsl }),
    source: "https://www.bitget.com/api-doc/copytrading/future-copytrade/trader/Change-Global-Copy-Trading-Setting"
  },
  ...Object.fromEntries(
    [
      "customerAsset",
      "customerCommissions",
      "customerDeposit",
      "customerKycResult",
      "customerList",
      "customerTradeVolume",
      "subCustomerList"
    ].map((name) => [`broker.agent.${name} showSub`, {
      spelling: ["yes", "no"],
      request: (showSub: boolean) => ({ showSub }),
      source: "https://www.bitget.com/api-doc/affiliate/customerInfo/GetCustomerList (\"yes: Yes, no: No\"); " +
        "bitget-api v2 broker.ts: showSub 'yes' | 'no' on all seven agent reads"
    }])
  ),
  "earn.elite.redeem advancedSettle": {
    spelling: ["yes", "no"],
    request: (advancedSettle) => ({ ...eliteRedeem, advancedSettle }),
    source: "https://www.bitget.com/api-doc/uta/earn/elite/Elite-Redeem (\"yes Yes, no No\", the V3 twin); " +
      "bitget-api v2 earn.ts: advancedSettle 'yes' | 'no'"
  },
  "earn.loan.repay repayAll": {
    spelling: ["yes", "no"],
    request: (repayAll) => ({ orderId: "1", amount: "1", repayAll }),
    source: "https://www.bitget.com/api-doc/earn/loan/Repay (repayAll: yes, no)"
  },
  "earn.loan.repay repayUnlock": {
    spelling: ["yes", "no"],
    request: (repayUnlock) => ({ orderId: "1", repayAll: true, repayUnlock }),
    source: "https://www.bitget.com/api-doc/earn/loan/Repay (repayUnlock: yes, no; default yes)"
  },
  "unified.cryptoLoan.repay repayAll": {
    spelling: ["yes", "no"],
    request: (repayAll) => ({ orderId: "1", method: "borrowed_coin", amount: "1", repayAll }),
    source: "https://www.bitget.com/api-doc/uta/crypto-loans/Repay-Coins (repayAll: yes, no)"
  },
  "unified.cryptoLoan.repay repayUnlock": {
    spelling: ["yes", "no"],
    request: (repayUnlock) => ({ orderId: "1", method: "borrowed_coin", repayAll: false, amount: "1", repayUnlock }),
    source: "https://www.bitget.com/api-doc/uta/crypto-loans/Repay-Coins (repayUnlock: yes redeem, no do not)"
  },
  "unified.earn.eliteRedeem advancedSettle": {
    spelling: ["yes", "no"],
    request: (advancedSettle) => ({ ...eliteRedeem, advancedSettle }),
    source: "https://www.bitget.com/api-doc/uta/earn/elite/Elite-Redeem (advancedSettle: yes, no; default no)"
  },
  ...Object.fromEntries(
    ([
      ["addInvestment", "reinvestProfit", addInvestment],
      ["createBot", "autoReserveMargin", createGrid],
      ["createBot", "autoTransferProfits", createGrid],
      ["createBot", "hodlMode", createGrid],
      ["createBot", "lossReserve", createGrid],
      ["createBot", "marketOpen", createGrid],
      ["createBot", "terminationSell", createGrid],
      ["createBot", "trailingGrid", createGrid],
      ["createNeutralBot", "autoTransferProfits", createNeutral],
      ["modifyBot", "autoTransferProfits", { botId: "1" }],
      ["modifyBot", "hodlMode", { botId: "1" }],
      ["modifyNeutralBot", "autoTransferProfits", { category: "USDT-FUTURES", botId: "1" }],
      ["validate", "autoTransferProfits", grid],
      ["validate", "hodlMode", grid],
      ["validate", "lossReserve", grid],
      ["validate", "marketOpen", grid],
      ["validate", "trailingGrid", grid],
      ["validateNeutral", "autoTransferProfits", neutral]
    ] as const).map(([name, flag, base]) => [`unified.gridBot.${name} ${flag}`, {
      spelling: ["yes", "no"],
      request: (value: boolean) => ({ ...base, [flag]: value }),
      // No Bitget page for the grid endpoints was found; go-bitget's typed services send every
      // grid switch through its `yesNo` helper.
      source: "go-bitget uta/grid.go (UnipayFI/go-bitget): every grid switch sent as yesNo(on) → \"yes\" / \"no\""
    }])
  ),
  "unified.strategy.placeStrategyOrder reduceOnly": {
    spelling: ["yes", "no"],
    request: (reduceOnly) => ({
      category: "USDT-FUTURES",
      symbol: "BTCUSDT",
      type: "trigger",
      side: "sell",
      qty: "0.01",
      triggerPrice: "61000",
      triggerOrderType: "market",
      reduceOnly
    }),
    source:
      "bitget-api v3 strategy.ts: reduceOnly 'yes' | 'no'; reference v3-unified-api.md §b.7 (V3 reduceOnly lower case)"
  },
  "unified.trade.batchModifyOrder [].autoCancel": {
    spelling: ["yes", "no"],
    request: (autoCancel) => [{ orderId: "1", price: "50000", autoCancel }],
    source: "https://www.bitget.com/api-doc/uta/trade/Batch-Modify-Orders (autoCancel: yes, no)"
  },
  "unified.trade.modifyOrder autoCancel": {
    spelling: ["yes", "no"],
    request: (autoCancel) => ({ orderId: "1", price: "50000", autoCancel }),
    source: "https://www.bitget.com/api-doc/uta/trade/Modify-Order (autoCancel: yes Cancel, no Not cancel)"
  },
  "unified.trade.placeBatch [].reduceOnly": {
    spelling: ["yes", "no"],
    request: (reduceOnly) => [{ ...v3Order, reduceOnly }],
    source: "reference v3-unified-api.md §b.7 (\"reduceOnly yes|no lower case\"), §d.1; bitget-api v3 trade.ts"
  },
  "unified.stockPlusMarket.historyCandlestick forward": {
    spelling: ["true", "false"],
    request: (forward) => ({ symbol: "AAPL.US", period: "1d", forward }),
    source: "bitget-api v3 Stock+ types (`forward?: boolean`, a GET query: `true`/`false`); no Bitget page found"
  },
  "unified.trade.placeOrder reduceOnly": {
    spelling: ["yes", "no"],
    request: (reduceOnly) => ({ ...v3Order, reduceOnly }),
    source:
      "reference v3-unified-api.md §b.7 (\"reduceOnly yes|no lower case\"), §d.1 place-order; bitget-api v3 trade.ts"
  },
  "unified.transfer.subTransfer allowBorrow": {
    spelling: ["yes", "no"],
    request: (allowBorrow) => ({
      fromType: "spot",
      toType: "uta",
      amount: "1",
      coin: "USDT",
      fromUserId: "1",
      toUserId: "2",
      clientOid: "spelling-1",
      allowBorrow
    }),
    source:
      "reference v3-unified-api.md §d.1 sub-transfer (allowBorrow o, as transfer); bitget-api v3 account.ts: 'yes' | 'no'"
  },
  "unified.transfer.transfer allowBorrow": {
    spelling: ["yes", "no"],
    request: (allowBorrow) => ({ fromType: "spot", toType: "uta", amount: "1", coin: "USDT", allowBorrow }),
    source: "reference v3-unified-api.md §d.1 transfer (\"allowBorrow yes|no\"); bitget-api v3 account.ts: 'yes' | 'no'"
  }
}

const flags: ReadonlySet<AST.AST> = new Set([Flag.YesNo.ast, Flag.YES_NO.ast, Flag.TrueFalse.ast])

/** Every flag of a request schema, by path (`orderList[].reduceOnly`). */
const flagPaths = (ast: AST.AST): ReadonlyArray<string> => {
  const out: Array<string> = []
  const suspended = new Set<AST.AST>()
  const walk = (ast: AST.AST, path: string): void => {
    if (flags.has(ast)) {
      out.push(path)
      return
    }
    switch (ast._tag) {
      case "TypeLiteral":
        for (const p of ast.propertySignatures) walk(p.type, path === "" ? String(p.name) : `${path}.${String(p.name)}`)
        return
      case "Union":
        for (const type of ast.types) walk(type, path)
        return
      case "TupleType":
        for (const element of ast.elements) walk(element.type, `${path}[]`)
        for (const rest of ast.rest) walk(rest.type, `${path}[]`)
        return
      case "Refinement":
        return walk(ast.from, path)
      case "Transformation":
        return walk(ast.to, path)
      case "Suspend":
        if (suspended.has(ast)) return
        suspended.add(ast)
        return walk(ast.f(), path)
    }
  }
  walk(ast, "")
  return [...new Set(out)]
}

const all = Registry.endpoints.flatMap((endpoint) =>
  flagPaths(endpoint.request.ast).map((path) => [`${endpoint.name} ${path}`, endpoint] as const)
)
const declared = all

/** The values at `path` in what the server received (the query of a GET, the JSON body of a POST). */
const valuesAt = (received: Hostile.Received, path: string): ReadonlyArray<unknown> => {
  if (received.method === "GET") return [received.query.get(path)]
  let at: ReadonlyArray<unknown> = [JSON.parse(received.body)]
  for (const step of path.replace(/\[\]/g, ".[]").split(".").filter((step) => step !== "")) {
    at = step === "[]"
      ? at.flatMap((value) => Array.isArray(value) ? value : [])
      : at.map((value) => (value as Record<string, unknown>)[step])
  }
  return at
}

describe("request flags on the wire, in the spelling Bitget documents", () => {
  it("every flag a declaration sends has its documented spelling written here, and no entry is stale", () => {
    expect(declared.map(([key]) => key).sort()).toEqual(Object.keys(documented).sort())
  })

  it.scopedLive("each is sent as documented, for true and for false", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({
        _tag: "Respond",
        status: 200,
        body: "{\"code\":\"00000\",\"msg\":\"success\",\"data\":null}"
      }))
      // No client-side limiter: the calls are a few, but some endpoints allow 1 a second.
      const built = yield* Layer.build(
        BitgetClient.layer.pipe(
          Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, Transport.layerUndici)),
          Layer.provide(BitgetConfig.layer({ baseUrl: hostile.url, credentials: Hostile.anyCredentials }))
        )
      )
      const client = Context.get(built, BitgetClient.BitgetClient)
      const seen: Array<string> = []
      for (const [key, endpoint] of declared as ReadonlyArray<readonly [string, Endpoint.Endpoint.Any]>) {
        const entry = documented[key]!
        const path = key.slice(key.indexOf(" ") + 1)
        for (const [value, wire] of [[true, entry.spelling[0]], [false, entry.spelling[1]]] as const) {
          const before = hostile.received.length
          // The answer (`data: null`) may not decode: only what was sent matters here.
          const result = yield* Effect.either(client.execute(endpoint, entry.request(value)))
          if (hostile.received.length === before) {
            seen.push(`${key} = ${value}: not sent (${result._tag === "Left" ? result.left.message : "?"})`)
            continue
          }
          // The call's first request: a placement's look-ups may follow it.
          const values = valuesAt(hostile.received[before]!, path)
          seen.push(`${key} = ${value}: ${JSON.stringify(values)}`)
          expect([key, value, values.length > 0 && values.every((sent) => sent === wire)]).toEqual([key, value, true])
        }
      }
      expect(seen.filter((line) => line.includes("not sent"))).toEqual([])
    }))
})

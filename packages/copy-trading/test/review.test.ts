/**
 * The request-schema review of the copy trading line against Bitget's own pages: each rule at its
 * edge, the spellings Bitget's examples use as they reach the exchange (seen by a proxy in front
 * of the simulator), the writes Bitget accepts with fewer fields, and the writes that are never
 * sent twice.
 */
import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import type { Credentials } from "@effect-bitget/core/BitgetConfig"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const T = Simulator.UID
const P = "USDT-FUTURES" as const
type P = typeof P

const credentialsOf = (account: FollowerAccount): Credentials => ({
  apiKey: Redacted.make(account.key.apiKey),
  secret: Redacted.make(account.key.secret),
  passphrase: Redacted.make(account.key.passphrase)
})

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const copy = yield* Simulator.control<CopyControl>("copyTrading")
  const futures = yield* Simulator.control<FuturesControl>("futures")
  futures.setMarkPrice("BTCUSDT", "60000")
  futures.setMarkPrice("ETHUSDT", "3000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  /** Runs `effect` through the proxy, as the main account or as `account`. */
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>, account?: FollowerAccount) =>
    Effect.provide(
      effect,
      Hostile.client(hostile.url, account === undefined ? simulator.credentials : credentialsOf(account))
    )
  /** The last request of `route` as the proxy received it: its query, or its parsed body. */
  const last = (route: string) => {
    const requests = hostile.received.filter((r) => `${r.method} ${r.path}` === route)
    const request = requests[requests.length - 1]!
    return request.method === "GET" ? Object.fromEntries(request.query) : JSON.parse(request.body)
  }
  /** Whether the simulator accepted the last request of `route`. */
  const accepted = (route: string) => {
    const answers = hostile.arrivals(route)
    return JSON.parse(answers[answers.length - 1]!.body).code === "00000"
  }
  /** `call` fails locally with `InvalidRequest` naming `reason`, and nothing reaches the proxy. */
  const refused = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E, BitgetClient>, reason: string) =>
    refusedLocally(via(call), reason, () => hostile.received.length)
  const open = (symbol: string, size: string, account?: FollowerAccount) =>
    via(
      Futures.Order.placeOrder({
        symbol,
        productType: P,
        marginCoin: "USDT",
        marginMode: "crossed",
        size,
        side: "buy",
        orderType: "market"
      }),
      account
    )
  return { simulator, copy, hostile, via, last, accepted, refused, open }
})

const follow = { symbol: "BTCUSDT", productType: P, marginType: "trader", leverType: "trader" } as const

// A fresh simulator per test; the live clock (the limiter's waits are real, the proxy's I/O too).
const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))), 60_000)

describe("copy trading requests against Bitget's pages", () => {
  scoped(
    "enum values in the spellings of Bitget's examples are accepted and sent as its tables write them",
    () =>
      Effect.gen(function*() {
        const { accepted, copy, last, refused, via } = yield* setup
        copy.makeTrader()
        const [alice] = copy.followers as [FollowerAccount]

        // The pages' examples send `productType=usdt-futures`; the tables write `USDT-FUTURES`.
        yield* via(FuturesTrader.currentTrack({ productType: "usdt-futures" as P }))
        expect(last("GET /api/v2/copy/mix-trader/order-current-track").productType).toBe("USDT-FUTURES")
        yield* via(FuturesTrader.historyTrack({ productType: "Usdt-Futures" as P, order: "DESC" as "desc" }))
        expect(last("GET /api/v2/copy/mix-trader/order-history-track")).toMatchObject({
          productType: "USDT-FUTURES",
          order: "desc"
        })

        // Trader-Config-Setting-Symbols: table `ADD`, example `"add"`.
        yield* via(FuturesTrader.settingSymbols({
          settingList: [{ symbol: "BTCUSDT", productType: "usdt-futures" as P, settingType: "add" as "ADD" }]
        }))
        expect(last("POST /api/v2/copy/mix-trader/config-setting-symbols").settingList).toEqual([
          { symbol: "BTCUSDT", productType: "USDT-FUTURES", settingType: "ADD" }
        ])
        expect(accepted("POST /api/v2/copy/mix-trader/config-setting-symbols")).toBe(true)
        yield* via(SpotTrader.settingSymbols({ symbolList: ["BTCUSDT"], settingType: "ADD" as "add" }))
        expect(last("POST /api/v2/copy/spot-trader/config-setting-symbols").settingType).toBe("add")

        // The follower's settings, every enum in another case.
        yield* via(
          FuturesFollower.settings({
            traderId: T,
            autoCopy: "OFF" as "off",
            mode: "Advanced" as "advanced",
            settings: [{
              symbol: "BTCUSDT",
              productType: "usdt-futures" as P,
              marginType: "TRADER" as "trader",
              leverType: "Specify" as "specify",
              longLeverage: "5",
              traceType: "PERCENT" as "percent",
              traceValue: "1"
            }]
          }),
          alice
        )
        expect(last("POST /api/v2/copy/mix-follower/settings")).toMatchObject({
          autoCopy: "off",
          mode: "advanced",
          settings: [{ productType: "USDT-FUTURES", marginType: "trader", leverType: "specify", traceType: "percent" }]
        })
        expect(accepted("POST /api/v2/copy/mix-follower/settings")).toBe(true)
        yield* via(
          SpotFollower.settings({
            traderId: T,
            settings: [{ symbol: "BTCUSDT", traceType: "Amount" as "amount", maxHoldSize: "100", traceValue: "10" }]
          }),
          alice
        )
        expect(last("POST /api/v2/copy/spot-follower/settings").settings[0].traceType).toBe("amount")

        // Close-Positions: `cross` and `long` as the copy page writes them (no copy is open: refused upstream).
        yield* Effect.either(via(
          FuturesFollower.closePositions({
            productType: P,
            symbol: "BTCUSDT",
            marginMode: "CROSS" as "cross",
            holdSide: "Long" as "long"
          }),
          alice
        ))
        expect(last("POST /api/v2/copy/mix-follower/close-positions")).toMatchObject({
          marginMode: "cross",
          holdSide: "long"
        })

        // Broker-Query-Traders: table `All`/`Desc`, example `all`/`desc`.
        copy.makeBroker(T, [])
        yield* via(FuturesBroker.queryTraders({
          fullStatus: "All" as "all",
          sortFlag: "DESC" as "desc",
          languageType: "en-us" as "en-US"
        }))
        expect(last("GET /api/v2/copy/mix-broker/query-traders")).toMatchObject({
          fullStatus: "all",
          sortFlag: "desc",
          languageType: "en-US"
        })
        // The newer edition of the page names the language parameter `language`: declared too, so it is sent.
        yield* via(FuturesBroker.queryTraders({ language: "ZH-CN" as "zh-CN" }))
        expect(last("GET /api/v2/copy/mix-broker/query-traders").language).toBe("zh-CN")

        // Any other value is still refused before sending.
        yield* refused(
          FuturesTrader.settingSymbols({
            settingList: [{ symbol: "BTCUSDT", productType: P, settingType: "REMOVE" as "ADD" }]
          }),
          "settingType"
        )
        yield* refused(FuturesTrader.currentTrack({ productType: "SUSDT-FUTURES" as P }), "productType")
      })
  )

  scoped(
    "page and list sizes from the pages: the maximum is sent, one more is refused with nothing sent",
    () =>
      Effect.gen(function*() {
        const { copy, last, refused, via } = yield* setup
        copy.makeTrader()
        const [alice] = copy.followers as [FollowerAccount]
        // Spot Profit-Details and Trader-Get-Profits-Group-Coin-Date print 50; Trader-Profit-Details prints 100.
        for (
          const [call, route, max] of [
            [
              (n: number) => SpotTrader.profitDetails({ pageSize: n }),
              "GET /api/v2/copy/spot-trader/profit-details",
              50
            ],
            [
              (n: number) => FuturesTrader.profitsGroupCoinDate({ pageSize: n }),
              "GET /api/v2/copy/mix-trader/profits-group-coin-date",
              50
            ],
            [
              (n: number) => FuturesTrader.profitDetails({ pageSize: n }),
              "GET /api/v2/copy/mix-trader/profit-details",
              100
            ]
          ] as const
        ) {
          yield* via(call(max) as Effect.Effect<unknown, unknown, BitgetClient>)
          expect(last(route).pageSize, route).toBe(String(max))
          yield* refused(
            call(max + 1) as Effect.Effect<unknown, { _tag: string; message: string }, BitgetClient>,
            "pageSize"
          )
        }

        // Stop-Order: "Up to 50" tracking numbers (none of these exist: the simulator refuses them, but they are sent).
        const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i))
        yield* Effect.either(via(SpotFollower.stopOrder({ trackingNoList: numbers(50) }), alice))
        expect(last("POST /api/v2/copy/spot-follower/stop-order").trackingNoList).toHaveLength(50)
        yield* refused(SpotFollower.stopOrder({ trackingNoList: numbers(51) }), "at most 50 trackingNo")
        // Order-Close-Tracking, trader and follower: "maximum: 50" / "up to 50".
        for (
          const [close, route, account] of [
            [SpotTrader.closeTracking, "POST /api/v2/copy/spot-trader/order-close-tracking", undefined],
            [SpotFollower.closeTracking, "POST /api/v2/copy/spot-follower/order-close-tracking", alice]
          ] as const
        ) {
          yield* Effect.either(via(close({ symbol: "BTCUSDT", trackingNoList: numbers(50) }), account))
          expect(last(route).trackingNoList, route).toHaveLength(50)
          yield* refused(close({ symbol: "BTCUSDT", trackingNoList: numbers(51) }), "at most 50 trackingNo")
        }

        // The spot follower's Settings page prints no maximum: eleven symbols are sent, not refused here.
        const spot = { symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "100", traceValue: "10" } as const
        yield* via(SpotFollower.settings({ traderId: T, settings: Array.from({ length: 11 }, () => spot) }), alice)
        expect(last("POST /api/v2/copy/spot-follower/settings").settings).toHaveLength(11)
        // The futures page does print one (Maximum: 10).
        yield* refused(
          FuturesFollower.settings({
            traderId: T,
            settings: Array.from({ length: 11 }, () => ({ ...follow, traceType: "percent", traceValue: "1" } as const))
          }),
          "at most 10 settings"
        )
      })
  )

  scoped(
    "trader close-positions: a symbol alone closes its tracking orders, productType alone all of them",
    () =>
      Effect.gen(function*() {
        const { copy, last, open, via } = yield* setup
        copy.makeTrader({ lines: ["futures"] })
        yield* open("BTCUSDT", "0.01")
        yield* open("ETHUSDT", "0.1")
        const openSymbols = via(FuturesTrader.currentTrack({ productType: P })).pipe(
          Effect.map((page) => page.trackingList.map((row) => row.symbol).sort())
        )
        expect(yield* openSymbols).toEqual(["BTCUSDT", "ETHUSDT"])

        const bySymbol = yield* via(FuturesTrader.closePositions({ productType: P, symbol: "ETHUSDT" }))
        expect(last("POST /api/v2/copy/mix-trader/order-close-positions")).toEqual({
          productType: P,
          symbol: "ETHUSDT"
        })
        expect(bySymbol.map((row) => row.symbol)).toEqual(["ETHUSDT"])
        expect(yield* openSymbols).toEqual(["BTCUSDT"])

        // A tracking number must agree with the symbol and product type sent beside it (refused by the exchange, kept open).
        const [btc] = (yield* via(FuturesTrader.currentTrack({ productType: P }))).trackingList
        const codeOf = <A, E>(call: Effect.Effect<A, E, BitgetClient>) =>
          Effect.flip(via(call)).pipe(Effect.map((error) => (error as { readonly code?: string }).code))
        expect(
          yield* codeOf(
            FuturesTrader.closePositions({ trackingNo: btc!.trackingNo, productType: P, symbol: "ETHUSDT" })
          )
        )
          .toBe("40017")
        expect(
          yield* codeOf(FuturesTrader.closePositions({ trackingNo: btc!.trackingNo, productType: "COIN-FUTURES" }))
        )
          .toBe("40017")
        expect(yield* openSymbols).toEqual(["BTCUSDT"])

        yield* open("BTCUSDT", "0.02")
        const all = yield* via(FuturesTrader.closePositions({ productType: P }))
        expect(last("POST /api/v2/copy/mix-trader/order-close-positions")).toEqual({ productType: P })
        expect(all.map((row) => row.symbol)).toEqual(["BTCUSDT", "BTCUSDT"])
        expect(yield* openSymbols).toEqual([])
        // Nothing left to close.
        expect(yield* codeOf(FuturesTrader.closePositions({ productType: P }))).toBe("31057")
      })
  )

  scoped(
    "follower close-positions with productType alone closes every copy, another follower's stay; traceValue is required",
    () =>
      Effect.gen(function*() {
        const { copy, last, open, refused, via } = yield* setup
        copy.makeTrader({ lines: ["futures"] })
        const [alice, bob] = copy.followers as [FollowerAccount, FollowerAccount]
        yield* via(
          FuturesFollower.settings({
            traderId: T,
            settings: [
              { ...follow, traceType: "percent", traceValue: "2" },
              { ...follow, symbol: "ETHUSDT", traceType: "percent", traceValue: "1" }
            ]
          }),
          alice
        )
        yield* via(
          FuturesFollower.settings({ traderId: T, settings: [{ ...follow, traceType: "percent", traceValue: "1" }] }),
          bob
        )

        yield* open("BTCUSDT", "0.01")
        yield* open("ETHUSDT", "0.1")
        const copies = (account: FollowerAccount) => via(FuturesFollower.currentOrders({ productType: P }), account)
        expect((yield* copies(alice)).map((row) => row.symbol).sort()).toEqual(["BTCUSDT", "ETHUSDT"])
        expect((yield* copies(bob)).map((row) => BigDecimal.format(row.openSize))).toEqual(["0.01"])

        const closed = yield* via(FuturesFollower.closePositions({ productType: P }), alice)
        expect(last("POST /api/v2/copy/mix-follower/close-positions")).toEqual({ productType: P })
        expect(closed.orderIdList).toHaveLength(2)
        expect(yield* copies(alice)).toEqual([])
        // Another follower's copy is not touched.
        expect(yield* copies(bob)).toHaveLength(1)

        // The current Settings page prints traceValue as required: leaving it out is refused before sending
        // (input from outside typed code, hence the cast).
        yield* refused(
          FuturesFollower.settings(
            { traderId: T, settings: [{ ...follow, traceType: "percent" }] } as unknown as Parameters<
              typeof FuturesFollower.settings
            >[0]
          ),
          "traceValue"
        )
      })
  )

  scoped(
    "quantity limit: symbol is optional, and without it every perpetual of the product type answers",
    () =>
      Effect.gen(function*() {
        const { copy, last, via } = yield* setup
        const [alice] = copy.followers as [FollowerAccount]
        const one = yield* via(FuturesFollower.quantityLimit({ productType: P, symbol: "ethusdt" }), alice)
        expect(one.map((row) => row.symbol)).toEqual(["ETHUSDT"])
        const all = yield* via(FuturesFollower.quantityLimit({ productType: P }), alice)
        expect(last("GET /api/v2/copy/mix-follower/query-quantity-limit")).toEqual({ productType: P })
        expect(all.map((row) => row.symbol)).toEqual(expect.arrayContaining(["BTCUSDT", "ETHUSDT"]))
        expect(all.length).toBeGreaterThan(1)
        expect(all.every((row) => BigDecimal.lessThan(row.minFollowSize, row.maxFollowSize))).toBe(true)
        // Another product type answers its own contracts only.
        const coin = yield* via(FuturesFollower.quantityLimit({ productType: "COIN-FUTURES" }), alice)
        expect(coin.some((row) => all.some((usdt) => usdt.symbol === row.symbol))).toBe(false)
      })
  )

  scoped(
    "copy trading writes are never resent: an answer lost after the exchange acted is one request",
    () =>
      Effect.gen(function*() {
        const { copy, hostile, open, via } = yield* setup
        copy.makeTrader()
        const [alice] = copy.followers as [FollowerAccount]
        yield* via(
          FuturesFollower.settings({ traderId: T, settings: [{ ...follow, traceType: "percent", traceValue: "1" }] }),
          alice
        )
        yield* open("BTCUSDT", "0.01")
        yield* open("BTCUSDT", "0.01")
        const tracks = () => via(FuturesTrader.currentTrack({ productType: P }))
        const [first, second] = (yield* tracks()).trackingList

        const lost = <A, E extends { readonly _tag: string }>(
          route: string,
          call: Effect.Effect<A, E, BitgetClient>,
          account?: FollowerAccount
        ) =>
          Effect.gen(function*() {
            hostile.next({ _tag: "ForwardThenDrop" }, route)
            const before = hostile.count(route)
            const error = yield* Effect.flip(via(call, account))
            expect(error._tag, route).toBe("TransportError")
            expect(hostile.count(route), route).toBe(before + 1)
            // The exchange did act on it.
            expect(JSON.parse(hostile.arrivals(route).at(-1)!.body).code, route).toBe("00000")
          })

        yield* lost(
          "POST /api/v2/copy/mix-trader/order-modify-tpsl",
          FuturesTrader.modifyTpsl({ trackingNo: first!.trackingNo, productType: P, stopLossPrice: "50000" })
        )
        yield* lost(
          "POST /api/v2/copy/mix-trader/order-close-positions",
          FuturesTrader.closePositions({ trackingNo: first!.trackingNo, productType: P })
        )
        expect((yield* tracks()).trackingList.map((row) => row.trackingNo)).toEqual([second!.trackingNo])
        yield* lost(
          "POST /api/v2/copy/mix-follower/settings",
          FuturesFollower.settings({ traderId: T, settings: [{ ...follow, traceType: "percent", traceValue: "3" }] }),
          alice
        )
        yield* lost(
          "POST /api/v2/copy/mix-follower/close-positions",
          FuturesFollower.closePositions({ productType: P }),
          alice
        )
        yield* lost(
          "POST /api/v2/copy/mix-trader/config-settings-base",
          FuturesTrader.settingsBase({ showTpsl: false })
        )
        yield* lost(
          "POST /api/v2/copy/spot-trader/config-setting-symbols",
          SpotTrader.settingSymbols({ symbolList: ["ETHUSDT"], settingType: "delete" })
        )

        // A read that meets the same cut is asked again (the contrast the rule above rests on).
        hostile.next({ _tag: "ForwardThenDrop" }, "GET /api/v2/copy/mix-trader/order-current-track")
        const before = hostile.count("GET /api/v2/copy/mix-trader/order-current-track")
        yield* tracks()
        expect(hostile.count("GET /api/v2/copy/mix-trader/order-current-track")).toBe(before + 2)
      })
  )
})

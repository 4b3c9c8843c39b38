/**
 * The account-mode split in both directions, over loopback: the simulator's unified (UTA) main
 * account is refused by private V2 endpoints (40085) and answered by public V2 ones and by V3;
 * its Classic main account is refused by V3 (40084). `AccountMode.probe` tells them apart, and
 * the unified account's one balance per coin is the one spot and futures both use.
 */
import * as AccountMode from "@effect-bitget/core/AccountMode"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Envelope from "@effect-bitget/core/Envelope"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const simulator = Simulator.layer()
const unified = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(simulator))
const classic = Simulator.layerClient().pipe(Layer.provideMerge(simulator))

const ASSETS_V3 = "GET /api/v3/account/assets"
const ASSETS_V2 = "GET /api/v2/spot/account/assets"

describe("a unified (UTA) key", () => {
  it.effect("gets 40085 from a private V2 endpoint, as AccountModeError saying to use V3", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Spot.Account.assets())
      expect(error).toMatchObject({ _tag: "AccountModeError", account: "unified", code: "40085" })
      expect(error.message).toContain("@effect-bitget/unified")
    }).pipe(Effect.provide(Layer.fresh(unified))))

  it.effect("is still answered by public V2 endpoints", () =>
    Effect.gen(function*() {
      const tickers = yield* Spot.Market.tickers({ symbol: "BTCUSDT" })
      expect(tickers.length).toBe(1)
    }).pipe(Effect.provide(Layer.fresh(unified))))

  it.effect("is answered by V3 and probed as unified, in one V3 request", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      expect(yield* AccountMode.probe).toBe("unified")
      expect(sim.traffic.count(ASSETS_V3)).toBe(1)
      expect(sim.traffic.count(ASSETS_V2)).toBe(0)
      const assets = yield* Unified.Account.assets()
      const usdt = assets.assets.find((asset) => asset.coin === "USDT")
      expect(Decimal.format(usdt!.available)).toBe("100000")
      // USDC is funded too, for USDC-margined futures.
      expect(assets.assets.some((asset) => asset.coin === "USDC")).toBe(true)
    }).pipe(Effect.provide(Layer.fresh(unified))))
})

describe("a Classic key", () => {
  it.effect("gets 40084 from V3, as AccountModeError saying to use the V2 lines", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Unified.Account.assets())
      expect(error).toMatchObject({ _tag: "AccountModeError", account: "classic", code: "40084" })
      expect(error.message).toContain("@effect-bitget/spot")
      expect(error.message).toContain("upgrade")
      expect(yield* AccountMode.probe).toBe("classic")
    }).pipe(Effect.provide(Layer.fresh(classic))))
})

describe("the unified ledger", () => {
  it.effect("keeps one balance per coin: futures cash is the spot balance", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const control = yield* Simulator.control<UnifiedControl>("unified")
      const uid = sim.unified.uid
      const usdt = control.ledger.balance(uid, "USDT")
      expect(BigDecimal.equals(control.futures.balance(uid, "USDT"), usdt.available)).toBe(true)
      control.futures.setBalance(uid, "USDT", Decimal.unsafeMake("99000"))
      expect(Decimal.format(usdt.available)).toBe("99000")
      const assets = yield* Unified.Account.assets()
      expect(Decimal.format(assets.assets.find((asset) => asset.coin === "USDT")!.balance)).toBe("99000")
      // A Classic account keeps its futures cash apart from spot.
      expect(
        BigDecimal.equals(control.futures.balance(sim.uid, "USDT"), control.spot.balance(sim.uid, "USDT").available)
      )
        .toBe(true)
      control.futures.setBalance(sim.uid, "USDT", Decimal.unsafeMake("1"))
      expect(Decimal.format(control.spot.balance(sim.uid, "USDT").available)).toBe("100000")
    }).pipe(Effect.provide(Layer.fresh(unified))))

  it.effect("switches modes only without open positions or orders, moving futures cash into the one balance", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const control = yield* Simulator.control<UnifiedControl>("unified")
      const { ledger } = control
      const uid = sim.unified.uid
      expect(ledger.switchTo(uid, "classic", 1)).toBeUndefined()
      expect(ledger.modeOf(uid)).toBe("classic")
      expect(yield* Effect.flip(Unified.Account.assets())).toMatchObject({ _tag: "AccountModeError", code: "40084" })
      expect(Decimal.format(control.futures.balance(uid, "USDT"))).toBe("0")
      control.futures.setBalance(uid, "USDT", Decimal.unsafeMake("5"))
      expect(ledger.switchTo(uid, "unified", 2)).toBeUndefined()
      expect(Decimal.format(ledger.balance(uid, "USDT").available)).toBe("100005")
      // An open spot order blocks the switch.
      yield* control.spot.place({
        uid,
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: Decimal.unsafeMake("1000"),
        size: Decimal.unsafeMake("0.01"),
        clientOid: undefined
      }, 3)
      expect(ledger.switchTo(uid, "classic", 4)).toMatch(/open order/)
      expect(ledger.modeOf(uid)).toBe("unified")
    }).pipe(Effect.provide(Layer.fresh(unified))))
})

describe("V3 error codes", () => {
  it("classifies the 25xxx family (shared/reference/v3-unified-api.md §b.4)", () => {
    const expected: Record<string, string> = {
      "25000": "ServiceUnavailable",
      "25001": "ServiceUnavailable",
      "25003": "ServiceUnavailable",
      "25004": "ServiceUnavailable",
      "25202": "InsufficientBalance",
      "25203": "InsufficientBalance",
      "25204": "OrderNotFound",
      "25212": "DuplicateClientOid",
      "25236": "InvalidParameter",
      "25200": "InvalidParameter",
      "25245": "AccountModeError",
      "25620": "PermissionError",
      "24056": "OrderNotFound"
    }
    for (const [code, family] of Object.entries(expected)) {
      expect([code, Envelope.family(code, 400)]).toEqual([code, family])
    }
    const error = Envelope.toError(
      "unified.account.assets",
      400,
      { code: "25245", msg: "not unified", requestTime: 0, data: null } as any
    )
    expect(error).toMatchObject({ _tag: "AccountModeError", account: "classic" })
  })
})

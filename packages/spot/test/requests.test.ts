/**
 * The request-schema review of the spot line (issue 13): each rule Bitget's parameter tables
 * give is checked locally (nothing reaches the simulator) and its boundary is accepted.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally as refused } from "../../core/test/refused.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

/** `call` fails with `InvalidRequest` naming `start`, and nothing reached the simulator. */
const refusedLocally = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, start: string) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => refused(call, start, () => simulator.traffic.total()))

/** `call` passes the local checks: it reaches the simulator on `route` (whatever the simulator answers). */
const sent = <A, E, R>(call: Effect.Effect<A, E, R>, route: string) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = simulator.traffic.count(route)
    const result = yield* Effect.either(call)
    if (result._tag === "Left") expect((result.left as { _tag: string })._tag).not.toBe("InvalidRequest")
    // More than once when the simulator's own rate limit answers 429 and the client retries.
    expect(simulator.traffic.count(route)).toBeGreaterThan(before)
    return result
  })

const TRANSFER = "POST /api/v2/spot/wallet/transfer"
const SUB_TRANSFER = "POST /api/v2/spot/wallet/subaccount-transfer"
// Withdrawals are paced by the client's 5/s limit: their tests get room on a loaded machine.
const WITHDRAWAL = "POST /api/v2/spot/wallet/withdrawal"
const TRANSFER_RECORDS = "GET /api/v2/spot/account/transferRecords"
const BATCH = "POST /api/v2/spot/trade/batch-orders"
const spot = Simulator.control<SpotControl>("spot")

layer(Env, { excludeTestServices: true })("spot request rules (Bitget's parameter tables)", (it) => {
  it.effect("transfer: symbol is required when either side is isolated_margin, and only then", () =>
    Effect.gen(function*() {
      const base = { coin: "USDT", amount: "10" } as const
      yield* refusedLocally(
        Spot.Wallet.transfer({ ...base, fromType: "spot", toType: "isolated_margin" }),
        "symbol: required when fromType or toType is isolated_margin"
      )
      yield* refusedLocally(
        Spot.Wallet.transfer({ ...base, fromType: "isolated_margin", toType: "spot", symbol: "" }),
        "symbol: required"
      )
      const into = yield* sent(
        Spot.Wallet.transfer({ ...base, fromType: "spot", toType: "isolated_margin", symbol: "BTCUSDT" }),
        TRANSFER
      )
      expect(into._tag).toBe("Right")
      const back = yield* sent(
        Spot.Wallet.transfer({ ...base, fromType: "isolated_margin", toType: "spot", symbol: "BTCUSDT" }),
        TRANSFER
      )
      expect(back._tag).toBe("Right")
      // Cross margin needs no symbol.
      const cross = yield* sent(Spot.Wallet.transfer({ ...base, fromType: "spot", toType: "crossed_margin" }), TRANSFER)
      expect(cross._tag).toBe("Right")
    }))

  it.effect("subaccount-transfer: the same isolated_margin symbol rule", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const base = { coin: "USDT", amount: "1", fromUserId: simulator.uid, toUserId: simulator.uid } as const
      yield* refusedLocally(
        Spot.Wallet.subaccountTransfer({ ...base, fromType: "spot", toType: "isolated_margin" }),
        "symbol: required when fromType or toType is isolated_margin"
      )
      yield* sent(
        Spot.Wallet.subaccountTransfer({ ...base, fromType: "spot", toType: "isolated_margin", symbol: "BTCUSDT" }),
        SUB_TRANSFER
      )
    }))

  it.effect(
    "withdrawal: on_chain needs chain; an internal one to a mobile needs areaCode",
    () =>
      Effect.gen(function*() {
        const onChain = { coin: "USDT", transferType: "on_chain", address: "0xabc", size: "1" } as const
        yield* refusedLocally(Spot.Wallet.withdrawal(onChain), "chain: required for an on_chain withdrawal")
        yield* refusedLocally(Spot.Wallet.withdrawal({ ...onChain, chain: "" }), "chain: required")
        const chained = yield* sent(Spot.Wallet.withdrawal({ ...onChain, chain: "trc20" }), WITHDRAWAL)
        expect(chained._tag).toBe("Right")

        const internal = { coin: "USDT", transferType: "internal_transfer", address: "2000000003", size: "1" } as const
        yield* refusedLocally(
          Spot.Wallet.withdrawal({ ...internal, address: "5550100", innerToType: "mobile" }),
          "areaCode: required when innerToType is mobile"
        )
        yield* sent(
          Spot.Wallet.withdrawal({ ...internal, address: "5550100", innerToType: "mobile", areaCode: "82" }),
          WITHDRAWAL
        )
        // An internal transfer by uid or email names no chain and no area code.
        yield* sent(Spot.Wallet.withdrawal({ ...internal, innerToType: "uid" }), WITHDRAWAL)
        yield* sent(Spot.Wallet.withdrawal({ ...internal, address: "a@b.c", innerToType: "email" }), WITHDRAWAL)
      }),
    20_000
  )

  it.effect(
    "withdrawal: the travel-rule fields are declared (sent), their values checked",
    () =>
      Effect.gen(function*() {
        const korea = {
          coin: "USDT",
          transferType: "on_chain",
          address: "0xabc",
          chain: "erc20",
          size: "1",
          memberCode: "bithumb",
          identityType: "user",
          firstName: "Gildong",
          lastName: "Hong"
        } as const
        const result = yield* sent(Spot.Wallet.withdrawal(korea), WITHDRAWAL)
        expect(result._tag).toBe("Right")
        yield* sent(
          Spot.Wallet.withdrawal({ ...korea, memberCode: "korbit", identityType: "company", companyName: "Acme" }),
          WITHDRAWAL
        )
        yield* refusedLocally(Spot.Wallet.withdrawal({ ...korea, memberCode: "upbitt" as "bithumb" }), "memberCode")
        yield* refusedLocally(Spot.Wallet.withdrawal({ ...korea, identityType: "person" as "user" }), "identityType")
      }),
    20_000
  )

  it.effect("transferRecords: limit 1 to 500, pageNum 1 to 1000", () =>
    Effect.gen(function*() {
      const base = { coin: "USDT", fromType: "spot" } as const
      const full = yield* sent(Spot.Account.transferRecords({ ...base, limit: 500 }), TRANSFER_RECORDS)
      expect(full._tag).toBe("Right")
      yield* refusedLocally(Spot.Account.transferRecords({ ...base, limit: 501 }), "limit")
      const last = yield* sent(Spot.Account.transferRecords({ ...base, pageNum: 1000 }), TRANSFER_RECORDS)
      expect(last._tag).toBe("Right")
      yield* refusedLocally(Spot.Account.transferRecords({ ...base, pageNum: 1001 }), "pageNum")
    }))

  it.effect("batch-orders: single mode needs the request's symbol, multiple mode each order's; the other is ignored", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("BTCUSDT", "60000")
      control.setPrice("ETHUSDT", "3000")
      const item = { side: "buy", orderType: "limit", force: "gtc", size: "0.001" } as const
      yield* refusedLocally(
        Spot.Trade.batchOrders({ orderList: [{ ...item, symbol: "BTCUSDT", price: "50000" }] }),
        "symbol: required in single batch mode"
      )
      yield* refusedLocally(
        Spot.Trade.batchOrders({
          symbol: "BTCUSDT",
          batchMode: "multiple",
          orderList: [{ ...item, symbol: "BTCUSDT", price: "50000" }, { ...item, price: "2000" }]
        }),
        "orderList[1].symbol: required in multiple batch mode"
      )
      // Single: the order's own symbol is ignored, the request's counts.
      const single = yield* sent(
        Spot.Trade.batchOrders({
          symbol: "BTCUSDT",
          orderList: [{ ...item, symbol: "ETHUSDT", price: "50000", clientOid: "single-1" }]
        }),
        BATCH
      )
      expect(single._tag).toBe("Right")
      // Multiple (any letter case): each order on its own symbol, the request's ignored.
      const multiple = yield* sent(
        Spot.Trade.batchOrders({
          symbol: "BTCUSDT",
          batchMode: "MULTIPLE" as "multiple",
          orderList: [
            { ...item, symbol: "ETHUSDT", price: "2000", clientOid: "multi-eth" },
            { ...item, symbol: "BTCUSDT", price: "50000", clientOid: "multi-btc" }
          ]
        }),
        BATCH
      )
      expect(multiple._tag).toBe("Right")
      const symbolOf = (clientOid: string) =>
        [...control.world.orders.values()].find((o) => o.clientOid === clientOid)?.symbol
      expect([symbolOf("single-1"), symbolOf("multi-eth"), symbolOf("multi-btc")]).toEqual([
        "BTCUSDT",
        "ETHUSDT",
        "BTCUSDT"
      ])
    }))

  it.effect("batch-cancel-order: the same symbol rule; single mode cancels only orders of the request's symbol", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("ETHUSDT", "3000")
      const eth = yield* Spot.Trade.placeOrder({
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "2000",
        size: "0.01",
        clientOid: "cancel-eth"
      })
      yield* refusedLocally(
        Spot.Trade.batchCancelOrder({ orderList: [{ symbol: "ETHUSDT", orderId: eth.orderId! }] }),
        "symbol: required in single batch mode"
      )
      yield* refusedLocally(
        Spot.Trade.batchCancelOrder({ batchMode: "multiple", orderList: [{ orderId: eth.orderId! }] }),
        "orderList[0].symbol: required in multiple batch mode"
      )
      // Single mode with another symbol: the ETH order is not of it, and stays open.
      const wrong = yield* Spot.Trade.batchCancelOrder({
        symbol: "BTCUSDT",
        orderList: [{ symbol: "ETHUSDT", orderId: eth.orderId! }]
      })
      expect(wrong.successList).toEqual([])
      expect(wrong.failureList.map((f) => f.errorCode)).toEqual(["43001"])
      expect((yield* Spot.Trade.unfilledOrders({ symbol: "ETHUSDT" })).map((o) => o.clientOid)).toContain("cancel-eth")
      const right = yield* Spot.Trade.batchCancelOrder({
        symbol: "BTCUSDT",
        batchMode: "multiple",
        orderList: [{ symbol: "ETHUSDT", orderId: eth.orderId! }]
      })
      expect(right.successList.map((r) => r.orderId)).toEqual([eth.orderId])
      expect((yield* Spot.Trade.unfilledOrders({ symbol: "ETHUSDT" })).map((o) => o.clientOid)).not.toContain(
        "cancel-eth"
      )
    }))

  it.effect(
    "current-plan-order: 20 a page unless asked (Bitget's default), newest first",
    () =>
      Effect.gen(function*() {
        const control = yield* spot
        control.setPrice("BTCUSDT", "60000")
        const plan = {
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          size: "0.001",
          triggerType: "fill_price"
        } as const
        for (let i = 0; i < 21; i++) {
          yield* Spot.PlanOrder.placePlanOrder({ ...plan, triggerPrice: String(55000 - i), clientOid: `page-${i}` })
        }
        const first = yield* Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT" })
        expect(first.orderList.length).toBe(20)
        expect(first.nextFlag).toBe(true)
        expect(first.orderList.map((p) => p.clientOid)).not.toContain("page-0")
        const all = yield* Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT", limit: 100 })
        expect(all.orderList.length).toBe(21)
      }),
    20_000
  )

  it.effect(
    "deposit and withdrawal records: 20 a page unless asked; an orderId or clientOid names one record, the window ignored",
    () =>
      Effect.gen(function*() {
        const control = yield* spot
        const now = Date.now()
        const hour = 3_600_000
        for (let i = 0; i < 21; i++) control.deposit("ETH", "1", now - (i + 1) * hour)
        const old = control.deposit("ETH", "2", now - 10 * 24 * hour)
        const day = { startTime: Spot.Schemas.time(now - 24 * hour), endTime: Spot.Schemas.time(now) }
        expect((yield* Spot.Wallet.depositRecords({ ...day, coin: "ETH" })).length).toBe(20)
        expect((yield* Spot.Wallet.depositRecords({ ...day, coin: "ETH", limit: 100 })).length).toBe(21)
        // The old deposit is outside the window, but named by its id.
        const named = yield* Spot.Wallet.depositRecords({ ...day, orderId: old })
        expect(named.map((r) => r.orderId)).toEqual([old])

        const withdrawn = yield* Spot.Wallet.withdrawal({
          coin: "USDT",
          transferType: "internal_transfer",
          address: "2000000003",
          size: "1",
          clientOid: "records-w"
        })
        const before = {
          startTime: Spot.Schemas.time(now - 3 * 24 * hour),
          endTime: Spot.Schemas.time(now - 2 * 24 * hour)
        }
        expect(yield* Spot.Wallet.withdrawalRecords(before)).toEqual([])
        const byOid = yield* Spot.Wallet.withdrawalRecords({ ...before, clientOid: "records-w" })
        expect(byOid.map((r) => r.orderId)).toEqual([withdrawn.orderId])
        const byId = yield* Spot.Wallet.withdrawalRecords({ ...before, orderId: withdrawn.orderId })
        expect(byId.map((r) => r.clientOid)).toEqual(["records-w"])
      }),
    20_000
  )

  it.effect("transfer: a repeated clientOid answers the first transfer and moves nothing more", () =>
    Effect.gen(function*() {
      const control = yield* spot
      const spotUsdt = () => control.world.balance(Simulator.UID, "USDT").available
      const before = spotUsdt()
      const first = yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "usdt_futures",
        coin: "USDT",
        amount: "7",
        clientOid: "idem-1"
      })
      const again = yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "usdt_futures",
        coin: "USDT",
        amount: "7",
        clientOid: "idem-1"
      })
      expect(again.transferId).toBe(first.transferId)
      expect(BigDecimal.format(BigDecimal.subtract(before, spotUsdt()))).toBe("7")
      // Another clientOid is another transfer.
      yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "usdt_futures",
        coin: "USDT",
        amount: "7",
        clientOid: "idem-2"
      })
      expect(BigDecimal.format(BigDecimal.subtract(before, spotUsdt()))).toBe("14")
    }))
})

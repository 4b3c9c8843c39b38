/**
 * The permission matrix: for each permission a virtual sub-account's key can hold, with that
 * key, a read, a spot order and a futures order, allowed or refused as Bitget does (40014,
 * HTTP 400, PermissionError), and a refused order leaves no trace in the simulated exchange.
 */
import { VirtualSubaccount } from "@effect-bitget/broker"
import type { Permission } from "@effect-bitget/broker/Schemas"
import * as Account from "@effect-bitget/futures/Account"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import {
  as,
  fresh,
  fundedSub,
  futuresOrder,
  keyOf,
  openFuturesOrders,
  refusedWith,
  spotOrder,
  spotOrders
} from "./support.js"

const usdtFutures = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

const matrix: ReadonlyArray<{ readonly name: string; readonly perm: Permission; spot: boolean; futures: boolean }> = [
  { name: "matrixaa", perm: "read", spot: false, futures: false },
  { name: "matrixab", perm: "spot_trade", spot: true, futures: false },
  { name: "matrixac", perm: "contract_trade", spot: false, futures: true },
  { name: "matrixad", perm: "margin_trade", spot: false, futures: false },
  { name: "matrixae", perm: "transfer", spot: false, futures: false }
]

layer(fresh(), { excludeTestServices: true })("virtual sub-account keys: the permission matrix", (it) => {
  for (const row of matrix) {
    it.effect(`${row.perm}: read allowed, spot ${row.spot ? "allowed" : "refused"}, futures ${row.futures ? "allowed" : "refused"}`, () =>
      Effect.gen(function*() {
        const uid = yield* fundedSub(row.name)
        const key = yield* keyOf(uid, [row.perm])
        const client = as(key)

        // A read: the sub-account's own balance (what the main account moved to it).
        const assets = yield* Spot.Account.assets({ coin: "USDT" }).pipe(Effect.provide(client))
        expect(assets.map((a) => BigDecimal.format(a.available))).toEqual(["1000"])

        if (row.spot) {
          const placed = yield* spotOrder.pipe(Effect.provide(client))
          expect(placed.orderId).toBeDefined()
          expect(yield* spotOrders(uid)).toBe(1)
        } else {
          yield* refusedWith(spotOrder.pipe(Effect.provide(client)), "PermissionError", "40014")
          expect(yield* spotOrders(uid)).toBe(0)
          const after = yield* Spot.Account.assets({ coin: "USDT" }).pipe(Effect.provide(client))
          expect(after.map((a) => BigDecimal.format(a.available))).toEqual(["1000"])
        }

        if (row.futures) {
          const placed = yield* futuresOrder.pipe(Effect.provide(client))
          expect(placed.orderId).toBeDefined()
          expect(yield* openFuturesOrders.pipe(Effect.provide(client))).toBe(1)
        } else {
          yield* refusedWith(futuresOrder.pipe(Effect.provide(client)), "PermissionError", "40014")
          expect(yield* openFuturesOrders.pipe(Effect.provide(client))).toBe(0)
        }
      }))
  }

  it.effect("two permissions together allow both lines; the main account's own key is not bounded", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("matrixba")
      const both = as(yield* keyOf(uid, ["spot_trade", "contract_trade"]))
      yield* spotOrder.pipe(Effect.provide(both))
      yield* futuresOrder.pipe(Effect.provide(both))
      expect(yield* spotOrders(uid)).toBe(1)
      expect(yield* openFuturesOrders.pipe(Effect.provide(both))).toBe(1)
      // The main account: every permission.
      const placed = yield* spotOrder
      expect(placed.orderId).toBeDefined()
    }))

  it.effect("a key with no permission at all may read and write nothing", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("matrixbb")
      const none = as(yield* keyOf(uid, []))
      yield* Spot.Account.assets({ coin: "USDT" }).pipe(Effect.provide(none))
      yield* refusedWith(spotOrder.pipe(Effect.provide(none)), "PermissionError", "40014")
      yield* refusedWith(futuresOrder.pipe(Effect.provide(none)), "PermissionError", "40014")
      // A wallet write needs `transfer` too.
      yield* refusedWith(
        Spot.Wallet.transfer({ fromType: "spot", toType: "usdt_futures", amount: "1", coin: "USDT" }).pipe(
          Effect.provide(none)
        ),
        "PermissionError",
        "40014"
      )
    }))

  it.effect("futures settings need contract_trade; a withdrawal needs withdraw, which no virtual key has", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("matrixbd")
      const leverage = Account.setLeverage({ ...usdtFutures, leverage: "5" })
      const spotKey = as(yield* keyOf(uid, ["spot_trade"]))
      const futuresKey = as(yield* keyOf(uid, ["contract_trade"]))
      yield* refusedWith(leverage.pipe(Effect.provide(spotKey)), "PermissionError", "40014")
      const set = yield* leverage.pipe(Effect.provide(futuresKey))
      expect(BigDecimal.format(set.longLeverage)).toBe("5")
      const withdrawal = Spot.Wallet.withdrawal({
        coin: "USDT",
        transferType: "on_chain",
        address: "0x00000000000000000000000000000000000000aa",
        chain: "erc20",
        size: "1"
      })
      yield* refusedWith(withdrawal.pipe(Effect.provide(spotKey)), "PermissionError", "40014")
      yield* refusedWith(withdrawal.pipe(Effect.provide(futuresKey)), "PermissionError", "40014")
    }))

  it.effect("the account's permissions bound its keys: transfer needs it on the key and on the sub-account", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("matrixbc")
      const transfer = as(yield* keyOf(uid, ["transfer"]))
      const move = Spot.Wallet.transfer({ fromType: "spot", toType: "usdt_futures", amount: "1", coin: "USDT" })
      // New virtual sub-accounts may spot_trade and contract_trade only.
      yield* refusedWith(move.pipe(Effect.provide(transfer)), "PermissionError", "40014")
      yield* VirtualSubaccount.modifyVirtualSubaccount({
        subAccountUid: uid,
        permList: ["spot_trade", "contract_trade", "transfer"],
        status: "normal"
      })
      const moved = yield* Spot.Wallet.transfer({ fromType: "spot", toType: "usdt_futures", amount: "1", coin: "USDT" })
        .pipe(Effect.provide(transfer))
      expect(moved.transferId).toBeDefined()
      yield* refusedWith(spotOrder.pipe(Effect.provide(transfer)), "PermissionError", "40014")
    }))
})

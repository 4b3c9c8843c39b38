/** What the broker tests share: a simulator with the main account's client, sub-accounts made through the API. */
import { VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import type { Permission } from "@effect-bitget/broker/Schemas"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import type * as Accounts from "@effect-bitget/simulator/Accounts"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/**
 * A fresh simulator and a client signing as its main account. These tests are about the broker's
 * state, not rates: with Bitget's 1/s limits on sub-account writes they waited out a window per
 * call (34 s for one file), so neither side limits here. Limits are tested where they are the
 * subject (core's limiter and resilience tests, the simulator's exchange test).
 */
export const fresh = () =>
  Simulator.layerClient({ limiter: "none" }).pipe(Layer.provideMerge(Simulator.layer({ rateLimits: false })))

/** A client signing with an issued key (no client-side limiter, as `fresh`). */
export const as = (key: Accounts.IssuedKey) => Simulator.layerClient({ key, limiter: "none" })

export const spot = Simulator.control<SpotControl>("spot")
export const futures = Simulator.control<FuturesControl>("futures")

export const PASSPHRASE = "passw0rd1"

/** A virtual sub-account created through the API; its uid. */
export const virtualSub = (name: string) =>
  Effect.map(
    VirtualSubaccount.createVirtualSubaccount({ subAccountList: [name] }),
    (created) => {
      expect(created.failureList).toEqual([])
      return created.successList[0]!.subAccountUid
    }
  )

/**
 * A virtual sub-account funded as a business would: 1000 USDT moved from the main account's
 * spot balance (sub-account transfer), and 1000 USDT of futures margin.
 */
export const fundedSub = (name: string) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const uid = yield* virtualSub(name)
    yield* Spot.Wallet.subaccountTransfer({
      fromType: "spot",
      toType: "spot",
      amount: "1000",
      coin: "USDT",
      fromUserId: simulator.uid,
      toUserId: uid
    })
    ;(yield* futures).setBalance("USDT", "1000", { uid })
    return uid
  })

/** A key of the sub-account created through the API, as signing credentials. */
export const keyOf = (uid: string, permList?: ReadonlyArray<Permission>, ipList?: ReadonlyArray<string>) =>
  Effect.map(
    VirtualSubaccountApiKey.createVirtualSubaccountApikey({
      subAccountUid: uid,
      passphrase: PASSPHRASE,
      label: "strategy key",
      ...(permList === undefined ? {} : { permList }),
      ...(ipList === undefined ? {} : { ipList })
    }),
    (created): Accounts.IssuedKey => ({
      apiKey: created.subAccountApiKey,
      secret: created.secretKey,
      passphrase: PASSPHRASE
    })
  )

/** A spot limit buy that rests (well below the price): 20 USDT. */
export const spotOrder = Spot.Trade.placeOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "20000",
  size: "0.001"
})

const usdtFutures = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

/** A futures limit buy that rests (well below the mark price). */
export const futuresOrder = Order.placeOrder({
  ...usdtFutures,
  marginMode: "crossed",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "30000",
  size: "0.01"
})

/** The spot orders of `uid` in the simulator. */
export const spotOrders = (uid: string) =>
  Effect.map(spot, (control) => [...control.world.orders.values()].filter((o) => o.uid === uid).length)

/** The open futures orders of the signing account, read through the API. */
export const openFuturesOrders = Effect.map(
  OrderQuery.ordersPending({ productType: "USDT-FUTURES" }),
  (page) => page.entrustedList.length
)

/** The call is refused with `code`, HTTP 400, as the error family `tag`. */
export const refusedWith = <A, E extends { readonly _tag: string }, R>(
  call: Effect.Effect<A, E, R>,
  tag: string,
  code: string
) =>
  Effect.gen(function*() {
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe(tag)
    expect(error).toMatchObject({ code, status: 400 })
  })

import { Simulator } from "@effect-bitget/simulator"
import type * as Accounts from "@effect-bitget/simulator/Accounts"
import * as SpotDomain from "@effect-bitget/simulator/spot/SpotDomain"
import { Account } from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"

// Keys issued at run time (sub-accounts, followers) sign calls as their own account.

const asKey = (key: Accounts.IssuedKey) => Simulator.layerClient({ key })

layer(Simulator.layer(), { excludeTestServices: true })("accounts and keys created at run time", (it) => {
  it.scoped("a new account's key signs as that account; its balances are its own; a deleted key is refused", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const spot = yield* Simulator.control<SpotDomain.SpotControl>("spot")
      const sub = simulator.accounts.open({ parentUid: simulator.uid, kind: "virtual", now: Date.now() })
      const key = simulator.accounts.issueKey(sub.uid, { passphrase: "pass-sub", now: Date.now() })
      expect(sub.uid).not.toBe(simulator.uid)
      spot.credit("USDT", "25", { uid: sub.uid })
      spot.credit("USDT", "1000")

      const own = yield* Account.assets({ coin: "USDT" }).pipe(Effect.provide(asKey(key)))
      const main = yield* Account.assets({ coin: "USDT" }).pipe(Effect.provide(Simulator.layerClient()))
      // A sub-account starts empty (the main account with the starting balances).
      expect(own.map((row) => BigDecimal.format(row.available))).toEqual(["25"])
      expect(main.map((row) => BigDecimal.format(row.available))).toEqual(["101000"])
      expect(simulator.accounts.keysOf(sub.uid).map((k) => k.account.apiKey)).toEqual([key.apiKey])

      expect(simulator.accounts.deleteKey(key.apiKey)).toBe(true)
      const refused = yield* Account.assets({ coin: "USDT" }).pipe(Effect.provide(asKey(key)), Effect.flip)
      expect(refused._tag).toBe("AuthenticationError")
      expect(refused).toMatchObject({ code: "40006" })
    }))
})

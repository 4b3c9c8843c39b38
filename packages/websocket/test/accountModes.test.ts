/**
 * The account-mode split on the sockets, one simulator and two accounts: a Classic key (the
 * simulator's main account) and a unified key (its UTA account). What Bitget answers on the other
 * generation's socket is seen nowhere on the wire except that a unified key's V2 login succeeds
 * (simulator/src/ws/WsServer.ts lists what was searched); these tests pin what this client then
 * does, so each Stream or call ends with the code that names the mode instead of waiting.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Orders from "../src/Orders.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Trade from "../src/V2Trade.js"
import * as V3Private from "../src/V3Private.js"

/** The socket and the REST client of one account of the simulator. */
const accountLayer = (unified: boolean) =>
  Layer.unwrapEffect(
    Effect.map(Simulator.Simulator, (simulator) =>
      Layer.mergeAll(
        BitgetSocket.layer({ url: simulator.wsUrl }).pipe(
          Layer.provide(
            BitgetConfig.layer({ credentials: unified ? simulator.unified.credentials : simulator.credentials })
          )
        ),
        Simulator.layerClient({ unified })
      ))
  )

const world = Simulator.layer({ ws: { tickMillis: 20 } })

const UNFILLED = "GET /api/v2/spot/trade/unfilled-orders"

/** The code of a failure, wherever the failure came from (a socket refusal or a REST answer). */
const codeOf = (error: unknown): unknown => (error as { code?: unknown }).code

layer(world, { excludeTestServices: true, timeout: 30_000 })("account modes on the sockets", (it) => {
  it.effect("a Classic key: its V2 private channel pushes; a V3 private topic fails at once with 40084", () =>
    Effect.gen(function*() {
      const push = yield* Stream.runHead(V2Private.spotAccount({})).pipe(Effect.timeout("5 seconds"))
      expect(push._tag).toBe("Some")
      const error = yield* Stream.runDrain(V3Private.order({})).pipe(Effect.flip, Effect.timeout("5 seconds"))
      expect([error._tag, codeOf(error)]).toEqual(["SubscriptionRefused", "40084"])
    }).pipe(Effect.provide(accountLayer(false))))

  it.effect("a unified key: its V3 private topic pushes; V2 order entry and the reconciled V2 orders end with 40085", () =>
    Effect.gen(function*() {
      const push = yield* Stream.runHead(V3Private.account({})).pipe(Effect.timeout("4 seconds"))
      expect(push._tag).toBe("Some")
      const placed = yield* V2Trade.placeSpotOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.01",
        clientOid: "uta-on-v2"
      }).pipe(Effect.flip, Effect.timeout("6 seconds"))
      expect(codeOf(placed)).toBe("40085")
      // The V2 `orders` channel is acked for it and stays quiet (what Bitget pushes there is not
      // known); the Stream's REST reconciliation is refused with 40085 and ends the Stream, read
      // once: no retry changes an account's mode.
      const simulator = yield* Simulator.Simulator
      const before = simulator.traffic.count(UNFILLED)
      const reconciled = yield* Stream.runDrain(Orders.spot({})).pipe(Effect.flip, Effect.timeout("10 seconds"))
      expect([reconciled._tag, codeOf(reconciled)]).toEqual(["AccountModeError", "40085"])
      expect(simulator.traffic.count(UNFILLED) - before).toBe(1)
    }).pipe(Effect.provide(accountLayer(true))))
})

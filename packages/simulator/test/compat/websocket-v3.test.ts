// bitget-api's WebsocketClientV3, unpatched, against the simulator's V3 private socket with the
// unified account's key: only its URL points at loopback.
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { expect, layer } from "@effect/vitest"
import { WebsocketClientV3, WS_KEY_MAP } from "bitget-api"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { layer as simulatorLayer } from "./setup.js"

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

const quiet = { trace: () => {}, info: () => {}, error: () => {}, warning: () => {}, debug: () => {} }

interface Update {
  readonly arg?: { readonly topic?: string }
  readonly data?: ReadonlyArray<Record<string, any>>
}

layer(simulatorLayer({ ws: { tickMillis: 20 } }), { excludeTestServices: true })(
  "bitget-api's V3 WebSocket client against the simulator",
  (it) => {
    it.effect(
      "WebsocketClientV3: logs in with the unified key, hears its account and orders, places and cancels over the socket",
      () =>
        flow(async (simulator) => {
          const credentials = simulator.unified.credentials
          const unified = simulator.domains.get("unified")!.control as UnifiedControl
          unified.spot.setPrice("BTCUSDT", BigDecimal.unsafeFromString("60000"), Date.now())
          const client = new WebsocketClientV3(
            {
              apiKey: Redacted.value(credentials.apiKey),
              apiSecret: Redacted.value(credentials.secret),
              apiPass: Redacted.value(credentials.passphrase),
              wsUrl: `${simulator.wsUrl}/v3/ws/private`
            } as any,
            quiet as any
          )
          const updates: Array<Update> = []
          const waiters = new Set<() => void>()
          client.on("update", (event: Update) => {
            updates.push(event)
            for (const wake of waiters) wake()
          })
          const until = (match: (event: Update) => boolean) =>
            new Promise<Update>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error("no such update")), 5000)
              const check = () => {
                const found = updates.find(match)
                if (found === undefined) return
                clearTimeout(timer)
                waiters.delete(check)
                resolve(found)
              }
              waiters.add(check)
              check()
            })
          try {
            client.subscribe(
              [{ topic: "account", payload: { instType: "UTA" } }, {
                topic: "order",
                payload: { instType: "UTA" }
              }] as any,
              WS_KEY_MAP.v3Private
            )
            const account = await until((e) => e.arg?.topic === "account")
            expect(account.data![0]!.coin.some((row: { coin: string }) => row.coin === "USDT")).toBe(true)
            await new Promise((resolve) => setTimeout(resolve, 100))
            const placed: any = await client.sendWSAPIRequest(WS_KEY_MAP.v3Private, "place-order", "spot", {
              symbol: "BTCUSDT",
              orderType: "limit",
              side: "buy",
              qty: "0.001",
              price: "50000",
              timeInForce: "gtc",
              clientOid: "tsb-v3-1"
            } as any)
            expect(placed.code).toBe("0")
            const orderId = placed.args[0].orderId as string
            const pushed = await until((e) => e.arg?.topic === "order" && e.data!.some((o) => o.orderId === orderId))
            expect(pushed.data!.find((o) => o.orderId === orderId)!.orderStatus).toBe("new")
            // A refusal rejects the client's promise with Bitget's string code.
            const refused: any = await client.sendWSAPIRequest(WS_KEY_MAP.v3Private, "cancel-order", "spot", {
              orderId: "1"
            } as any).then(() => undefined, (error) => error)
            expect(refused.code).toBe("25204")
            await client.sendWSAPIRequest(WS_KEY_MAP.v3Private, "cancel-order", "spot", { orderId } as any)
            await until((e) =>
              e.arg?.topic === "order" && e.data!.some((o) => o.orderId === orderId && o.orderStatus === "cancelled")
            )
          } finally {
            client.closeAll(true)
          }
        }),
      30_000
    )
  }
)

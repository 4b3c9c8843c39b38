/**
 * The client's own CPU per V3 call (case 7's three calls: account assets, a 100-row fills page, a
 * placement), in-process over a transport that answers at once with the canned bodies (no
 * socket: only the library's work is measured), interleaved over rounds; medians in µs per call.
 * Run it under `node --cpu-prof --import tsx` to see where a call's time goes.
 * Usage: `tsx src/tools/v3calls.ts [rounds] [calls] [assets,fills,place]`
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as Account from "@effect-bitget/unified/Account"
import * as Trade from "@effect-bitget/unified/Trade"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import * as Canned from "../internal/canned.js"
import { median } from "../internal/stats.js"

const rounds = Number(process.argv[2] ?? 5)
const calls = Number(process.argv[3] ?? 5_000)
const which = (process.argv[4] ?? "assets,fills,place").split(",")

const bodies: Record<string, string> = {
  "/api/v3/account/assets": Canned.v3Assets,
  "/api/v3/trade/fills": Canned.v3Fills,
  "/api/v3/trade/place-order": Canned.v3Placed
}
const answers = new Map(
  Object.entries(bodies).map((
    [path, body]
  ) => [path, Effect.succeed<Transport.Response>({ status: 200, headers: {}, body })])
)
const answering = Layer.succeed(Transport.Transport, {
  send: (request) => answers.get(new URL(request.url).pathname)!
})

const runtime = ManagedRuntime.make(
  BitgetClient.layer.pipe(
    Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, answering)),
    Layer.provide(BitgetConfig.layer({
      baseUrl: "http://127.0.0.1:1",
      credentials: { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") }
    }))
  )
)

const order: Trade.PlaceOrderRequest = {
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  qty: "0.001",
  price: "30000"
}
const effects: Record<string, Effect.Effect<unknown, unknown, BitgetClient.BitgetClient>> = {
  assets: Account.assets(),
  fills: Trade.fills({ category: "SPOT" }),
  place: Trade.placeOrder(order)
}
const loop = (effect: Effect.Effect<unknown, unknown, BitgetClient.BitgetClient>) =>
  Effect.gen(function*() {
    for (let i = 0; i < calls; i++) yield* effect
  })

const results = new Map<string, Array<number>>(which.map((name) => [name, []]))
for (let round = 0; round <= rounds; round++) {
  for (const name of which) {
    const start = process.cpuUsage()
    await runtime.runPromise(loop(effects[name]!))
    const used = process.cpuUsage(start)
    // Round 0 warms up.
    if (round > 0) results.get(name)!.push((used.user + used.system) / calls)
  }
}
for (const [name, values] of results) {
  console.log(`${name}: ${median(values).toFixed(1)} µs/call (CPU, median of ${rounds})`)
}
await runtime.dispose()

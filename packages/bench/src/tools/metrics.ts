/**
 * What the client's metrics cost a call (issue 24: "off costs nothing measurable"): the client's
 * own CPU per call in-process, over a transport that answers at once with a canned 1-row body
 * (no socket: only the library's work is measured), with `metrics` off and on, each with no
 * limiter and with the in-memory limiter, interleaved over rounds; medians in µs per call.
 * Usage: `tsx src/tools/metrics.ts [rounds] [calls]`
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as Account from "@effect-bitget/spot/Account"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import { median } from "../internal/stats.js"

const rounds = Number(process.argv[2] ?? 5)
const calls = Number(process.argv[3] ?? 20_000)

const body = JSON.stringify({
  code: "00000",
  msg: "success",
  requestTime: 1_700_000_000_000,
  data: [{ coin: "USDT", available: "1000.5", frozen: "0", locked: "0", limitAvailable: "0", uTime: "1700000000000" }]
})
const answer = Effect.succeed<Transport.Response>({ status: 200, headers: {}, body })
const answering = Layer.succeed(Transport.Transport, { send: () => answer })

const runtime = (metrics: boolean) => {
  const config = BitgetConfig.layer({
    baseUrl: "http://127.0.0.1:1",
    credentials: { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") },
    limiter: "delay",
    metrics
  })
  return ManagedRuntime.make(
    BitgetClient.layer.pipe(
      Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, answering)),
      Layer.provide(config)
    )
  )
}

// Without a limiter: the real one would make 20,000 calls wait (10/s for assets, 6000/min per
// IP), so the limiter's own recording (one callback and two map look-ups a take) is not in these figures.
const variants = [
  { name: "metrics off", runtime: runtime(false) },
  { name: "metrics on", runtime: runtime(true) }
] as const

const loop = Effect.gen(function*() {
  for (let i = 0; i < calls; i++) yield* Account.assets()
})

const results = new Map<string, Array<number>>(variants.map((v) => [v.name, []]))
for (let round = 0; round <= rounds; round++) {
  for (const variant of variants) {
    const start = process.cpuUsage()
    await variant.runtime.runPromise(loop)
    const used = process.cpuUsage(start)
    // Round 0 warms up.
    if (round > 0) results.get(variant.name)!.push((used.user + used.system) / calls)
  }
}
for (const [name, values] of results) {
  console.log(`${name}: ${median(values).toFixed(2)} µs/call (CPU, median of ${rounds})`)
}
for (const variant of variants) await variant.runtime.dispose()

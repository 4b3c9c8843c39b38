import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as Trade from "@effect-bitget/unified/Trade"
import * as Canned from "../internal/canned.js"
const iterations = Number(process.argv[2] ?? 4000)
const body = Canned.v3Fills
const data = (JSON.parse(body) as { data: unknown }).data
const time = (name: string, f: () => unknown) => {
  for (let i = 0; i < iterations / 4; i++) f()
  const start = process.cpuUsage()
  for (let i = 0; i < iterations; i++) f()
  const used = process.cpuUsage(start)
  console.log(`${((used.user + used.system) / iterations).toFixed(1).padStart(8)} µs CPU  ${name}`)
}
const fast = FastDecode.decoder(Trade.Fills.data)
for (let r = 0; r < 3; r++) {
  time("JSON.parse", () => JSON.parse(body))
  time("fast decode", () => fast(data))
}

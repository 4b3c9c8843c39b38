/**
 * CPU µs to decode case 7's canned 100-row V3 fills page: `JSON.parse` of the body, the fast
 * decoder of `unified.trade.fills`' data, and the same page with `category` decoded as it was
 * before session 14 (a `Schema.transform` to an open enum that upper-cases), interleaved in one
 * process; medians of the rounds. The two decodes are checked equal first.
 * Usage: `tsx src/tools/decodeV3.ts [iterations] [rounds]`
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Fill } from "@effect-bitget/unified/internal/orders"
import { categories } from "@effect-bitget/unified/Schemas"
import * as Trade from "@effect-bitget/unified/Trade"
import * as Schema from "effect/Schema"
import { isDeepStrictEqual } from "node:util"
import * as Canned from "../internal/canned.js"
import { median } from "../internal/stats.js"

const iterations = Number(process.argv[2] ?? 4000)
const rounds = Number(process.argv[3] ?? 9)
const body = Canned.v3Fills
const data = (JSON.parse(body) as { data: unknown }).data

/** `CategoryOut` before session 14. */
const CategoryBefore = Schema.transform(Schema.String, OpenEnum(...categories), {
  strict: true,
  decode: (wire) => wire.toUpperCase(),
  encode: (category) => category
})
const before = FastDecode.decoder(Schema.Struct({
  list: Schema.Array(Schema.Struct({ ...Fill.fields, category: CategoryBefore })),
  cursor: Absent.optional(Schema.String)
}))
const fast = FastDecode.decoder(Trade.Fills.data)
if (!isDeepStrictEqual(fast(data), before(data))) throw new Error("the two decodes differ")

const cases: Record<string, () => unknown> = {
  "JSON.parse": () => JSON.parse(body),
  "fast decode": () => fast(data),
  "fast decode, category as before": () => before(data)
}
const times = new Map<string, Array<number>>(Object.keys(cases).map((name) => [name, []]))
for (let round = 0; round <= rounds; round++) {
  for (const [name, f] of Object.entries(cases)) {
    const start = process.cpuUsage()
    for (let i = 0; i < iterations; i++) f()
    const used = process.cpuUsage(start)
    // Round 0 warms up.
    if (round > 0) times.get(name)!.push((used.user + used.system) / iterations)
  }
}
for (const [name, values] of times) console.log(`${median(values).toFixed(1).padStart(8)} µs CPU  ${name}`)

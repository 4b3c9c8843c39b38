// Endpoints no domain answers get generated data that still reads like a market's: decimals
// positive and of a sensible size, prices near the traded price, times within the last month,
// symbols the simulator trades.
import * as LongShort from "@effect-bitget/futures/LongShort"
import * as FuturesMarket from "@effect-bitget/futures/Market"
import { Simulator } from "@effect-bitget/simulator"
import * as Account from "@effect-bitget/spot/Account"
import * as Market from "@effect-bitget/spot/Market"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const DAY = 86_400_000

/** Every implausible leaf of a decoded answer, as `path: value`. */
const implausible = (value: unknown, now: number, path = "data"): Array<string> => {
  if (BigDecimal.isBigDecimal(value)) {
    const n = BigDecimal.unsafeToNumber(value)
    const price = /price|Pr$|avg/i.test(path)
    const ok = n >= 0 && n < 1e7 && (!price || (n > 50000 && n < 70000))
    return ok ? [] : [`${path}: ${BigDecimal.format(value)}`]
  }
  if (DateTime.isDateTime(value)) {
    const ms = DateTime.toEpochMillis(value)
    return ms > now - 31 * DAY && ms <= now + 1000 ? [] : [`${path}: ${ms}`]
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => implausible(v, now, `${path}[${i}]`))
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "symbol" && !["BTCUSDT", "ETHUSDT", "SOLUSDT"].includes(v as string)
        ? [`${path}.symbol: ${String(v)}`]
        : implausible(v, now, `${path}.${key}`)
    )
  }
  return []
}

layer(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())), { excludeTestServices: true })(
  "generated answers",
  (it) => {
    it.effect("read like a market's: single answers and seeded lists", () =>
      Effect.gen(function*() {
        const now = Date.now()
        const answers = [
          yield* Market.vipFeeRates(),
          yield* FuturesMarket.queryPositionLever({ symbol: "BTCUSDT", productType: "USDT-FUTURES" }),
          yield* LongShort.longShort({ symbol: "BTCUSDT" }),
          yield* Account.subaccountAssets({ limit: 10 })
        ]
        for (const answer of answers) expect(implausible(answer, now)).toEqual([])
        expect(answers.every((a) => JSON.stringify(a) !== "[]")).toBe(true)
      }))
  }
)

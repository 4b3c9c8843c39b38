/**
 * `Decimal.parse` reads plain notation in one pass (a fast path) and hands anything else to
 * `BigDecimal.fromString`. Money is decoded through it, so the fast path must answer exactly what
 * the general one does — the same value and the same scale, or none — for every text, including
 * the edges of its own scan: a sign alone, a leading or trailing dot, two dots, 15 and 16 digits
 * (where it switches from a double to a `BigInt` of the text), characters just outside 0–9. The
 * same through `parseRange` with the text standing inside a larger frame.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Option from "effect/Option"

const reference = (text: string) => {
  if (text === "" || text === "-") return undefined
  return Option.getOrUndefined(BigDecimal.fromString(text))
}

const shape = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? "none" : `${value.value}e-${value.scale}`

const edges = [
  "",
  "-",
  "0",
  "-0",
  "5",
  "-5",
  ".",
  "-.",
  ".5",
  "-.5",
  "5.",
  "-5.",
  "1.2.3",
  "1..2",
  "0.10",
  "-0.10",
  "123456789012345",
  "1234567890123456",
  "-123456789012345",
  "-1234567890123456",
  "99999999999999.9",
  "999999999999999.9",
  "9007199254740993",
  "12345678901234567890.123456789",
  "0.000000000000000001",
  "1/2",
  "1:2",
  "/",
  ":",
  "1e5",
  "1E-3",
  "-1.5e2",
  "+1",
  " 1",
  "1 ",
  "--1",
  "1-",
  "0x10",
  "١"
]

// Every text of up to 4 characters over the scan's alphabet and its neighbours, then longer random ones.
const alphabet = ["0", "1", "9", ".", "-", "/", ":", "e"]
const short: Array<string> = [""]
for (let length = 1; length <= 4; length++) {
  for (const prefix of short.filter((text) => text.length === length - 1)) {
    for (const c of alphabet) short.push(prefix + c)
  }
}
let seed = 7
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const long = Array.from({ length: 3000 }, () => {
  const length = 1 + Math.floor(random() * 24)
  let text = random() < 0.3 ? "-" : ""
  for (let i = 0; i < length; i++) text += random() < 0.06 ? "." : String(Math.floor(random() * 10))
  return text
})

describe("Decimal.parse", () => {
  it("answers what BigDecimal.fromString answers, value and scale, for every text", () => {
    const wrong: Array<string> = []
    for (const text of [...edges, ...short, ...long]) {
      const got = shape(Decimal.parse(text))
      const want = shape(reference(text))
      if (got !== want) wrong.push(`${JSON.stringify(text)}: ${got}, expected ${want}`)
    }
    expect(wrong.slice(0, 20)).toEqual([])
  })

  it("parseRange reads the same inside a frame, whatever stands around it", () => {
    const wrong: Array<string> = []
    for (const text of [...edges, ...short.slice(0, 600), ...long.slice(0, 600)]) {
      for (const [before, after] of [["", ""], ["\"", "\""], ["9", "9"], [".", "."], ["-", "-"]] as const) {
        const frame = `${before}${text}${after}`
        const got = shape(Decimal.parseRange(frame, before.length, before.length + text.length))
        const want = shape(reference(text))
        if (got !== want) wrong.push(`${JSON.stringify(frame)}: ${got}, expected ${want}`)
      }
    }
    expect(wrong.slice(0, 20)).toEqual([])
  })

  it("fromWire takes strings, finite JSON numbers and BigDecimals, nothing else", () => {
    expect(shape(Decimal.fromWire("1.50"))).toBe("150e-2")
    expect(shape(Decimal.fromWire(1.5))).toBe("15e-1")
    expect(shape(Decimal.fromWire(BigDecimal.make(7n, 3)))).toBe("7e-3")
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, true, null, undefined, {}, [1]]) {
      expect(Decimal.fromWire(value)).toBeUndefined()
    }
  })
})

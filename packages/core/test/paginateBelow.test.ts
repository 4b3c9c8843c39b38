/**
 * `below`, the id comparison every row of a walk goes through, read as text past the leading zeros
 * instead of two `BigInt`s a row: it must answer exactly what `BigInt(a) < BigInt(b)` answers for
 * ids of 1 to 30 ASCII digits, and `undefined` (not comparable) for anything else.
 */
import * as Paginate from "@effect-bitget/core/internal/paginate"
import { describe, expect, it } from "@effect/vitest"
import * as FastCheck from "effect/FastCheck"

const reference = (a: unknown, b: unknown): boolean | undefined => {
  const x = String(a)
  const y = String(b)
  if (!/^\d{1,30}$/.test(x) || !/^\d{1,30}$/.test(y)) return undefined
  return BigInt(x) < BigInt(y)
}

const digits = FastCheck.stringMatching(/^0{0,3}\d{1,27}$/)

describe("below", () => {
  it("agrees with BigInt on any two digit strings (leading zeros, equal lengths, equal values)", () => {
    FastCheck.assert(
      FastCheck.property(digits, digits, (a, b) => {
        expect(Paginate.below(a, b)).toBe(reference(a, b))
        expect(Paginate.below(b, a)).toBe(reference(b, a))
        expect(Paginate.below(a, a)).toBe(false)
      }),
      { numRuns: 2000 }
    )
  })

  it("at each edge: zeros, lengths, the 30-digit limit, non-digits, numbers", () => {
    const cases: ReadonlyArray<readonly [unknown, unknown]> = [
      ["0", "0"],
      ["0", "00"],
      ["000", "1"],
      ["1", "000"],
      ["007", "8"],
      ["8", "007"],
      ["99", "100"],
      ["100", "99"],
      ["123", "124"],
      ["124", "123"],
      ["9".repeat(30), "1" + "0".repeat(29)],
      ["1" + "0".repeat(30), "1"],
      ["1", "1" + "0".repeat(30)],
      ["0".repeat(30), "1"],
      ["", "1"],
      ["1", ""],
      ["a1", "2"],
      ["1", "2a"],
      ["-1", "2"],
      ["1.5", "2"],
      [" 1", "2"],
      ["１", "2"],
      [7, 8],
      [8, 7],
      [7, "7"],
      [1.5, 2],
      [undefined, "1"],
      [null, "1"]
    ]
    for (const [a, b] of cases) expect([a, b, Paginate.below(a, b)]).toEqual([a, b, reference(a, b)])
  })
})

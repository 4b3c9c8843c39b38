/**
 * `descent`: the one scan a page takes when the walk may skip its sets of seen rows
 * (`internal/paginate.ts`, `ordered`). It must answer a page's lowest id only when every id goes
 * strictly down from the cursor, as integers; any doubt is `undefined` (the whole check runs).
 * The walks against a server that breaks each part of the proof are in hostile/pagination.test.ts.
 */
import * as Paginate from "@effect-bitget/core/internal/paginate"
import * as Pagination from "@effect-bitget/core/Pagination"
import { describe, expect, it } from "@effect/vitest"

const lastRow = Pagination.lastRow("id")
const field = Pagination.dataField("endId", "orderId")
const rows = (...ids: ReadonlyArray<unknown>) => ids.map((id) => ({ id }))

describe("descent", () => {
  it("the last id when ids go strictly down from the cursor; an id equal to or above the one before is no descent", () => {
    expect(Paginate.descent(lastRow, "100", rows("99", "98", "7"))).toBe("7")
    expect(Paginate.descent(lastRow, "100", rows("100", "98"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("101"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("99", "99"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("98", "99"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("99", "98", "1", "2"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("99"))).toBe("99")
    expect(Paginate.descent(lastRow, "100", [])).toBeUndefined()
  })

  it("no cursor (a first page): only the page's own order counts", () => {
    for (const at of [undefined, null, ""]) {
      expect(Paginate.descent(lastRow, at, rows("500", "5"))).toBe("5")
      expect(Paginate.descent(lastRow, at, rows("5", "500"))).toBeUndefined()
    }
  })

  it("compared as integers: lengths, leading zeros, numbers, 30 digits; anything else is no descent", () => {
    expect(Paginate.descent(lastRow, "1000", rows("999", "0998", "10"))).toBe("10")
    expect(Paginate.descent(lastRow, "0100", rows("99"))).toBe("99")
    expect(Paginate.descent(lastRow, "100", rows("0100"))).toBeUndefined()
    expect(Paginate.descent(lastRow, 100, rows(99, 98))).toBe("98")
    const thirty = "9".repeat(30)
    expect(Paginate.descent(lastRow, thirty, rows("9".repeat(29) + "8"))).toBe("9".repeat(29) + "8")
    expect(Paginate.descent(lastRow, "1" + "0".repeat(30), rows("5"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("1" + "0".repeat(30)))).toBeUndefined()
    expect(Paginate.descent(lastRow, "abc", rows("5"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("5a"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("-5"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("5.0"))).toBeUndefined()
  })

  it("rows without an id are passed over, but the last row must have one", () => {
    expect(Paginate.descent(lastRow, "100", rows("99", "", null, undefined, "98"))).toBe("98")
    // The row after one without an id still goes below the last id seen.
    expect(Paginate.descent(lastRow, "100", rows("99", "", "99"))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", rows("99", ""))).toBeUndefined()
    expect(Paginate.descent(lastRow, "100", [{ id: "99" }, {}])).toBeUndefined()
  })

  it("a data cursor reads the rows' own id; time and page-number cursors have no descent", () => {
    expect(Paginate.descent(field, "100", [{ orderId: "99", endId: "200" }, { orderId: "98" }])).toBe("98")
    expect(Paginate.descent(field, "100", [{ orderId: "101", id: "1" }])).toBeUndefined()
    expect(Paginate.descent(Pagination.page(), 1, rows("2", "1"))).toBeUndefined()
    expect(Paginate.descent(Pagination.before("id"), "100", rows("99", "98"))).toBeUndefined()
  })

  it("agrees with BigInt on random pages (ids with duplicates, gaps, blanks and text)", () => {
    let seed = 23
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const pick = (): string => {
      const roll = random(40)
      if (roll === 0) return ""
      if (roll === 1) return "x" + random(9)
      return (roll === 2 ? "0" : "") + String(random(60))
    }
    const digits = (text: string) => /^\d{1,30}$/.test(text)
    for (let n = 0; n < 5000; n++) {
      const at = random(4) === 0 ? undefined : pick()
      const ids = Array.from({ length: random(6) }, pick)
      let expected: string | undefined
      let before = at === undefined || at === "" ? undefined : at
      let fails = before !== undefined && !digits(before)
      for (const id of ids) {
        if (fails) break
        if (id === "") {
          expected = undefined
          continue
        }
        if (!digits(id) || (before !== undefined && !(BigInt(id) < BigInt(before)))) fails = true
        before = id
        expected = id
      }
      expect(Paginate.descent(lastRow, at, rows(...ids)), `${at} ${ids.join(",")}`).toBe(fails ? undefined : expected)
    }
  })
})

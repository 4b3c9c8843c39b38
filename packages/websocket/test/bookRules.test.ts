/**
 * The book keeper's rules at each boundary (issue 25: the mutants of `Book.Keeper` killed), on the
 * keeper alone (`Book.keeper`, a pure state machine; `book.test.ts` runs the same rules over a
 * socket): an update before any snapshot, a `pseq` of 0 on a numbered push, a `pseq` one off the
 * last `seq` either way, a crossed book at an equal price (in another scale too), a checksum one
 * off; each beside the value that passes. The checksum text is checked against Bitget's layout and
 * its CRC32 against Node's own `zlib.crc32`.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type { Level } from "@effect-bitget/core/OrderBook"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Zlib from "node:zlib"
import * as Book from "../src/Book.js"
import type { BookRow } from "../src/Values.js"

const level = ([price, size]: readonly [string, string]): Level => ({
  price: Decimal.unsafeMake(price),
  size: Decimal.unsafeMake(size)
})
const row = (
  asks: ReadonlyArray<readonly [string, string]>,
  bids: ReadonlyArray<readonly [string, string]>,
  numbers: { readonly seq?: bigint; readonly pseq?: bigint; readonly checksum?: number } = {}
): BookRow => ({ asks: asks.map(level), bids: bids.map(level), ts: DateTime.unsafeMake(1_700_000_000_000), ...numbers })
const show = (result: Book.ResyncReason | Book.Book) =>
  typeof result === "string" ? result : {
    asks: result.asks.map((l) => `${Decimal.format(l.price)}@${Decimal.format(l.size)}`),
    bids: result.bids.map((l) => `${Decimal.format(l.price)}@${Decimal.format(l.size)}`),
    seq: result.seq
  }
/** Bitget's checksum of a text: CRC32 (Node's own) as a signed 32-bit integer. */
const crc = (text: string) => Zlib.crc32(text) | 0

/** A keeper holding asks 101, 102 and bids 99, 98 at `seq` 10. */
const started = (depth?: number) => {
  const keeper = Book.keeper(depth)
  keeper.snapshot(row([["101", "1"], ["102", "2"]], [["99", "3"], ["98", "4"]], { seq: 10n, pseq: 0n }))
  return keeper
}

describe("Book.Keeper rules", () => {
  it("an update before any snapshot, or after a drop, is no book", () => {
    const keeper = Book.keeper()
    expect(keeper.update(row([["101", "1"]], [], { seq: 1n, pseq: 0n }))).toBe("no snapshot")
    const live = started()
    live.drop()
    expect(live.update(row([["101", "1"]], [], { seq: 11n, pseq: 10n }))).toBe("no snapshot")
    // A drop forgets the levels and the sequence: the next snapshot starts from nothing.
    expect([live.asks, live.bids, live.seq, live.live]).toEqual([[], [], undefined, false])
  })

  it("a snapshot sorts each side best first and leaves out empty levels", () => {
    const keeper = Book.keeper()
    const book = keeper.snapshot(
      row([["102", "2"], ["103", "0"], ["101", "1"]], [["98", "4"], ["99", "3"], ["97", "0"]], { seq: 5n })
    )
    expect(show(book)).toEqual({ asks: ["101@1", "102@2"], bids: ["99@3", "98@4"], seq: 5n })
    expect([keeper.live, keeper.asked]).toEqual([true, false])
  })

  it("pseq 0 on a numbered push is a restart; on an unnumbered one it is checked as any pseq", () => {
    expect(started().update(row([], [["99.5", "1"]], { seq: 11n, pseq: 0n }))).toBe("restart")
    // A book that was never numbered has no seq to compare with: the update applies.
    const unnumbered = Book.keeper()
    unnumbered.snapshot(row([["101", "1"]], [["99", "1"]]))
    expect(show(unnumbered.update(row([], [["99.5", "1"]], { pseq: 0n })))).toEqual({
      asks: ["101@1"],
      bids: ["99.5@1", "99@1"],
      seq: undefined
    })
    // Numbered book, unnumbered push with pseq 0: a gap (0 is not the last seq), not a restart.
    expect(started().update(row([], [["99.5", "1"]], { pseq: 0n }))).toBe("gap")
  })

  it("pseq must equal the last seq: one off either way is a gap; absent is not checked", () => {
    expect(started().update(row([], [["99.5", "1"]], { seq: 12n, pseq: 11n }))).toBe("gap")
    expect(started().update(row([], [["99.5", "1"]], { seq: 12n, pseq: 9n }))).toBe("gap")
    const keeper = started()
    expect(show(keeper.update(row([], [["99.5", "1"]], { seq: 11n, pseq: 10n })))).toEqual({
      asks: ["101@1", "102@2"],
      bids: ["99.5@1", "99@3", "98@4"],
      seq: 11n
    })
    // The chain goes on from the update's seq.
    expect(show(keeper.update(row([["101", "0"]], [], { seq: 12n, pseq: 11n })))).toMatchObject({ seq: 12n })
    expect(keeper.update(row([["101", "5"]], [], { seq: 13n, pseq: 11n }))).toBe("gap")
    // An update without numbers applies and keeps the last seq for the next one.
    const plain = started()
    expect(show(plain.update(row([["102", "0"]], [])))).toEqual({ asks: ["101@1"], bids: ["99@3", "98@4"], seq: 10n })
    expect(show(plain.update(row([["103", "1"]], [], { seq: 11n, pseq: 10n })))).toMatchObject({ seq: 11n })
  })

  it("crossed: the best bid at the best ask (in any scale) or above it; one below is a book", () => {
    expect(started().update(row([], [["101", "1"]], { seq: 11n, pseq: 10n }))).toBe("crossed")
    expect(started().update(row([], [["101.000", "1"]], { seq: 11n, pseq: 10n }))).toBe("crossed")
    expect(started().update(row([], [["101.5", "1"]], { seq: 11n, pseq: 10n }))).toBe("crossed")
    expect(started().update(row([["99", "1"]], [], { seq: 11n, pseq: 10n }))).toBe("crossed")
    expect(show(started().update(row([], [["100.99", "1"]], { seq: 11n, pseq: 10n })))).toMatchObject({
      bids: ["100.99@1", "99@3", "98@4"]
    })
    expect(show(started().update(row([["99.01", "1"]], [], { seq: 11n, pseq: 10n })))).toMatchObject({
      asks: ["99.01@1", "101@1", "102@2"]
    })
    // One side empty is not crossed.
    const oneSided = Book.keeper()
    oneSided.snapshot(row([["101", "1"]], [], { seq: 1n }))
    expect(show(oneSided.update(row([["100", "1"]], [], { seq: 2n, pseq: 1n })))).toMatchObject({ bids: [] })
    expect(show(oneSided.update(row([["100", "0"], ["101", "0"]], [["105", "1"]], { seq: 3n, pseq: 2n }))))
      .toMatchObject({ asks: [], bids: ["105@1"] })
  })

  it("levels: the same price in another scale replaces the level, size 0 deletes it, deleting a missing one is nothing", () => {
    const keeper = started()
    expect(show(keeper.update(row([["101.0", "7"]], [["98.00", "0"]], { seq: 11n, pseq: 10n })))).toEqual({
      asks: ["101.0@7", "102@2"],
      bids: ["99@3"],
      seq: 11n
    })
    expect(show(keeper.update(row([["150", "0"]], [["50", "0"]], { seq: 12n, pseq: 11n })))).toEqual({
      asks: ["101.0@7", "102@2"],
      bids: ["99@3"],
      seq: 12n
    })
    // Inserted in order on both sides, between and past the ends.
    expect(
      show(keeper.update(row([["103", "1"], ["101.5", "1"], ["100", "1"]], [["98", "1"], ["99.5", "1"], ["97", "1"]], {
        seq: 13n,
        pseq: 12n
      })))
    ).toEqual({
      asks: ["100@1", "101.0@7", "101.5@1", "102@2", "103@1"],
      bids: ["99.5@1", "99@3", "98@1", "97@1"],
      seq: 13n
    })
  })

  it("checksum: the right one is a book, one off is a resync, 0 or none is not checked", () => {
    const text = "99:3:101:1:99.5:1:102:2:98:4"
    expect(Book.checksumText(
      [level(["99", "3"]), level(["99.5", "1"]), level(["98", "4"])],
      [level(["101", "1"]), level(["102", "2"])]
    )).toBe("99:3:101:1:99.5:1:102:2:98:4")
    const right = crc("99.5:1:101:1:99:3:102:2:98:4")
    expect(Book.crc32(text)).toBe(crc(text))
    const update = (checksum?: number) =>
      started().update(
        row([], [["99.5", "1"]], { seq: 11n, pseq: 10n, ...(checksum === undefined ? {} : { checksum }) })
      )
    expect(show(update(right))).toMatchObject({ bids: ["99.5@1", "99@3", "98@4"] })
    expect(update(right + 1)).toBe("checksum")
    expect(update(right - 1)).toBe("checksum")
    expect(show(update(0))).toMatchObject({ seq: 11n })
    expect(show(update())).toMatchObject({ seq: 11n })
  })

  it("an emitted side is kept while updates stay below the top depth; one reaching into it is a new array", () => {
    const keeper = Book.keeper(2)
    const snap = keeper.snapshot(row([["101", "1"], ["102", "2"]], [["99", "3"], ["98", "4"]], { seq: 10n }))
    // Index 2 on each side: just below the top 2, so the emitted sides are reused as they are.
    const deep = keeper.update(row([["103", "1"]], [["97", "1"]], { seq: 11n, pseq: 10n }))
    if (typeof deep === "string") throw new Error(deep)
    expect([deep.asks === snap.asks, deep.bids === snap.bids]).toEqual([true, true])
    // Index 1 of the asks: inside the top 2, a new asks array; the bids untouched are kept.
    const top = keeper.update(row([["101.5", "1"]], [["97", "0"]], { seq: 12n, pseq: 11n }))
    if (typeof top === "string") throw new Error(top)
    expect([top.asks === deep.asks, top.bids === deep.bids]).toEqual([false, true])
    expect(show(top)).toMatchObject({ asks: ["101@1", "101.5@1"], bids: ["99@3", "98@4"] })
    expect(show(snap)).toMatchObject({ asks: ["101@1", "102@2"], bids: ["99@3", "98@4"] })
    // Without a depth every book has its own copy of each side.
    const all = Book.keeper()
    const first = all.snapshot(row([["101", "1"]], [["99", "1"]], { seq: 1n }))
    const next = all.update(row([["103", "1"]], [], { seq: 2n, pseq: 1n }))
    if (typeof next === "string") throw new Error(next)
    expect([next.asks === first.asks, next.bids === first.bids]).toEqual([false, false])
  })

  it("a second snapshot replaces the book, the sides shown from the first included", () => {
    const keeper = Book.keeper(2)
    keeper.snapshot(row([["101", "1"], ["102", "2"]], [["99", "3"], ["98", "4"]], { seq: 10n }))
    const again = keeper.snapshot(row([["105", "1"]], [["95", "1"]], { seq: 20n }))
    expect(show(again)).toEqual({ asks: ["105@1"], bids: ["95@1"], seq: 20n })
  })

  it("the checksum text: 25 levels a side interleaved bid first, the digits as sent, a shorter side ends early", () => {
    const side = (from: number, step: number) =>
      Array.from({ length: 26 }, (_, i) => level([String(from + step * i), "1.50"]))
    const text = Book.checksumText(side(100, -1), side(101, 1))
    const parts = text.split(":")
    expect(parts.length).toBe(100)
    expect(parts.slice(0, 8)).toEqual(["100", "1.50", "101", "1.50", "99", "1.50", "102", "1.50"])
    expect(parts.slice(-4)).toEqual(["76", "1.50", "125", "1.50"])
    expect(Book.checksumText([level(["9", "1"])], [level(["10", "2"]), level(["11", "0.5000"])])).toBe(
      "9:1:10:2:11:0.5000"
    )
    expect(Book.checksumText([], [])).toBe("")
    for (const sample of ["", "a", text, "0.5000:1e-7"]) expect(Book.crc32(sample)).toBe(crc(sample))
  })
})

/**
 * The book keeper (`Book.Keeper`) against a plain model, over random snapshots and update runs:
 * every book it emits is the model's best `depth` levels a side, and stays as it was emitted (the
 * keeper reuses a side's array while updates stay below the top `depth`: a book handed out earlier
 * must never change under its reader).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type { Level } from "@effect-bitget/core/OrderBook"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as FastCheck from "effect/FastCheck"
import * as Book from "../src/Book.js"

const level = ([price, size]: readonly [number, number]): Level => ({
  price: Decimal.unsafeMake(String(price)),
  size: Decimal.unsafeMake(String(size))
})
const show = (levels: ReadonlyArray<Level>) => levels.map((l) => `${Decimal.format(l.price)}@${Decimal.format(l.size)}`)

/** The model: price → size per side; the best `depth` levels, as text. */
const top = (side: Map<number, number>, ascending: boolean, depth: number | undefined) =>
  [...side].filter(([, size]) => size !== 0).sort(([a], [b]) => ascending ? a - b : b - a).slice(0, depth).map((
    [price, size]
  ) => `${price}@${size}`)

// Asks at 101..130, bids at 70..99: never crossed; a size of 0 deletes.
const asks = FastCheck.tuple(FastCheck.integer({ min: 101, max: 130 }), FastCheck.integer({ min: 0, max: 3 }))
const bids = FastCheck.tuple(FastCheck.integer({ min: 70, max: 99 }), FastCheck.integer({ min: 0, max: 3 }))
const update = FastCheck.record({
  asks: FastCheck.array(asks, { maxLength: 3 }),
  bids: FastCheck.array(bids, { maxLength: 3 })
})

describe("Book.Keeper", () => {
  it("emits the model's top levels, and an emitted book never changes", () =>
    FastCheck.assert(
      FastCheck.property(
        FastCheck.constantFrom(1, 3, 10, undefined),
        FastCheck.array(asks, { maxLength: 20 }),
        FastCheck.array(bids, { maxLength: 20 }),
        FastCheck.array(update, { maxLength: 40 }),
        (depth, snapAsks, snapBids, updates) => {
          const keeper = Book.keeper(depth)
          const modelAsks = new Map<number, number>()
          const modelBids = new Map<number, number>()
          // A snapshot's duplicate prices are not Bitget's: keep one of each.
          const unique = (levels: Array<readonly [number, number]>) => [...new Map(levels).entries()]
          for (const [p, s] of unique(snapAsks)) modelAsks.set(p, s)
          for (const [p, s] of unique(snapBids)) modelBids.set(p, s)
          const ts = DateTime.unsafeMake(0)
          const emitted: Array<[Book.Book, { asks: Array<string>; bids: Array<string> }]> = []
          const check = (book: Book.Book) => {
            const expected = { asks: top(modelAsks, true, depth), bids: top(modelBids, false, depth) }
            expect({ asks: show(book.asks), bids: show(book.bids) }).toEqual(expected)
            emitted.push([book, expected])
          }
          check(keeper.snapshot({
            asks: unique(snapAsks).map(level),
            bids: unique(snapBids).map(level),
            ts,
            seq: 1n
          }))
          let seq = 1n
          for (const u of updates) {
            for (const [p, s] of u.asks) modelAsks.set(p, s)
            for (const [p, s] of u.bids) modelBids.set(p, s)
            const result = keeper.update({
              asks: u.asks.map(level),
              bids: u.bids.map(level),
              ts,
              seq: seq + 1n,
              pseq: seq
            })
            seq++
            if (typeof result === "string") throw new Error(result)
            check(result)
          }
          for (const [book, expected] of emitted) {
            expect({ asks: show(book.asks), bids: show(book.bids) }).toEqual(
              expected
            )
          }
        }
      ),
      { numRuns: 300 }
    ))
})

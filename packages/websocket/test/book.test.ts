import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as Book from "../src/Book.js"
import * as V2Public from "../src/V2Public.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

const arg = { instType: "USDT-FUTURES", channel: "books", instId: "BTCUSDT" }

/** Raw text so seq is a bare JSON number, as Bitget sends it (big values included). */
const raw = (
  action: "snapshot" | "update",
  asks: Array<[string, string]>,
  bids: Array<[string, string]>,
  seq: bigint,
  pseq: bigint,
  checksum?: number
) =>
  `{"action":"${action}","arg":${JSON.stringify(arg)},"data":[{"asks":${JSON.stringify(asks)},"bids":${
    JSON.stringify(bids)
  },"ts":"1695716760565","seq":${seq},"pseq":${pseq}${
    checksum === undefined ? "" : `,"checksum":${checksum}`
  }}],"ts":1}`

const BIG = 1483653649791156270n

const snapshots = (server: Server.Server) =>
  server.log.filter((f) => f.text.includes("\"op\":\"subscribe\"") && f.text.includes("books")).length

const show = (book: Book.Book) => ({
  asks: book.asks.map((l) => `${Decimal.format(l.price)}@${Decimal.format(l.size)}`),
  bids: book.bids.map((l) => `${Decimal.format(l.price)}@${Decimal.format(l.size)}`)
})

const setup = (server: Server.Server) => {
  // Every subscribe (first or resync) gets a fresh snapshot with the next sequence base.
  let base = BIG
  server.options.onSubscribe = (client, a) => {
    if (a.channel !== "books") return
    base += 100n
    server.send(client, raw("snapshot", [["101", "1"], ["102", "2"]], [["100", "1"], ["99", "3"]], base, 0n))
  }
  return () => base
}

describe("Book", () => {
  it.live("snapshot then chained updates; a gap rebuilds from a fresh snapshot before emitting more", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const base = setup(server)
        const books = yield* Queue.unbounded<Book.Book>()
        const fiber = yield* Effect.fork(Stream.runForEach(
          Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }, { depth: 2 }),
          (b) => Queue.offer(books, b)
        ))
        const first = yield* Queue.take(books)
        expect(show(first)).toEqual({ asks: ["101@1", "102@2"], bids: ["100@1", "99@3"] })
        expect(first.seq).toBe(base())
        const seq = base()
        server.broadcast("/v2/ws/public", raw("update", [["101", "0"], ["103", "5"]], [["100.5", "2"]], seq + 1n, seq))
        const second = yield* Queue.take(books)
        expect(show(second)).toEqual({ asks: ["102@2", "103@5"], bids: ["100.5@2", "100@1"] })
        expect(second.seq).toBe(seq + 1n)
        // A skipped seq: the update is not applied, a fresh snapshot is asked for.
        server.broadcast("/v2/ws/public", raw("update", [["102", "9"]], [], seq + 3n, seq + 2n))
        yield* eventually(() => snapshots(server) === 2, "a resubscription")
        const third = yield* Queue.take(books)
        expect(show(third)).toEqual({ asks: ["101@1", "102@2"], bids: ["100@1", "99@3"] })
        expect(third.seq).toBe(base())
        expect(yield* Queue.size(books)).toBe(0)
        expect(server.log.some((f) => f.text.includes("\"op\":\"unsubscribe\""))).toBe(true)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("pseq 0, a crossed book and a wrong checksum each rebuild; a right checksum passes", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const base = setup(server)
        const books = yield* Queue.unbounded<Book.Book>()
        const reasons: Array<string> = []
        const fiber = yield* Effect.fork(Stream.runForEach(
          Book.stream(
            V2Public.Books,
            { instType: "USDT-FUTURES", instId: "BTCUSDT" },
            { onResync: (r) => reasons.push(r) }
          ),
          (b) => Queue.offer(books, b)
        ))
        yield* Queue.take(books)
        // A right checksum over the book after the update.
        const good = Book.crc32(Book.checksumText(
          [{ price: Decimal.unsafeMake("100"), size: Decimal.unsafeMake("1") }, {
            price: Decimal.unsafeMake("99"),
            size: Decimal.unsafeMake("3")
          }],
          [{ price: Decimal.unsafeMake("101"), size: Decimal.unsafeMake("1.50") }, {
            price: Decimal.unsafeMake("102"),
            size: Decimal.unsafeMake("2")
          }]
        ))
        server.broadcast("/v2/ws/public", raw("update", [["101", "1.50"]], [], base() + 1n, base(), good))
        const checked = yield* Queue.take(books)
        expect(show(checked).asks[0]).toBe("101@1.50")
        server.broadcast("/v2/ws/public", raw("update", [["101", "2"]], [], base() + 2n, base() + 1n, good))
        yield* eventually(() => snapshots(server) === 2, "resync after checksum")
        yield* Queue.take(books)
        server.broadcast("/v2/ws/public", raw("update", [], [["105", "1"]], base() + 1n, base()))
        yield* eventually(() => snapshots(server) === 3, "resync after crossed")
        yield* Queue.take(books)
        server.broadcast("/v2/ws/public", raw("update", [], [["98", "1"]], 5n, 0n))
        yield* eventually(() => snapshots(server) === 4, "resync after restart")
        yield* Queue.take(books)
        expect(reasons).toEqual(["checksum", "crossed", "restart"])
        expect(yield* Queue.size(books)).toBe(0)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("a reconnect starts the book over from the new snapshot", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const base = setup(server)
        const books = yield* Queue.unbounded<Book.Book>()
        const fiber = yield* Effect.fork(Stream.runForEach(
          Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }),
          (b) => Queue.offer(books, b)
        ))
        yield* Queue.take(books)
        server.broadcast("/v2/ws/public", raw("update", [["110", "1"]], [], base() + 1n, base()))
        expect(show(yield* Queue.take(books)).asks).toEqual(["101@1", "102@2", "110@1"])
        server.dropAll()
        const after = yield* Queue.take(books)
        // The level added before the drop is gone: the new snapshot replaced the book.
        expect(show(after).asks).toEqual(["101@1", "102@2"])
        expect(after.seq).toBe(base())
        yield* Fiber.interrupt(fiber)
      })))

  it.live("a second book Stream on the same channel shares the subscription and starts from a fresh snapshot", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const base = setup(server)
        const first = yield* Queue.unbounded<Book.Book>()
        const second = yield* Queue.unbounded<Book.Book>()
        const a = yield* Effect.fork(
          Stream.runForEach(Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }), (b) => Queue.offer(first, b))
        )
        yield* Queue.take(first)
        server.broadcast("/v2/ws/public", raw("update", [["110", "1"]], [], base() + 1n, base()))
        yield* Queue.take(first)
        // Joining mid-stream: no snapshot to start from, so one is asked for (for both Streams).
        const b = yield* Effect.fork(
          Stream.runForEach(Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }), (x) => Queue.offer(second, x))
        )
        yield* Effect.sleep("50 millis")
        server.broadcast("/v2/ws/public", raw("update", [["111", "1"]], [], base() + 2n, base() + 1n))
        const joined = yield* Queue.take(second)
        expect(show(joined).asks).toEqual(["101@1", "102@2"])
        expect(joined.seq).toBe(base())
        expect(server.connections).toBe(1)
        yield* Fiber.interrupt(a)
        yield* Fiber.interrupt(b)
      })))

  it("crc32 matches the standard check value", () => {
    expect(Book.crc32("123456789")).toBe(0xcbf43926 | 0)
  })
})

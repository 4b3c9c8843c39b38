import * as Hostile from "@effect-bitget/simulator/ws/Hostile"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { connect } from "./client.js"
import { sleep } from "./support.js"

// The hostile server does each bad thing it promises, and its truth is what a careful client computes.

const books = { instType: "USDT-FUTURES", channel: "books", instId: "BTCUSDT" }
const seqs = (frame: string) => ({
  seq: BigInt(/"seq":(\d+)/.exec(frame)![1]!),
  pseq: BigInt(/"pseq":(\d+)/.exec(frame)![1]!)
})

const run = (behaviour: Partial<Hostile.Behaviour>, body: (hostile: Hostile.Hostile) => Promise<void>) =>
  Effect.scoped(Effect.gen(function*() {
    const hostile = yield* Hostile.make(behaviour)
    yield* Effect.promise(() => body(hostile))
  }))

describe("the hostile WebSocket server", () => {
  it.live("its updates, applied in order to its snapshot, give its truth at every seq", () =>
    run({ tickMillis: 5 }, async (hostile) => {
      const client = await connect(`${hostile.url}/v2/ws/public`)
      client.send({ op: "subscribe", args: [books] })
      await client.next((f) => f.startsWith(`{"action":"update"`) && client.frames.length > 40)
      client.close()
      const asks = new Map<string, string>()
      const bids = new Map<string, string>()
      let seq = 0n
      for (const frame of client.frames) {
        if (!frame.startsWith(`{"action"`)) continue
        const row = JSON.parse(frame).data[0] as { asks: Array<[string, string]>; bids: Array<[string, string]> }
        if (seq !== 0n) expect(seqs(frame).pseq).toBe(seq)
        for (const [p, s] of row.asks) {
          if (s === "0") asks.delete(p)
          else asks.set(p, s)
        }
        for (const [p, s] of row.bids) {
          if (s === "0") bids.delete(p)
          else bids.set(p, s)
        }
        seq = seqs(frame).seq
        const truth = hostile.truth("BTCUSDT", seq)!
        expect([...asks.entries()].sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(truth.asks)
        expect([...bids.entries()].sort((a, b) => Number(b[0]) - Number(a[0]))).toEqual(truth.bids)
      }
      expect(seq > 2n ** 53n).toBe(true)
    }))

  it.live("skipEvery loses updates (a pseq gap), resetEvery sends pseq 0", () =>
    run({ tickMillis: 5, skipEvery: 5, resetEvery: 7 }, async (hostile) => {
      const client = await connect(`${hostile.url}/v2/ws/public`)
      client.send({ op: "subscribe", args: [books] })
      await client.next(() => client.frames.length > 30)
      client.close()
      const updates = client.frames.filter((f) => f.startsWith(`{"action":"update"`)).map(seqs)
      const gaps = updates.filter((u, i) => i > 0 && u.pseq !== 0n && u.pseq !== updates[i - 1]!.seq)
      expect(gaps.length).toBeGreaterThan(0)
      expect(updates.some((u) => u.pseq === 0n)).toBe(true)
      expect(hostile.stats.lost).toBeGreaterThan(0)
    }))

  it.live("dropMidSnapshot sends half a snapshot and drops; stallPongs never answers; refuseLogins closes", () =>
    run({ dropMidSnapshot: 1, stallPongs: true, refuseLogins: true }, async (hostile) => {
      const cut = await connect(`${hostile.url}/v2/ws/public`)
      cut.send({ op: "subscribe", args: [books] })
      expect(await cut.closed).toBe(1006)
      expect(cut.frames[1]!.startsWith(`{"action":"snapshot"`)).toBe(true)
      expect(() => JSON.parse(cut.frames[1]!)).toThrow()
      const again = await connect(`${hostile.url}/v2/ws/public`)
      again.send({ op: "subscribe", args: [books] })
      await again.next((f) => f.startsWith(`{"action":"snapshot"`))
      again.send("ping")
      await sleep(100)
      expect(again.frames.includes("pong")).toBe(false)
      again.close()
      const priv = await connect(`${hostile.url}/v2/ws/private`)
      priv.send({ op: "login", args: [{ apiKey: "k", passphrase: "p", timestamp: "1", sign: "s" }] })
      expect(await priv.next(() => true)).toBe(`{"event":"error","code":30005,"msg":"Login failed","op":"login"}`)
      expect(await priv.closed).toBe(1000)
    }))

  it.live("closeEveryMillis drops each connection after its time; flood sends that many updates a tick; stats count", () =>
    run({ closeEveryMillis: 150, flood: 20, tickMillis: 10 }, async (hostile) => {
      const started = Date.now()
      const client = await connect(`${hostile.url}/v2/ws/public`)
      client.send({ op: "subscribe", args: [books] })
      expect(await client.closed).toBe(1006)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
      // Each tick brings `flood` updates at once.
      const updates = client.frames.filter((f) => f.startsWith(`{"action":"update"`)).length
      expect([updates >= 20, updates % 20]).toEqual([true, 0])
      // The server hears of the close a moment after the client.
      for (let i = 0; i < 100 && hostile.open() > 0; i++) await sleep(10)
      expect([hostile.stats.connects, hostile.stats.subscribes, hostile.open()]).toEqual([1, 1, 0])
    }))
})

/**
 * A hostile Bitget-shaped WebSocket server, for testing clients against the worst the real one
 * does, on purpose and measurably: it drops connections mid-snapshot, loses book updates (a
 * `pseq` gap), restarts its sequence (`pseq` 0), never answers `ping`, closes every connection
 * after a while, refuses every login, and floods. It speaks the V2 public protocol (`ticker`,
 * `books`, `books5`, `books15`) at `/v2/ws/public` and `/v2/ws/private`, and logs in any key
 * unless told to refuse.
 *
 * Its books follow a deterministic random walk kept per instrument, and `truth(instId, seq)`
 * returns the book after update `seq`: a test checks that every book a client emits is the
 * server's book at that `seq`, whatever was lost or cut. `stats` counts connections (with their
 * times, to detect a hot reconnect loop), logins, subscribes and pings.
 */
import * as Effect from "effect/Effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { WebSocket, WebSocketServer } from "ws"
import * as Wire from "./Wire.js"

export interface Behaviour {
  /** The next `n` `books` subscriptions are cut: the ack, then half the snapshot's text in a frame, then a drop. */
  readonly dropMidSnapshot: number
  /** Every `n`-th book update is lost (0: none): the next one's `pseq` is not the last `seq`. */
  readonly skipEvery: number
  /** Every `n`-th book update has `pseq` 0, as after a server restart (0: none). */
  readonly resetEvery: number
  /** Pings are never answered. */
  readonly stallPongs: boolean
  /** Every connection is dropped (1006) this long after it opened (0: never). */
  readonly closeEveryMillis: number
  /** Every login gets 30005 and a close. */
  readonly refuseLogins: boolean
  /** Book updates per instrument per tick. */
  readonly flood: number
  readonly tickMillis: number
  /** Levels a side in the full book. */
  readonly depth: number
}

export const defaults: Behaviour = {
  dropMidSnapshot: 0,
  skipEvery: 0,
  resetEvery: 0,
  stallPongs: false,
  closeEveryMillis: 0,
  refuseLogins: false,
  flood: 1,
  tickMillis: 10,
  depth: 50
}

export interface Stats {
  /** Connections accepted, and when (ms since the epoch). */
  connects: number
  readonly connectTimes: Array<number>
  /** The most connections open at once. */
  maxOpen: number
  logins: number
  subscribes: number
  pings: number
  /** Book updates generated (sent or lost), over all instruments. */
  updates: number
  /** Book updates lost on purpose. */
  lost: number
}

export interface Hostile {
  /** `ws://127.0.0.1:<port>`; paths `/v2/ws/public` and `/v2/ws/private`. */
  readonly url: string
  readonly behaviour: () => Behaviour
  readonly set: (change: Partial<Behaviour>) => void
  readonly stats: Stats
  /** Connections open now. */
  readonly open: () => number
  /** The book of `instId` right after update `seq` (the last 5,000 kept), best first. */
  readonly truth: (
    instId: string,
    seq: bigint
  ) => { readonly asks: ReadonlyArray<Wire.Level>; readonly bids: ReadonlyArray<Wire.Level> } | undefined
  readonly close: () => Promise<void>
}

interface Instrument {
  readonly instId: string
  seq: bigint
  readonly asks: Map<number, string>
  readonly bids: Map<number, string>
  readonly history: Map<bigint, string>
  n: number
  random: () => number
}

const KEPT = 5000

/** A small deterministic generator (mulberry32) per instrument. */
const generator = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

/** Prices in cents around 100.00: bids below 10000, asks from 10001, so the book never crosses. */
const price = (cents: number) => (cents / 100).toFixed(2)
const size = (random: () => number) => (1 + random() * 99).toFixed(3)

const sides = (instrument: Instrument) => ({
  asks: [...instrument.asks.entries()].sort((a, b) => a[0] - b[0]).map(([p, s]): Wire.Level => [price(p), s]),
  bids: [...instrument.bids.entries()].sort((a, b) => b[0] - a[0]).map(([p, s]): Wire.Level => [price(p), s])
})

export const start = (initial: Partial<Behaviour> = {}, options: { readonly port?: number } = {}): Promise<Hostile> => {
  let behaviour: Behaviour = { ...defaults, ...initial }
  const stats: Stats = {
    connects: 0,
    connectTimes: [],
    maxOpen: 0,
    logins: 0,
    subscribes: 0,
    pings: 0,
    updates: 0,
    lost: 0
  }
  const instruments = new Map<string, Instrument>()
  const subscribers = new Map<string, Set<{ ws: WebSocket; arg: string; depth: number | undefined }>>()
  const sockets = new Set<WebSocket>()

  const instrumentOf = (instId: string): Instrument => {
    let instrument = instruments.get(instId)
    if (instrument === undefined) {
      let seed = 0
      for (const c of instId) seed = (seed * 31 + c.charCodeAt(0)) | 0
      const random = generator(seed)
      instrument = {
        instId,
        // Above 2^53, as on Coin-M: a client must read it exactly.
        seq: 1_483_653_649_791_156_272n,
        asks: new Map(),
        bids: new Map(),
        history: new Map(),
        n: 0,
        random
      }
      for (let k = 0; k < behaviour.depth; k++) {
        instrument.asks.set(10001 + k, size(random))
        instrument.bids.set(10000 - k, size(random))
      }
      instruments.set(instId, instrument)
      remember(instrument)
    }
    return instrument
  }

  const remember = (instrument: Instrument) => {
    instrument.history.set(instrument.seq, JSON.stringify(sides(instrument)))
    if (instrument.history.size > KEPT) instrument.history.delete(instrument.history.keys().next().value!)
  }

  /** One update: a few levels resized, removed or added (never crossing the middle). */
  const step = (instrument: Instrument) => {
    const random = instrument.random
    const asks: Array<Wire.Level> = []
    const bids: Array<Wire.Level> = []
    const changes = 1 + Math.floor(random() * 3)
    for (let i = 0; i < changes; i++) {
      const ask = random() < 0.5
      const side = ask ? instrument.asks : instrument.bids
      const cents = ask
        ? 10001 + Math.floor(random() * behaviour.depth)
        : 10000 - Math.floor(random() * behaviour.depth)
      const out = ask ? asks : bids
      if (out.some((l) => l[0] === price(cents))) continue
      if (side.has(cents) && random() < 0.3 && side.size > 5) {
        side.delete(cents)
        out.push([price(cents), "0"])
      } else {
        const s = size(random)
        side.set(cents, s)
        out.push([price(cents), s])
      }
    }
    instrument.n++
    stats.updates++
    const pseq = behaviour.resetEvery > 0 && instrument.n % behaviour.resetEvery === 0 ? 0n : instrument.seq
    instrument.seq += 1n
    remember(instrument)
    const lost = behaviour.skipEvery > 0 && instrument.n % behaviour.skipEvery === 0
    if (lost) stats.lost++
    return { asks, bids, pseq, seq: instrument.seq, lost }
  }

  const tick = () => {
    const now = Date.now()
    for (const [instId, subs] of subscribers) {
      if (subs.size === 0) continue
      const instrument = instrumentOf(instId)
      for (let k = 0; k < behaviour.flood; k++) {
        const update = step(instrument)
        let full: string | undefined
        let top: Map<number, string> | undefined
        for (const sub of subs) {
          if (sub.ws.readyState !== WebSocket.OPEN) continue
          if (sub.depth === undefined) {
            if (update.lost) continue
            full ??= Wire.push(
              "update",
              sub.arg,
              Wire.bookV2(update.asks, update.bids, update.seq, update.pseq, now),
              now
            )
            sub.ws.send(full)
          } else {
            top ??= new Map()
            let frame = top.get(sub.depth)
            if (frame === undefined) {
              const { asks, bids } = sides(instrument)
              frame = Wire.push(
                "snapshot",
                sub.arg,
                Wire.bookV2(asks.slice(0, sub.depth), bids.slice(0, sub.depth), update.seq, 0n, now),
                now
              )
              top.set(sub.depth, frame)
            }
            sub.ws.send(frame)
          }
        }
      }
    }
  }

  let timer = setInterval(tick, behaviour.tickMillis)
  timer.unref()

  const http = Http.createServer((_request, response) => {
    response.writeHead(426)
    response.end()
  })
  const wss = new WebSocketServer({ noServer: true })
  http.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0]
    if (path !== "/v2/ws/public" && path !== "/v2/ws/private") {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n")
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      stats.connects++
      stats.connectTimes.push(Date.now())
      sockets.add(ws)
      stats.maxOpen = Math.max(stats.maxOpen, sockets.size)
      const mine = new Map<string, Set<{ ws: WebSocket; arg: string; depth: number | undefined }>>()
      const closer = behaviour.closeEveryMillis > 0
        ? setTimeout(() => ws.terminate(), behaviour.closeEveryMillis)
        : undefined
      ws.on("close", () => {
        sockets.delete(ws)
        if (closer !== undefined) clearTimeout(closer)
        for (const [instId, subs] of mine) {
          for (const sub of subs) subscribers.get(instId)?.delete(sub)
        }
      })
      ws.on("error", () => ws.terminate())
      ws.on("message", (data) => {
        const text = data.toString()
        if (text === "ping") {
          stats.pings++
          if (!behaviour.stallPongs) ws.send("pong")
          return
        }
        let frame: { op?: string; args?: Array<Record<string, string>> }
        try {
          frame = JSON.parse(text)
        } catch {
          return ws.send(Wire.error(30002, "Illegal request"))
        }
        if (frame.op === "login") {
          stats.logins++
          if (path !== "/v2/ws/private") return ws.send(Wire.error(30003, "INVALID op:login", { op: "login" }))
          if (behaviour.refuseLogins) {
            ws.send(Wire.error(30005, "Login failed", { op: "login" }))
            return ws.close(1000, "login failed")
          }
          return ws.send(JSON.stringify({ event: "login", code: 0 }))
        }
        if (frame.op === "subscribe" || frame.op === "unsubscribe") {
          for (const arg of frame.args ?? []) {
            const argText = JSON.stringify(arg)
            const depth = /^books(\d+)?$/.exec(arg.channel ?? "")
            if (frame.op === "unsubscribe") {
              for (const sub of mine.get(arg.instId ?? "") ?? []) {
                if (sub.arg === argText) subscribers.get(arg.instId ?? "")?.delete(sub)
              }
              ws.send(Wire.event("unsubscribe", arg))
              continue
            }
            stats.subscribes++
            if (depth === null || arg.instType !== "SPOT" && arg.instType !== "USDT-FUTURES" || !arg.instId) {
              ws.send(
                Wire.error(
                  30001,
                  `instType:${arg.instType},channel:${arg.channel},instId:${arg.instId} doesn't exist`,
                  { arg, op: "subscribe" }
                )
              )
              continue
            }
            ws.send(Wire.event("subscribe", arg))
            const instrument = instrumentOf(arg.instId)
            const limit = depth[1] === undefined ? undefined : Number(depth[1])
            const { asks, bids } = sides(instrument)
            const snapshot = Wire.push(
              "snapshot",
              argText,
              Wire.bookV2(
                asks.slice(0, limit ?? asks.length),
                bids.slice(0, limit ?? bids.length),
                instrument.seq,
                0n,
                Date.now()
              ),
              Date.now()
            )
            if (limit === undefined && behaviour.dropMidSnapshot > 0) {
              behaviour = { ...behaviour, dropMidSnapshot: behaviour.dropMidSnapshot - 1 }
              // Half a snapshot, then the connection is gone.
              ws.send(snapshot.slice(0, snapshot.length >> 1))
              ws.terminate()
              return
            }
            ws.send(snapshot)
            const sub = { ws, arg: argText, depth: limit }
            let subs = subscribers.get(arg.instId)
            if (subs === undefined) {
              subs = new Set()
              subscribers.set(arg.instId, subs)
            }
            subs.add(sub)
            let own = mine.get(arg.instId)
            if (own === undefined) {
              own = new Set()
              mine.set(arg.instId, own)
            }
            own.add(sub)
          }
          return
        }
        ws.send(Wire.error(30003, `INVALID op:${String(frame.op)}`))
      })
    })
  })

  return new Promise((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = http.address() as AddressInfo
      resolve({
        url: `ws://127.0.0.1:${address.port}`,
        behaviour: () => behaviour,
        set: (change) => {
          const retick = change.tickMillis !== undefined && change.tickMillis !== behaviour.tickMillis
          behaviour = { ...behaviour, ...change }
          if (retick) {
            clearInterval(timer)
            timer = setInterval(tick, behaviour.tickMillis)
            timer.unref()
          }
        },
        stats,
        open: () => sockets.size,
        truth: (instId, seq) => {
          const text = instruments.get(instId)?.history.get(seq)
          return text === undefined ? undefined : JSON.parse(text)
        },
        close: () =>
          new Promise<void>((done) => {
            clearInterval(timer)
            for (const ws of sockets) ws.terminate()
            wss.close()
            http.close(() => done())
            http.closeAllConnections()
          })
      })
    })
  })
}

/** The hostile server for the life of a scope (tests: `yield* Hostile.make({ skipEvery: 7 })`). */
export const make = (behaviour: Partial<Behaviour> = {}) =>
  Effect.acquireRelease(Effect.promise(() => start(behaviour)), (hostile) => Effect.promise(() => hostile.close()))

/**
 * The simulator's WebSocket server, on its own port at Bitget's paths (`/v2/ws/public`,
 * `/v2/ws/private`, `/v3/ws/public`, `/v3/ws/private`), with Bitget's rules: the text
 * heartbeat (`ping` → `pong`) and the close of a connection silent for 2 minutes, the login
 * (seconds, HMAC or RSA over `timestamp + "GET" + "/user/verify"`, 30 s validity) and its codes,
 * 30003 for a login on a public socket, 30004 for a private subscribe before login, the
 * 10-messages-a-second limit, one ack per subscribed arg, and order entry over the socket.
 * It pushes from the worlds' state (`Market.ts`, `Private.ts`). Reference: websocket.md §1–§6.
 */
import * as Crypto from "node:crypto"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { WebSocket, WebSocketServer } from "ws"
import type * as Auth from "../Auth.js"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import type { SpotControl } from "../spot/SpotDomain.js"
import { UnifiedOrders } from "../unified/Orders.js"
import type { UnifiedControl } from "../unified/UnifiedDomain.js"
import * as Control from "./Control.js"
import * as Instruments from "./Instruments.js"
import * as Market from "./Market.js"
import * as Private from "./Private.js"
import * as Trade from "./Trade.js"
import * as Unified from "./Unified.js"
import * as UnifiedTrade from "./UnifiedTrade.js"
import * as Wire from "./Wire.js"

export interface Options {
  readonly host: string
  readonly port: number
  /** The simulator's clock (ms). */
  readonly now: () => number
  readonly keys: ReadonlyMap<string, Auth.Key>
  readonly spot: SpotControl | undefined
  readonly futures: FuturesControl | undefined
  /** The unified (UTA) accounts' state: V3 private topics and V3 order entry read and trade it. */
  readonly unified?: UnifiedControl | undefined
  readonly settings?: Partial<Control.Settings> | undefined
}

export interface Server {
  /** `ws://host:port`; append a path such as `/v2/ws/public`. */
  readonly url: string
  readonly control: Control.Control
  /** Pushes what changed in an account now (after a REST call of it). */
  readonly sweep: (uid?: string) => void
  readonly close: () => Promise<void>
}

const PATHS: Record<string, { readonly generation: Market.Generation; readonly private: boolean }> = {
  "/v2/ws/public": { generation: "v2", private: false },
  "/v2/ws/private": { generation: "v2", private: true },
  "/v3/ws/public": { generation: "v3", private: false },
  "/v3/ws/private": { generation: "v3", private: true }
}

const V2_TYPES = new Set(["SPOT", "MARGIN", ...Instruments.futuresTypes])
const V2_PRIVATE = new Set([
  "account",
  "orders",
  "fill",
  "positions",
  "orders-algo",
  "positions-history",
  "equity",
  "adl-noti",
  "account-crossed",
  "account-isolated",
  "orders-crossed",
  "orders-isolated"
])
const V3_PRIVATE = Unified.TOPICS

/**
 * The account-mode split on the private sockets. A unified key logs in on V2 private (CACHY
 * `14_uta_v3.md`, live: the REST-only 40085 gate does not apply to the socket); whether V2
 * channels then push a unified account's activity is unverified (reference §10), so here they
 * are acked and stay quiet, and a V2 WebSocket order is refused with REST's 40085. A Classic
 * key's V3 behaviour is documented nowhere we found: here its login succeeds (the login checks
 * only key, passphrase, timestamp and sign) and each V3 private subscribe or order is refused
 * with REST V3's 40084 and its message (unified/Mode.ts). Doubtful until seen on the wire: no
 * Bitget page, ccxt, bitget-api or go-bitget source or issue found says what either key meets on
 * the other generation's socket (looked for again in issue 21's WSFIX pass; the UTA pages and
 * ccxt's UTA work, e.g. ccxt PR #26809 and #29327, only use UTA keys on V3). Searched again in
 * session 14, nothing conclusive: CACHY's probe (`scripts/bitget-uta-probe.mjs`) sends a login and
 * no subscribe; QuantProcessing/exchanges' live tests skip a V3 private login that times out,
 * without tying it to a mode; hummingbot#7752 (a V2 private subscription refused, 2025-08) does
 * not show the code. The client fails a Stream refused with either code
 * (`websocket/internal/Connection.ts`), so a wrong guess here shows. A V2 order refused with
 * 40085 echoes the request's `arg` (with its `id`) like every V2 trade answer (reference §6.1).
 */
const CLASSIC_ON_V3 = [
  40084,
  "The current account is in Classic Account mode and cannot use the Unified Account API"
] as const
const UNIFIED_ON_V2 = [
  40085,
  "You are in Unified Account mode, and the Classic Account API is not supported at this time"
] as const

/** Login failures, by what was wrong (reference §3.3). */
const LOGIN = {
  refused: [30005, "Login failed"],
  key: [30011, "Invalid ACCESS_KEY"],
  passphrase: [30012, "Invalid ACCESS_PASSPHRASE"],
  timestamp: [30013, "Invalid ACCESS_TIMESTAMP"],
  expired: [30014, "Request timestamp expired"],
  sign: [30015, "Invalid ACCESS_SIGN"]
} as const

interface Subscription {
  readonly topic?: Market.Topic | undefined
  readonly private?: Private.PrivateTopic | undefined
}

interface Connection extends Market.Sink {
  readonly ws: WebSocket
  readonly path: string
  readonly generation: Market.Generation
  readonly private: boolean
  readonly connId: string
  uid: string | undefined
  readonly subscriptions: Map<string, Subscription>
  readonly received: Array<number>
  idle: ReturnType<typeof setTimeout> | undefined
  life: ReturnType<typeof setTimeout> | undefined
}

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && Crypto.timingSafeEqual(left, right)
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined

export const start = (options: Options): Promise<Server> => {
  let settings: Control.Settings = { ...Control.defaults, ...options.settings }
  const stats = Control.emptyStats()
  const connections = new Set<Connection>()
  const topics = new Map<string, Market.Topic>()
  const privates = new Map<Private.PrivateTopic, Connection>()
  const books = new Market.Books()
  const lookup = Instruments.make({ spot: options.spot?.world, futures: options.futures?.world })
  const worlds = { spot: options.spot?.world, futures: options.futures }
  const unifiedOrders = options.unified === undefined ? undefined : UnifiedOrders.of(options.unified)
  const unifiedTrade = unifiedOrders === undefined ? undefined : UnifiedTrade.make(unifiedOrders)
  const isUnified = (uid: string) => options.unified?.ledger.accounts.isUnified(uid) ?? false
  let stalledUntil = 0
  let refusals = 0
  let privateLosses = 0

  const send = (connection: Connection, frame: string) => {
    if (Date.now() < stalledUntil || connection.ws.readyState !== WebSocket.OPEN) return
    connection.ws.send(frame)
  }

  const sweep = (uid?: string) => {
    const now = options.now()
    for (const [topic, connection] of privates) {
      if (uid !== undefined && topic.uid !== uid) continue
      for (const frame of topic.sweep(now)) {
        if (privateLosses > 0) privateLosses--
        else send(connection, frame)
      }
    }
  }

  const tick = () => {
    if (topics.size === 0 && privates.size === 0) return
    const now = options.now()
    const advanced = new Set<string>()
    for (const topic of topics.values()) {
      const key = topic.instrument.key
      if (!books.states.has(key) || advanced.has(key)) continue
      advanced.add(key)
      books.advance(topic.instrument, books.state(topic.instrument, now), now)
    }
    for (const topic of topics.values()) {
      const frames = topic.tick(now)
      if (frames.length === 0) continue
      for (const sink of topic.sinks) {
        for (const frame of frames) sink.send(settings.checksum ? withChecksum(frame) : frame)
      }
    }
    sweep()
  }

  /** Bitget's former checksum on a V2 update, computed over the book after the update. */
  const withChecksum = (frame: string) => {
    if (!frame.startsWith(`{"action":"update"`) || !frame.includes(`"seq":`)) return frame
    const arg = JSON.parse(frame).arg as { instType: string; instId: string }
    const instrument = lookup(arg.instType, arg.instId)
    const state = instrument === undefined ? undefined : books.states.get(instrument.key)
    if (state === undefined) return frame
    const levels = Market.top(state, 25)
    return frame.replace(`,"seq":`, `,"checksum":${Wire.checksum(levels.bids, levels.asks)},"seq":`)
  }

  let timer = setInterval(tick, settings.tickMillis)
  timer.unref()

  const armIdle = (connection: Connection) => {
    if (connection.idle !== undefined) clearTimeout(connection.idle)
    // No close frame: PROBE saw 1006 at the client.
    connection.idle = setTimeout(() => connection.ws.terminate(), settings.idleMillis)
    connection.idle.unref()
  }

  const unsubscribeAll = (connection: Connection) => {
    for (const [key, subscription] of connection.subscriptions) {
      if (subscription.topic !== undefined) {
        subscription.topic.sinks.delete(connection)
        if (subscription.topic.sinks.size === 0) topics.delete(`${connection.generation}|${key}`)
      }
      if (subscription.private !== undefined) privates.delete(subscription.private)
    }
    connection.subscriptions.clear()
  }

  const login = (connection: Connection, frame: Record<string, unknown>) => {
    stats.logins++
    const op = { op: "login" }
    const fail = ([code, msg]: readonly [number, string]) => {
      send(connection, Wire.error(code, msg, connection.generation === "v3" ? { connId: connection.connId } : op))
      // Bitget closes the socket after a failed login (DOC-WS).
      connection.ws.close(1000, "login failed")
    }
    if (!connection.private) {
      return send(connection, Wire.error(30003, "INVALID op:login", op))
    }
    const args = Array.isArray(frame.args) ? frame.args as Array<Record<string, unknown>> : []
    const arg = args[0] ?? {}
    if (refusals > 0) {
      refusals--
      return fail(LOGIN.refused)
    }
    const key = options.keys.get(text(arg.apiKey) ?? "")
    if (key === undefined) return fail(LOGIN.key)
    if (key.passphrase !== text(arg.passphrase)) return fail(LOGIN.passphrase)
    const timestamp = text(arg.timestamp) ?? ""
    // Seconds on V2 (every anchor signs in seconds); V3 also takes milliseconds (reference §9.1).
    const digits = connection.generation === "v3" ? /^\d{10}(\d{3})?$/ : /^\d{10}$/
    if (!digits.test(timestamp)) return fail(LOGIN.timestamp)
    const millis = timestamp.length === 13 ? Number(timestamp) : Number(timestamp) * 1000
    if (Math.abs(options.now() - millis) > 30_000) return fail(LOGIN.expired)
    const sign = text(arg.sign) ?? ""
    const prehash = `${timestamp}GET/user/verify`
    const ok = key.verify._tag === "Hmac"
      ? safeEqual(Crypto.createHmac("sha256", key.verify.secret).update(prehash).digest("base64"), sign)
      : Crypto.verify("sha256", Buffer.from(prehash), key.verify.publicKey, Buffer.from(sign, "base64"))
    if (!ok) return fail(LOGIN.sign)
    connection.uid = key.account.uid
    send(
      connection,
      connection.generation === "v3"
        ? JSON.stringify({ event: "login", code: 0, connId: connection.connId })
        : JSON.stringify({ event: "login", code: 0 })
    )
  }

  const subscribeOne = (connection: Connection, arg: Record<string, string>): void => {
    const v2 = connection.generation === "v2"
    const connId = v2 ? undefined : connection.connId
    const error = (code: number, msg: string) =>
      send(connection, Wire.error(code, msg, v2 ? { arg, op: "subscribe" } : { connId }))
    const instType = arg.instType ?? ""
    const channel = (v2 ? arg.channel : arg.topic) ?? ""
    const symbol = (v2 ? arg.instId ?? arg.coin : arg.symbol) ?? ""
    const argText = JSON.stringify(arg)
    const missing = () =>
      error(
        30001,
        `instType:${instType},${v2 ? "channel" : "topic"}:${channel},${
          v2 ? "instId" : "symbol"
        }:${symbol} doesn't exist`
      )
    if (connection.subscriptions.has(argText)) {
      send(connection, Wire.event("subscribe", arg, connId))
      return
    }
    const isPrivate = v2 ? V2_PRIVATE.has(channel) : instType === "UTA" || V3_PRIVATE.has(channel)
    if (isPrivate) {
      if (!connection.private) return missing()
      if (connection.uid === undefined) return error(30004, "User not logged in")
      const uid = connection.uid
      let topic: Private.PrivateTopic | undefined
      if (!v2) {
        if (instType !== "UTA" || !V3_PRIVATE.has(channel)) return missing()
        if (!isUnified(uid)) return error(...CLASSIC_ON_V3)
        if (unifiedOrders !== undefined) topic = Unified.topic(unifiedOrders, argText, uid, channel)
      } else if (!V2_TYPES.has(instType)) {
        return error(30016, "Param error")
      } else if (isUnified(uid)) {
        // A unified account keeps no Classic account to report (see UNIFIED_ON_V2): acked, quiet.
      } else if (instType === "SPOT" && options.spot !== undefined) {
        topic = Private.spotTopic(options.spot.world, argText, uid, channel, symbol || "default", (t) => t === "spot")
      } else if (instType === "MARGIN" && options.spot !== undefined) {
        const crossed = channel.endsWith("-crossed")
        topic = Private.spotTopic(
          options.spot.world,
          argText,
          uid,
          channel.replace(/-(crossed|isolated)$/, ""),
          symbol || "default",
          (t) => crossed ? t === "crossed_margin" : t.startsWith("isolated_margin")
        )
      } else if (Instruments.futuresTypes.has(instType) && options.futures !== undefined) {
        topic = Private.futuresTopic(options.futures, argText, uid, instType, channel, symbol || "default")
      }
      // Channels the worlds keep nothing for (plan orders, equity, ADL) are acked and stay quiet.
      topic ??= { argText, uid, initial: () => [], sweep: () => [] }
      connection.subscriptions.set(argText, { private: topic })
      privates.set(topic, connection)
      send(connection, Wire.event("subscribe", arg, connId))
      for (const frame of topic.initial(options.now())) send(connection, frame)
      return
    }
    if (v2 ? !V2_TYPES.has(instType) : !Instruments.v3Types.has(instType)) return error(30016, "Param error")
    let name = channel
    let interval: string | undefined
    if (v2 && channel.startsWith("candle")) {
      interval = channel.slice("candle".length)
      if (!Market.v2Intervals.has(interval)) return missing()
      name = "candle"
    } else if (!v2 && channel === "kline") {
      interval = arg.interval
      if (interval === undefined || !Market.v3Intervals.has(interval)) return missing()
    } else if (v2 ? !Market.v2Channels.has(channel) : !Market.v3Topics.has(channel)) {
      // V2 has no books50, mark-price or funding channel: 30016 (PROBE).
      return error(30016, "Param error")
    }
    const instrument = lookup(instType, symbol)
    if (instrument === undefined) return missing()
    const key = `${connection.generation}|${argText}`
    let topic = topics.get(key)
    if (topic === undefined) {
      topic = Market.topic(connection.generation, argText, instrument, name, interval, books)
      if (topic === undefined) return missing()
      topics.set(key, topic)
    }
    topic.sinks.add(connection)
    connection.subscriptions.set(argText, { topic })
    send(connection, Wire.event("subscribe", arg, connId))
    for (const frame of topic.initial(options.now())) send(connection, frame)
    return
  }

  const unsubscribeOne = (connection: Connection, arg: Record<string, string>) => {
    const argText = JSON.stringify(arg)
    const subscription = connection.subscriptions.get(argText)
    if (subscription !== undefined) {
      connection.subscriptions.delete(argText)
      if (subscription.topic !== undefined) {
        subscription.topic.sinks.delete(connection)
        if (subscription.topic.sinks.size === 0) topics.delete(`${connection.generation}|${argText}`)
      }
      if (subscription.private !== undefined) privates.delete(subscription.private)
    }
    send(connection, Wire.event("unsubscribe", arg, connection.generation === "v3" ? connection.connId : undefined))
  }

  const trade = (connection: Connection, frame: Record<string, unknown>) => {
    stats.trades++
    if (!connection.private) return send(connection, Wire.error(30003, "INVALID op:trade", { op: "trade" }))
    if (connection.uid === undefined) return send(connection, Wire.error(30004, "User not logged in", { op: "trade" }))
    if (connection.generation === "v3") return tradeV3(connection, connection.uid, frame)
    const args = Array.isArray(frame.args) ? frame.args as Array<Record<string, unknown>> : []
    // One order per request on V2 (reference §6.1).
    if (args.length !== 1) return send(connection, Wire.error(30016, "Param error", { op: "trade" }))
    const arg = args[0]!
    const id = text(arg.id) ?? ""
    const echo = { id, instType: arg.instType, channel: arg.channel, instId: arg.instId }
    if (isUnified(connection.uid)) {
      // Refused as a business error, in the shape of every V2 trade answer (reference §6.1: the
      // request's `arg` with its `id` echoed), so the caller's request is answered, not left to time out.
      const [code, msg] = UNIFIED_ON_V2
      return send(connection, JSON.stringify({ event: "error", arg: [{ ...echo, params: arg.params }], code, msg }))
    }
    if (!Trade.ID.test(id)) {
      return send(
        connection,
        JSON.stringify({ event: "error", arg: [{ ...echo, params: arg.params }], code: 30016, msg: "Param error" })
      )
    }
    const reply = Trade.handle(worlds, connection.uid, arg, options.now())
    if (reply.code === 0) {
      send(
        connection,
        JSON.stringify({
          event: "trade",
          arg: [{ ...echo, params: { orderId: reply.orderId, clientOid: reply.clientOid } }],
          code: 0,
          msg: reply.msg
        })
      )
    } else {
      send(
        connection,
        JSON.stringify({ event: "error", arg: [{ ...echo, params: arg.params }], code: reply.code, msg: reply.msg })
      )
    }
    sweep(connection.uid)
  }

  /** V3 order entry (§6.2): answered with the request's `id`, `category` and `topic`; `code` a string. */
  const tradeV3 = (connection: Connection, uid: string, frame: Record<string, unknown>) => {
    const id = text(frame.id)
    const topic = text(frame.topic) ?? ""
    const category = text(frame.category)
    const reply = (fields: Record<string, unknown>) => {
      // The id echoed as sent (Bitget's error samples echo a number; bitget-api sends a string).
      const out: Record<string, unknown> = { event: fields.event, id: frame.id }
      if (category !== undefined) out.category = category
      out.topic = topic
      if (fields.args !== undefined) out.args = fields.args
      out.code = fields.code
      out.msg = fields.msg
      out.connId = connection.connId
      out.ts = String(options.now())
      send(connection, JSON.stringify(out))
    }
    if (id === undefined || !UnifiedTrade.TOPICS.has(topic) || !Array.isArray(frame.args)) {
      return reply({ event: "error", code: "30016", msg: "Param error" })
    }
    if (!isUnified(uid)) return reply({ event: "error", code: String(CLASSIC_ON_V3[0]), msg: CLASSIC_ON_V3[1] })
    if (unifiedTrade === undefined) return reply({ event: "error", code: "30016", msg: "Param error" })
    const args = (frame.args as Array<unknown>).map((arg) =>
      typeof arg === "object" && arg !== null ? arg as Record<string, unknown> : {}
    )
    const answer = unifiedTrade.handle({ id, topic, category, args }, uid, options.now())
    if (answer.event === "trade") {
      // The place-order page answers "success", the others "Success".
      reply({ event: "trade", args: answer.args, code: "0", msg: topic === "place-order" ? "success" : "Success" })
    } else reply(answer)
    sweep(uid)
  }

  const onMessage = (connection: Connection, data: string) => {
    stats.messages++
    const now = Date.now()
    const window = connection.received
    window.push(now)
    while (window.length > 0 && window[0]! <= now - 1000) window.shift()
    if (window.length > settings.messagesPerSecond) {
      send(connection, Wire.error(30007, "Request over limit,connection close"))
      connection.ws.close(1008, "request over limit")
      return
    }
    if (data === "ping") {
      stats.pings++
      armIdle(connection)
      return send(connection, "pong")
    }
    let frame: Record<string, unknown>
    try {
      frame = JSON.parse(data)
      if (typeof frame !== "object" || frame === null) throw new Error("not an object")
    } catch {
      return send(connection, Wire.error(30002, "Illegal request"))
    }
    switch (frame.op) {
      case "login":
        return login(connection, frame)
      case "subscribe":
      case "unsubscribe": {
        if (frame.op === "subscribe") stats.subscribes++
        const args = Array.isArray(frame.args) ? frame.args as Array<Record<string, string>> : []
        if (args.length === 0) return send(connection, Wire.error(30016, "Param error", { op: String(frame.op) }))
        for (const arg of args) {
          if (typeof arg !== "object" || arg === null) continue
          if (frame.op === "subscribe") subscribeOne(connection, arg)
          else unsubscribeOne(connection, arg)
        }
        return
      }
      case "trade":
        return trade(connection, frame)
      default:
        return send(connection, Wire.error(30003, `INVALID op:${String(frame.op)}`))
    }
  }

  const http = Http.createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain" })
    response.end("Upgrade Required")
  })
  const wss = new WebSocketServer({ noServer: true })
  http.on("upgrade", (request, socket, head) => {
    const path = (request.url ?? "").split("?")[0]!
    const route = PATHS[path]
    if (route === undefined) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n")
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      stats.connects++
      const connection: Connection = {
        ws,
        path,
        generation: route.generation,
        private: route.private,
        connId: Crypto.randomBytes(8).toString("hex"),
        uid: undefined,
        subscriptions: new Map(),
        received: [],
        idle: undefined,
        life: undefined,
        send: (frame) => send(connection, frame)
      }
      connections.add(connection)
      armIdle(connection)
      connection.life = setTimeout(
        () => connection.ws.close(1000, "connection lifetime reached"),
        settings.maxLifeMillis
      )
      connection.life.unref()
      ws.on("message", (data, binary) => {
        if (!binary) onMessage(connection, data.toString())
      })
      ws.on("close", () => {
        connections.delete(connection)
        clearTimeout(connection.idle)
        clearTimeout(connection.life)
        unsubscribeAll(connection)
      })
      ws.on("error", () => ws.terminate())
    })
  })

  const control: Control.Control = {
    get settings() {
      return settings
    },
    set: (change) => {
      const tickChanged = change.tickMillis !== undefined && change.tickMillis !== settings.tickMillis
      settings = { ...settings, ...change }
      if (tickChanged) {
        clearInterval(timer)
        timer = setInterval(tick, settings.tickMillis)
        timer.unref()
      }
    },
    stats,
    open: () => connections.size,
    drop: (path) => {
      for (const connection of connections) {
        if (path === undefined || connection.path === path) connection.ws.terminate()
      }
    },
    stall: (millis) => {
      stalledUntil = Date.now() + millis
    },
    skipSeq: (count = 1) => {
      for (const state of books.states.values()) state.skip += count
    },
    resetSeq: () => {
      for (const state of books.states.values()) state.reset = true
    },
    notice: (closeAfterMillis) => {
      for (const connection of connections) {
        send(
          connection,
          Wire.error(30033, "The service will be upgraded, please reconnect", {
            connId: connection.generation === "v3" ? connection.connId : undefined
          })
        )
        if (closeAfterMillis !== undefined) {
          setTimeout(() => connection.ws.close(1001, "service upgrade"), closeAfterMillis).unref()
        }
      }
    },
    refuseLogins: (count = 1) => {
      refusals += count
    },
    losePrivate: (count = 1) => {
      privateLosses += count
    }
  }

  return new Promise((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.port, options.host, () => {
      const address = http.address() as AddressInfo
      resolve({
        url: `ws://${options.host}:${address.port}`,
        control,
        sweep,
        close: () =>
          new Promise<void>((done) => {
            clearInterval(timer)
            for (const connection of connections) connection.ws.terminate()
            wss.close()
            http.close(() => done())
            http.closeAllConnections()
          })
      })
    })
  })
}

/**
 * A small Bitget-shaped WebSocket server for this package's tests (real sockets on loopback): the
 * text heartbeat, the login check (HMAC over seconds + GET + /user/verify), 30003 for a login on a
 * public socket, 30004 for a private subscribe before the login, acks per arg, and hooks to push,
 * refuse, stall, drop and answer order requests, so faults are produced on purpose.
 */
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import type { AddressInfo } from "node:net"
import { WebSocketServer } from "ws"
import type WebSocket from "ws"

export const apiKey = "ws-key"
export const secret = "ws-secret"
export const passphrase = "ws-pass"

export interface Client {
  readonly path: string
  readonly socket: WebSocket
  loggedIn: boolean
  readonly received: Array<string>
}

export interface Options {
  /** Refuse every login with this code. */
  refuseLogin?: number | undefined
  /** Answers a valid login this many ms late. */
  loginDelay?: number | undefined
  /** Close every connection as soon as it opens. */
  dropOnConnect?: boolean | undefined
  /** Never answer `ping`. */
  stallPong?: boolean | undefined
  /** Refuse subscribe args whose instId/symbol is this (30001). */
  unknownSymbol?: string | undefined
  /** Delays a client's `pong`s by this many ms (pushes sent meanwhile go ahead of it, as on one TCP stream). */
  pongDelay?: ((client: Client) => number) | undefined
  /** Delays an arg's ack by this many ms (0: at once); called when the subscribe arrives. */
  ackDelay?: ((client: Client, arg: Record<string, string>) => number) | undefined
  /** Called after an arg is acked. */
  onSubscribe?: ((client: Client, arg: Record<string, string>) => void) | undefined
  /** Answers an order request (`op: "trade"`). */
  onTrade?: ((client: Client, frame: any) => void) | undefined
}

export interface Server {
  readonly url: string
  readonly clients: Array<Client>
  readonly options: Options
  /** Every text frame received, with its socket's path, in order. */
  readonly log: Array<{ readonly path: string; readonly text: string; readonly at: number }>
  /** Connections accepted so far. */
  connections: number
  readonly open: () => Array<Client>
  readonly send: (client: Client, frame: unknown) => void
  readonly broadcast: (path: string, frame: unknown) => void
  readonly dropAll: () => void
}

const verify = (arg: any): boolean => {
  const ts = Number(arg.timestamp)
  if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 30) return false
  const sign = Crypto.createHmac("sha256", secret).update(`${arg.timestamp}GET/user/verify`).digest("base64")
  return arg.apiKey === apiKey && arg.passphrase === passphrase && arg.sign === sign
}

export const make = (options: Options = {}): Effect.Effect<Server, never, import("effect/Scope").Scope> =>
  Effect.acquireRelease(
    Effect.async<Server>((resume) => {
      const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" })
      const server: Server = {
        url: "",
        clients: [],
        options,
        log: [],
        connections: 0,
        open: () => server.clients.filter((c) => c.socket.readyState === 1),
        send: (client, frame) => {
          if (client.socket.readyState === 1) {
            client.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame))
          }
        },
        broadcast: (path, frame) => {
          for (const client of server.open()) if (client.path === path) server.send(client, frame)
        },
        dropAll: () => {
          for (const client of server.clients) client.socket.terminate()
        }
      }
      wss.on("connection", (socket, request) => {
        server.connections++
        const client: Client = { path: request.url ?? "", socket, loggedIn: false, received: [] }
        server.clients.push(client)
        if (options.dropOnConnect) {
          socket.terminate()
          return
        }
        const isPrivate = client.path.endsWith("/private")
        const v3 = client.path.startsWith("/v3")
        socket.on("message", (data) => {
          const text = data.toString()
          client.received.push(text)
          server.log.push({ path: client.path, text, at: Date.now() })
          if (text === "ping") {
            if (options.stallPong) return
            const delay = options.pongDelay?.(client) ?? 0
            if (delay === 0) socket.send("pong")
            else setTimeout(() => server.send(client, "pong"), delay)
            return
          }
          const frame = JSON.parse(text)
          if (frame.op === "login") {
            if (!isPrivate) return server.send(client, { event: "error", code: 30003, msg: "INVALID op:login" })
            if (options.refuseLogin !== undefined || !verify(frame.args[0])) {
              server.send(client, { event: "error", code: options.refuseLogin ?? 30005, msg: "login failed" })
              socket.close()
              return
            }
            const answer = () => {
              client.loggedIn = true
              server.send(client, { event: "login", code: 0, msg: "" })
            }
            if (options.loginDelay === undefined) return answer()
            setTimeout(answer, options.loginDelay)
            return
          }
          if (frame.op === "subscribe" || frame.op === "unsubscribe") {
            for (const arg of frame.args) {
              if (frame.op === "subscribe" && isPrivate && !client.loggedIn) {
                server.send(client, { event: "error", code: 30004, msg: "User not logged in", ...(v3 ? {} : { arg }) })
                continue
              }
              const symbol = arg.instId ?? arg.symbol
              if (frame.op === "subscribe" && options.unknownSymbol !== undefined && symbol === options.unknownSymbol) {
                server.send(client, {
                  event: "error",
                  code: 30001,
                  msg: `${symbol} doesn't exist`,
                  ...(v3 ? {} : { arg, op: "subscribe" })
                })
                continue
              }
              const ack = () => {
                server.send(client, { event: frame.op, arg })
                if (frame.op === "subscribe") options.onSubscribe?.(client, arg)
              }
              const delay = frame.op === "subscribe" ? options.ackDelay?.(client, arg) ?? 0 : 0
              if (delay === 0) ack()
              else setTimeout(ack, delay)
            }
            return
          }
          if (frame.op === "trade") options.onTrade?.(client, frame)
        })
      })
      wss.on("listening", () => {
        const { port } = wss.address() as AddressInfo
        ;(server as { url: string }).url = `ws://127.0.0.1:${port}`
        ;(server as any).wss = wss
        resume(Effect.succeed(server))
      })
    }),
    (server) =>
      Effect.async<void>((resume) => {
        for (const client of server.clients) client.socket.terminate()
        ;(server as any).wss.close(() => resume(Effect.void))
      })
  )

import { describe, expect, it } from "@effect/vitest"
import * as Crypto from "node:crypto"
import { connect, loginFrame, privateSocket } from "./client.js"
import { sleep, withSimulator } from "./support.js"

// Bitget's connection rules as the simulator enforces them, seen from a raw `ws` client.

const spotTicker = { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }
const spotAccount = { instType: "SPOT", channel: "account", coin: "default" }

describe("the simulator's WebSocket rules", () => {
  it.live("answers the text ping with the text pong, on all four paths; other paths are refused", () =>
    withSimulator({}, async (simulator) => {
      for (const path of ["/v2/ws/public", "/v2/ws/private", "/v3/ws/public", "/v3/ws/private"]) {
        const client = await connect(`${simulator.wsUrl}${path}`)
        client.send("ping")
        expect(await client.next(() => true)).toBe("pong")
        client.close()
      }
      await expect(connect(`${simulator.wsUrl}/v1/stream`)).rejects.toThrow(/404/)
    }))

  it.live("refuses a login on the public socket with 30003, and a private subscribe before login with 30004", () =>
    withSimulator({}, async (simulator) => {
      const pub = await connect(`${simulator.wsUrl}/v2/ws/public`)
      pub.send(loginFrame(simulator))
      expect(await pub.next(() => true)).toBe(`{"event":"error","code":30003,"msg":"INVALID op:login","op":"login"}`)
      pub.close()
      const priv = await connect(`${simulator.wsUrl}/v2/ws/private`)
      priv.send({ op: "subscribe", args: [spotAccount] })
      expect(await priv.next(() => true)).toBe(
        `{"event":"error","arg":{"instType":"SPOT","channel":"account","coin":"default"},"code":30004,"msg":"User not logged in","op":"subscribe"}`
      )
      priv.send(loginFrame(simulator))
      expect(await priv.next((f) => f.includes("login"), 3000, 1)).toBe(`{"event":"login","code":0}`)
      priv.send({ op: "subscribe", args: [spotAccount] })
      expect(await priv.next((f) => f.includes(`"event":"subscribe"`))).toBe(
        `{"event":"subscribe","arg":{"instType":"SPOT","channel":"account","coin":"default"}}`
      )
      priv.close()
    }))

  it.live("checks the login's key, passphrase, timestamp (seconds, 30 s) and signature; a failed login closes", () =>
    withSimulator({}, async (simulator) => {
      const seconds = Math.floor(Date.now() / 1000)
      const cases: Array<[Parameters<typeof loginFrame>[1], number]> = [
        [{ apiKey: "bg_unknown" }, 30011],
        [{ passphrase: "wrong" }, 30012],
        [{ timestamp: String(Date.now()) }, 30013],
        [{ timestamp: String(seconds - 32) }, 30014],
        [{ sign: "AAAA" }, 30015]
      ]
      for (const [override, code] of cases) {
        const client = await connect(`${simulator.wsUrl}/v2/ws/private`)
        client.send(loginFrame(simulator, override))
        const frame = JSON.parse(await client.next(() => true))
        expect([frame.event, frame.code, typeof frame.code]).toEqual(["error", code, "number"])
        expect(await client.closed).toBe(1000)
      }
      // 28 s old (read now: the cases above took time) is still inside the window.
      const late = await connect(`${simulator.wsUrl}/v2/ws/private`)
      late.send(loginFrame(simulator, { timestamp: String(Math.floor(Date.now() / 1000) - 28) }))
      expect(await late.next(() => true)).toBe(`{"event":"login","code":0}`)
      late.close()
    }))

  it.live("V3 answers a login with its connId and accepts milliseconds; RSA keys log in too", () =>
    withSimulator({}, async (simulator) => {
      const v3 = await connect(`${simulator.wsUrl}/v3/ws/private`)
      v3.send(loginFrame(simulator, { timestamp: String(Date.now()) }))
      expect(await v3.next(() => true)).toMatch(/^\{"event":"login","code":0,"connId":"[0-9a-f]{16}"\}$/)
      v3.close()
      const rsa = await connect(`${simulator.wsUrl}/v2/ws/private`)
      const timestamp = String(Math.floor(Date.now() / 1000))
      const { Redacted } = await import("effect")
      const sign = Crypto.sign(
        "sha256",
        Buffer.from(`${timestamp}GET/user/verify`),
        Crypto.createPrivateKey(Redacted.value(simulator.rsa.privateKey))
      ).toString("base64")
      rsa.send(loginFrame(simulator, { apiKey: Redacted.value(simulator.rsa.apiKey), timestamp, sign }))
      expect(await rsa.next(() => true)).toBe(`{"event":"login","code":0}`)
      rsa.close()
    }))

  it.live("closes a connection that sends no ping within idleMillis (1006, no close frame), even while pushing", () =>
    withSimulator({ idleMillis: 600, tickMillis: 20 }, async (simulator) => {
      const started = Date.now()
      const silent = await connect(`${simulator.wsUrl}/v2/ws/public`)
      silent.send({ op: "subscribe", args: [spotTicker] })
      const pinging = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const timer = setInterval(() => pinging.send("ping"), 100)
      expect(await silent.closed).toBe(1006)
      expect(Date.now() - started).toBeGreaterThanOrEqual(590)
      expect(silent.frames.some((f) => f.includes(`"channel":"ticker"`))).toBe(true)
      await sleep(300)
      clearInterval(timer)
      expect(pinging.socket.readyState).toBe(pinging.socket.OPEN)
      pinging.close()
    }))

  it.live("closes every connection at the end of its life (Bitget: 24 h), whatever it sends", () =>
    withSimulator({ maxLifeMillis: 250 }, async (simulator) => {
      const started = Date.now()
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const timer = setInterval(() => client.send("ping"), 50)
      expect(await client.closed).toBe(1000)
      clearInterval(timer)
      expect(Date.now() - started).toBeGreaterThanOrEqual(240)
    }))

  it.live("allows 10 messages a second; the 11th gets 30007 and the connection is closed", () =>
    withSimulator({}, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      for (let i = 0; i < 10; i++) client.send("ping")
      await client.next((f) => f === "pong" && client.frames.length === 10)
      expect(client.frames).toEqual(Array(10).fill("pong"))
      client.send("ping")
      expect(await client.next((f) => f !== "pong")).toBe(
        `{"event":"error","code":30007,"msg":"Request over limit,connection close"}`
      )
      expect(await client.closed).toBe(1008)
      expect(simulator.ws.stats.pings).toBe(10)
    }))

  it.live("refuses unknown instruments (30001), lower-case V2 instTypes and channels V2 lacks (30016)", () =>
    withSimulator({}, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      client.send({ op: "subscribe", args: [{ instType: "USDT-FUTURES", channel: "books", instId: "NOPEUSDT" }] })
      expect(await client.next(() => true)).toBe(
        `{"event":"error","arg":{"instType":"USDT-FUTURES","channel":"books","instId":"NOPEUSDT"},"code":30001,"msg":"instType:USDT-FUTURES,channel:books,instId:NOPEUSDT doesn't exist","op":"subscribe"}`
      )
      client.send({ op: "subscribe", args: [{ instType: "spot", channel: "ticker", instId: "BTCUSDT" }] })
      expect(JSON.parse(await client.next(() => true, 3000, 1)).code).toBe(30016)
      client.send({ op: "subscribe", args: [{ instType: "USDT-FUTURES", channel: "books50", instId: "BTCUSDT" }] })
      expect(JSON.parse(await client.next(() => true, 3000, 2)).code).toBe(30016)
      client.close()
    }))

  it.live("faults: a refused login (30005, closed), a dropped connection (1006), a stall (no pong), 30033", () =>
    withSimulator({}, async (simulator) => {
      simulator.ws.refuseLogins(1)
      const refused = await connect(`${simulator.wsUrl}/v2/ws/private`)
      refused.send(loginFrame(simulator))
      expect(await refused.next(() => true)).toBe(`{"event":"error","code":30005,"msg":"Login failed","op":"login"}`)
      expect(await refused.closed).toBe(1000)
      const client = await privateSocket(simulator)
      simulator.ws.stall(300)
      client.send("ping")
      await sleep(200)
      expect(client.frames).toEqual([`{"event":"login","code":0}`])
      await sleep(150)
      client.send("ping")
      expect(await client.next((f) => f === "pong")).toBe("pong")
      simulator.ws.notice()
      expect(await client.next((f) => f.includes("30033"))).toBe(
        `{"event":"error","code":30033,"msg":"The service will be upgraded, please reconnect"}`
      )
      expect(simulator.ws.open()).toBe(1)
      simulator.ws.drop()
      expect(await client.closed).toBe(1006)
    }))
})

import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import * as Readline from "node:readline"
import { WebSocket } from "ws"

// The bin as scripts use it: exactly one JSON line, whose credentials sign calls the simulator accepts.

const bin = Path.resolve(import.meta.dirname, "../src/bin.ts")

const firstLine = (args: ReadonlyArray<string>) => {
  const child = spawn(process.execPath, ["--import", "tsx", bin, ...args], { stdio: ["ignore", "pipe", "pipe"] })
  const line = new Promise<string>((resolve, reject) => {
    Readline.createInterface({ input: child.stdout }).once("line", resolve)
    child.once("exit", (code) => reject(new Error(`exited with ${code}`)))
  })
  return { child, line }
}

describe("effect-bitget-simulator", () => {
  it("--json prints one JSON line of url and credentials that sign accepted calls", async () => {
    const { child, line } = firstLine(["--json"])
    try {
      const printed = JSON.parse(await line) as Record<string, string> & {
        unified: { apiKey: string; secret: string; passphrase: string }
      }
      expect(Object.keys(printed).sort()).toEqual(["apiKey", "passphrase", "secret", "unified", "url", "wsUrl"])
      expect(Object.keys(printed.unified).sort()).toEqual(["apiKey", "passphrase", "secret"])
      expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(printed.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
      const socket = new WebSocket(`${printed.wsUrl}/v2/ws/public`)
      const pong = await new Promise<string>((resolve, reject) => {
        socket.once("open", () => socket.send("ping"))
        socket.once("message", (data) => resolve(data.toString()))
        socket.once("error", reject)
      })
      socket.close()
      expect(pong).toBe("pong")
      const call = async (key: { apiKey: string; secret: string; passphrase: string }, path: string) => {
        const timestamp = String(Date.now())
        const sign = HttpSigner.hmac(key.secret, { timestamp, method: "GET", path, query: "", body: "" })
        const response = await fetch(`${printed.url}${path}`, {
          headers: {
            "ACCESS-KEY": key.apiKey,
            "ACCESS-SIGN": sign,
            "ACCESS-TIMESTAMP": timestamp,
            "ACCESS-PASSPHRASE": key.passphrase
          }
        })
        const body = await response.json() as { code: string }
        return body.code
      }
      const classic = { apiKey: printed.apiKey!, secret: printed.secret!, passphrase: printed.passphrase! }
      expect(await call(classic, "/api/v2/spot/account/assets")).toBe("00000")
      expect(await call(classic, "/api/v3/account/assets")).toBe("40084")
      // The unified (UTA) account: V3 answers it, private V2 refuses it.
      expect(await call(printed.unified, "/api/v3/account/assets")).toBe("00000")
      expect(await call(printed.unified, "/api/v2/spot/account/assets")).toBe("40085")
    } finally {
      child.kill("SIGTERM")
    }
  }, 60_000)

  it("prints the Classic and the unified (UTA) account's credentials as BITGET_* lines", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", bin], { stdio: ["ignore", "pipe", "pipe"] })
    try {
      const lines: Array<string> = []
      await new Promise<void>((resolve, reject) => {
        const input = Readline.createInterface({ input: child.stdout })
        input.on("line", (line) => {
          lines.push(line)
          if (line.startsWith("Ctrl-C")) resolve()
        })
        child.once("exit", (code) => reject(new Error(`exited with ${code}`)))
      })
      const value = (name: string) => lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1)
      for (
        const name of ["BITGET_API_KEY", "BITGET_UTA_API_KEY", "BITGET_UTA_API_SECRET", "BITGET_UTA_API_PASSPHRASE"]
      ) {
        expect(value(name), name).toMatch(/^\S+$/)
      }
      expect(value("BITGET_UTA_API_KEY")).not.toBe(value("BITGET_API_KEY"))
    } finally {
      child.kill("SIGTERM")
    }
  }, 60_000)

  it(
    "--api-key, --secret, --passphrase fix the credentials; --fault makes an endpoint answer a chosen code",
    async () => {
      const { child, line } = firstLine([
        "--json",
        "--api-key",
        "my-key",
        "--secret",
        "my-secret",
        "--passphrase",
        "my-pass",
        "--fault",
        "GET /api/v2/spot/account/assets=40054@400:account mode"
      ])
      try {
        const printed = JSON.parse(await line) as Record<string, string>
        expect([printed.apiKey, printed.secret, printed.passphrase]).toEqual(["my-key", "my-secret", "my-pass"])
        const signedGet = async (path: string) => {
          const timestamp = String(Date.now())
          const sign = HttpSigner.hmac("my-secret", { timestamp, method: "GET", path, query: "", body: "" })
          const response = await fetch(`${printed.url}${path}`, {
            headers: {
              "ACCESS-KEY": "my-key",
              "ACCESS-SIGN": sign,
              "ACCESS-TIMESTAMP": timestamp,
              "ACCESS-PASSPHRASE": "my-pass"
            }
          })
          return [response.status, await response.json() as { code: string; msg: string }] as const
        }
        const [status, body] = await signedGet("/api/v2/spot/account/assets")
        expect([status, body.code, body.msg]).toEqual([400, "40054", "account mode"])
        // Other endpoints answer as usual, with the fixed credentials.
        const [okStatus, ok] = await signedGet("/api/v2/spot/account/info")
        expect([okStatus, ok.code]).toEqual([200, "00000"])
      } finally {
        child.kill("SIGTERM")
      }
    },
    60_000
  )

  it(
    "--history DAYS seeds the past of the account and of each --sub-accounts and --unified-sub-accounts one",
    async () => {
      const { child, line } = firstLine([
        "--json",
        "--history",
        "3",
        "--sub-accounts",
        "1",
        "--unified-sub-accounts",
        "1",
        "--api-key",
        "k",
        "--secret",
        "s"
      ])
      try {
        type Key = { uid: string; apiKey: string; secret: string; passphrase: string }
        const printed = JSON.parse(await line) as Record<string, string> & {
          subAccounts: ReadonlyArray<Key>
          unified: { subAccounts: ReadonlyArray<Key> }
        }
        expect(printed.subAccounts.length).toBe(1)
        expect(printed.unified.subAccounts.length).toBe(1)
        const fills = async (key: { apiKey: string; secret: string; passphrase: string }) => {
          const path = "/api/v2/spot/trade/fills"
          const query = `symbol=BTCUSDT&startTime=${Date.now() - 4 * 86_400_000}&endTime=${Date.now()}`
          const timestamp = String(Date.now())
          const sign = HttpSigner.hmac(key.secret, { timestamp, method: "GET", path, query, body: "" })
          const response = await fetch(`${printed.url}${path}?${query}`, {
            headers: {
              "ACCESS-KEY": key.apiKey,
              "ACCESS-SIGN": sign,
              "ACCESS-TIMESTAMP": timestamp,
              "ACCESS-PASSPHRASE": key.passphrase
            }
          })
          const body = await response.json() as { data: ReadonlyArray<{ cTime: string; tradeId: string }> }
          return body.data
        }
        const main = await fills({ apiKey: "k", secret: "s", passphrase: printed.passphrase! })
        // Four buys and four sells a day.
        expect(main.length).toBe(24)
        const oldest = Number(main[main.length - 1]!.cTime)
        expect(Date.now() - oldest).toBeGreaterThan(2.9 * 86_400_000)
        // The sub-account's own, none of the main account's.
        const sub = await fills(printed.subAccounts[0]!)
        expect(sub.length).toBe(24)
        expect(sub.filter((f) => main.some((m) => m.tradeId === f.tradeId))).toEqual([])
        // The unified sub-account's own V3 fills: a buy and a sell of BTCUSDT futures a round.
        const v3Path = "/api/v3/trade/fills"
        const v3Query = `category=USDT-FUTURES&startTime=${Date.now() - 4 * 86_400_000}&endTime=${Date.now()}&limit=100`
        const utaSub = printed.unified.subAccounts[0]!
        const timestamp = String(Date.now())
        const sign = HttpSigner.hmac(utaSub.secret, {
          timestamp,
          method: "GET",
          path: v3Path,
          query: v3Query,
          body: ""
        })
        const v3 = await fetch(`${printed.url}${v3Path}?${v3Query}`, {
          headers: {
            "ACCESS-KEY": utaSub.apiKey,
            "ACCESS-SIGN": sign,
            "ACCESS-TIMESTAMP": timestamp,
            "ACCESS-PASSPHRASE": utaSub.passphrase
          }
        })
        const v3Fills = await v3.json() as { code: string; data: { list: ReadonlyArray<unknown> } }
        expect([v3Fills.code, v3Fills.data.list.length]).toEqual(["00000", 24])
      } finally {
        child.kill("SIGTERM")
      }
    },
    60_000
  )

  it(
    "refuses a port that is not one, a history that is not a whole number of days, too many sub-accounts",
    async () => {
      const refusal = async (args: ReadonlyArray<string>) => {
        const child = spawn(process.execPath, ["--import", "tsx", bin, ...args], { stdio: ["ignore", "pipe", "pipe"] })
        let stderr = ""
        child.stderr.on("data", (chunk) => stderr += chunk)
        const code = await new Promise((resolve) => child.once("exit", resolve))
        return [code, stderr] as const
      }
      const [port, history, subs, unifiedSubs] = await Promise.all([
        refusal(["--port", "70000"]),
        refusal(["--history", "1.5"]),
        refusal(["--sub-accounts", "21"]),
        refusal(["--unified-sub-accounts", "21"])
      ])
      expect(port[0]).toBe(2)
      expect(port[1]).toMatch(/^--port: expected an integer/)
      expect(history[0]).toBe(2)
      expect(history[1]).toMatch(/^--history: expected a whole number of days from 0 to 1095, got 1.5/)
      expect(subs[0]).toBe(2)
      expect(subs[1]).toMatch(/^--sub-accounts: expected a whole number from 0 to 20, got 21/)
      expect(unifiedSubs[0]).toBe(2)
      expect(unifiedSubs[1]).toMatch(/^--unified-sub-accounts: expected a whole number from 0 to 20, got 21/)
    },
    60_000
  )
})

import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { describe, expect, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import * as Readline from "node:readline"

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
      const printed = JSON.parse(await line) as Record<string, string>
      expect(Object.keys(printed).sort()).toEqual(["apiKey", "passphrase", "secret", "url"])
      expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const path = "/api/v2/spot/account/assets"
      const timestamp = String(Date.now())
      const sign = HttpSigner.hmac(printed.secret!, { timestamp, method: "GET", path, query: "", body: "" })
      const response = await fetch(`${printed.url}${path}`, {
        headers: {
          "ACCESS-KEY": printed.apiKey!,
          "ACCESS-SIGN": sign,
          "ACCESS-TIMESTAMP": timestamp,
          "ACCESS-PASSPHRASE": printed.passphrase!
        }
      })
      const body = await response.json() as { code: string }
      expect([response.status, body.code]).toEqual([200, "00000"])
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

  it("refuses a port that is not one", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", bin, "--port", "70000"], {
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stderr = ""
    child.stderr.on("data", (chunk) => stderr += chunk)
    const code = await new Promise((resolve) => child.once("exit", resolve))
    expect(code).toBe(2)
    expect(stderr).toMatch(/^--port: expected an integer/)
  }, 60_000)
})

/**
 * Frames on the wire. Bitget's heartbeat is the bare text `pong` (checked before any JSON
 * parsing); every other frame is JSON where the book's `seq`/`pseq` are bare numbers that can
 * pass 2^53 on Coin-M (reference §1.8), so they are turned into strings before `JSON.parse` rounds
 * them, and decode to `bigint`.
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import type { WireArg } from "../Channel.js"

const SEQ = /"(p?seq)":(-?\d+)/g

/** A server frame as parsed; `pong` for the heartbeat answer, `undefined` for text that is not JSON. */
export const parse = (text: string): { readonly [key: string]: unknown } | "pong" | undefined => {
  if (text === "pong") return "pong"
  // Only book frames carry sequence numbers; the test is cheaper than the replacement.
  const safe = text.includes("seq\":") ? text.replace(SEQ, "\"$1\":\"$2\"") : text
  try {
    const value = JSON.parse(safe)
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * An exchange code as text: the wire sends numbers on login and errors, the string `"0"` on V3
 * trade answers and `"00000"` on REST (reference §9.2); all success forms read as `"0"`.
 */
export const code = (value: unknown): string => {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : ""
  return text === "00000" ? "0" : text
}

/** The login frame: `sign` = Base64(HMAC-SHA256(secret, seconds + "GET" + "/user/verify")) (reference §3.4). */
export const login = (apiKey: string, passphrase: string, secret: string, epochMillis: number): string => {
  const timestamp = String(Math.floor(epochMillis / 1000))
  const sign = HttpSigner.hmac(secret, { timestamp, method: "GET", path: "/user/verify", query: "", body: "" })
  return JSON.stringify({ op: "login", args: [{ apiKey, passphrase, timestamp, sign }] })
}

/**
 * Subscribe or unsubscribe frames for args, each under Bitget's 4,096 bytes of args and at most
 * `perFrame` args (PROBE saw V3 drop a connection after a frame of 25 `books` args).
 */
export const frames = (op: "subscribe" | "unsubscribe", args: ReadonlyArray<WireArg>, perFrame = 10): Array<string> => {
  const out: Array<string> = []
  let batch: Array<WireArg> = []
  let bytes = 2
  for (const arg of args) {
    const size = JSON.stringify(arg).length + 1
    if (batch.length > 0 && (batch.length >= perFrame || bytes + size > 4000)) {
      out.push(JSON.stringify({ op, args: batch }))
      batch = []
      bytes = 2
    }
    batch.push(arg)
    bytes += size
  }
  if (batch.length > 0) out.push(JSON.stringify({ op, args: batch }))
  return out
}

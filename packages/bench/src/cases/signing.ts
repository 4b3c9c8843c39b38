/**
 * Case 3: signing alone, µs per signature of the same GET prehash: HMAC-SHA256 and
 * SHA256withRSA (2048-bit key) as this library signs, and what each peer runs to sign one
 * request (bitget-api: WebCrypto, awaited; ccxt: its `sign`, which also builds the URL; it has
 * no RSA for Bitget).
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { RestClientV2 } from "bitget-api"
import * as Crypto from "node:crypto"
import { makeCcxt } from "../internal/clients.js"
import { credentials } from "../internal/ours.js"
import { median } from "../internal/stats.js"

export interface Options {
  readonly rounds: number
  readonly iterations: { readonly hmac: number; readonly rsa: number }
}

export interface Figure {
  readonly client: string
  readonly algorithm: "HMAC" | "RSA"
  readonly micros: number
}

const input: HttpSigner.SignInput = {
  timestamp: "1700000000000",
  method: "GET",
  path: "/api/v2/spot/trade/fills",
  query: "limit=100&symbol=BTCUSDT",
  body: ""
}

const timeSync = (iterations: number, f: () => unknown) => {
  const start = performance.now()
  for (let i = 0; i < iterations; i++) f()
  return ((performance.now() - start) * 1000) / iterations
}

const timeAsync = async (iterations: number, f: () => Promise<unknown>) => {
  const start = performance.now()
  for (let i = 0; i < iterations; i++) await f()
  return ((performance.now() - start) * 1000) / iterations
}

export const run = async (options: Options): Promise<ReadonlyArray<Figure>> => {
  const { privateKey } = Crypto.generateKeyPairSync("rsa", { modulusLength: 2048 })
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString()
  const peerHmac = new RestClientV2({
    apiKey: credentials.apiKey,
    apiSecret: credentials.secret,
    apiPass: credentials.passphrase
  }) as unknown as { signRequest: (...args: ReadonlyArray<unknown>) => Promise<unknown> }
  const peerRsa = new RestClientV2({
    apiKey: credentials.apiKey,
    apiSecret: pem,
    apiPass: credentials.passphrase
  }) as unknown as { signRequest: (...args: ReadonlyArray<unknown>) => Promise<unknown> }
  const exchange = makeCcxt("http://127.0.0.1:1")
  const params = { symbol: "BTCUSDT", limit: "100" }

  const cases: ReadonlyArray<{
    readonly client: string
    readonly algorithm: "HMAC" | "RSA"
    readonly measure: (n: number) => Promise<number> | number
  }> = [
    {
      client: "effect-bitget",
      algorithm: "HMAC",
      measure: (n) => timeSync(n, () => HttpSigner.hmac(credentials.secret, input))
    },
    {
      client: "effect-bitget",
      algorithm: "RSA",
      measure: (n) => timeSync(n, () => HttpSigner.rsa(privateKey, input))
    },
    {
      client: "bitget-api",
      algorithm: "HMAC",
      measure: (n) => timeAsync(n, () => peerHmac.signRequest({ ...params }, input.path, "GET", "bitget"))
    },
    {
      client: "bitget-api",
      algorithm: "RSA",
      measure: (n) => timeAsync(n, () => peerRsa.signRequest({ ...params }, input.path, "GET", "bitget"))
    },
    {
      client: "ccxt",
      algorithm: "HMAC",
      measure: (n) => timeSync(n, () => exchange.sign("v2/spot/trade/fills", ["private", "spot"], "GET", { ...params }))
    }
  ]
  const samples = cases.map(() => [] as Array<number>)
  const iterations = (algorithm: "HMAC" | "RSA") =>
    algorithm === "HMAC" ? options.iterations.hmac : options.iterations.rsa
  // Warm-up, then interleaved rounds.
  for (const c of cases) await c.measure(Math.max(10, iterations(c.algorithm) / 5))
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, c] of cases.entries()) samples[i]!.push(await c.measure(iterations(c.algorithm)))
  }
  await exchange.close()
  return cases.map((c, i) => ({ client: c.client, algorithm: c.algorithm, micros: median(samples[i]!) }))
}

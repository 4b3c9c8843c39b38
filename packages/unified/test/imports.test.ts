/**
 * Importing `@effect-bitget/unified` builds none of its ≈ 240 declarations (issue 23, point 10:
 * building them all cost ≈ 130 ms of CPU at import); each is built at its first use. Nor does it
 * load `@effect/platform`'s HttpClient (only `Transport.layerHttpClient` needs it). Checked in a
 * fresh process: the test files of a worker share one module graph, where other files have used
 * them already.
 */
import { expect, it } from "@effect/vitest"
import * as ChildProcess from "node:child_process"
import * as Url from "node:url"

const script = `
const Lazy = await import("@effect-bitget/core/Lazy")
const Schema = await import("effect/Schema")
await import("@effect-bitget/core")
const Unified = await import("@effect-bitget/unified")
const atImport = Lazy.built()
// Set by @effect/platform's HttpClient module when it is evaluated (effect's global store).
const platformClient = () => globalThis["effect/GlobalValue"]?.has("@effect/platform/HttpClient/responseRegistry") ?? false
const platformAtImport = platformClient()
// Exported schemas, fields and endpoints built at import (an eager declaration is not counted by Lazy.built).
const eager = []
for (const [namespace, module] of Object.entries(Unified)) {
  if (typeof module !== "object" || Array.isArray(module)) continue
  for (const [key, value] of Object.entries(module)) {
    if ((typeof value !== "object" && typeof value !== "function") || value === null || Lazy.isPending(value)) continue
    const declaration = Schema.isSchema(value) || Schema.isPropertySignature(value) ||
      (!Array.isArray(value) && "path" in value && "rateLimit" in value)
    if (declaration) eager.push(namespace + "." + key)
  }
}
const pending = Unified.endpoints.filter((endpoint) => Lazy.isPending(endpoint)).length
const name = Unified.Trade.placeOrder.endpoint.name
const afterOne = Lazy.built()
const all = Unified.endpoints.map((endpoint) => endpoint.name)
// A lazy value is the kind of value it builds (a schema is a class, so a function; an endpoint an object).
const kinds = []
for (const [namespace, module] of Object.entries(Unified)) {
  if (typeof module !== "object" || Array.isArray(module)) continue
  for (const [key, value] of Object.entries(module)) {
    const built = Lazy.unwrap(value)
    if (built !== value && typeof value !== typeof built) kinds.push(namespace + "." + key)
  }
}
await import("@effect/platform/HttpClient")
process.stdout.write(JSON.stringify({ platformAtImport, platformLater: platformClient(), atImport, eager, kinds, pending, name, afterOne, all: all.length, built: Lazy.built() }))
`

it("builds no declaration at import, and each at its first use; loads no HTTP client of the platform", () => {
  const out = ChildProcess.execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: Url.fileURLToPath(new URL("..", import.meta.url)),
    encoding: "utf8"
  })
  const seen = JSON.parse(out) as Record<string, number | string | Array<string>>
  expect(seen.atImport).toBe(0)
  // @effect/platform's client is loaded by the transport over it, not by importing the library.
  // (core/test/transport.test.ts runs `layerHttpClient` over fetch and NodeHttpClient.)
  expect([seen.platformAtImport, seen.platformLater]).toEqual([false, true])
  // Core's own schemas, re-exported under a V3 name (built when core is imported, shared by every line).
  expect(seen.eager).toEqual([
    "Schemas.Level",
    "Schemas.ReduceOnly",
    "StockPlusMarket.StockSymbol",
    "StockPlusMarket.Time"
  ])
  expect(seen.pending).toBe(seen.all)
  expect(seen.name).toBe("unified.trade.placeOrder")
  // The operation and its declaration; not the declaration's schemas.
  expect(seen.afterOne).toBe(2)
  expect(seen.built).toBeGreaterThan(seen.all as number)
  expect(seen.kinds).toEqual([])
}, 60_000)

/**
 * `llms.txt` (the llmstxt.org format, as bitget-api and Bitget's own SDK ship one): what a
 * language model needs to write code against this library, generated with `docs/endpoints.md`
 * from the same declarations (`pnpm docs`; `pnpm docs:check` fails when it is stale). Every
 * operation: its import, method and path, what it does, its rate limit and how it pages.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Catalog from "./catalog.js"

/** The namespace of a line in the `effect-bitget` package (`copyTrading` → `CopyTrading`, `p2p` → `P2P`). */
export const namespace = (line: string): string => line === "p2p" ? "P2P" : line.charAt(0).toUpperCase() + line.slice(1)

const intro = [
  "# effect-bitget",
  "",
  "> Bitget's REST APIs as typed Effect (effect 3.x) programs for TypeScript. Every endpoint is a function",
  "> returning an `Effect` that needs a `BitgetClient`; list endpoints also have `.pages`/`.items` Streams.",
  "",
  "Install one package for everything, pinning the Effect 3 peers:",
  "`npm install effect-bitget effect@^3.22.4 @effect/platform@^0.97.2 @effect/experimental@^0.61.1`.",
  "Each line is a namespace of `effect-bitget` (`import { Spot } from \"effect-bitget\"`, then",
  "`Spot.Trade.placeOrder`), or its own package (`import { Trade } from \"@effect-bitget/spot\"`).",
  "",
  "```ts",
  "import { Effect } from \"effect\"",
  "import { layerConfig, Spot } from \"effect-bitget\"",
  "",
  "const order = Spot.Trade.placeOrder({ symbol: \"BTCUSDT\", side: \"buy\", orderType: \"limit\", force: \"gtc\", price: \"60000\", size: \"0.001\" })",
  "// layerConfig: client, transport, rate limiter; BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE, BITGET_DEMO from the environment.",
  "Effect.runPromise(order.pipe(Effect.provide(layerConfig))).then(console.log)",
  "```",
  "",
  "Rules the types enforce: money and sizes are `BigDecimal` in answers (strings or BigDecimal in requests),",
  "times are `DateTime.Utc`, empty strings are absent (`undefined`), enums are open. Bad input fails with a",
  "tagged `InvalidRequest` before anything is sent; the exchange's errors are tagged (`InsufficientBalance`,",
  "`OrderNotFound`, `DuplicateClientOid`, `RateLimitError`, `AuthenticationError`, …; `Effect.catchTag`).",
  "The client waits for its rate-limit bucket; 429s are retried, a POST of unknown fate never is.",
  "`.items(request)` streams every row of a history (cursor fed back, long ranges split into the endpoint's window).",
  "",
  "## Docs",
  "",
  "- [Guide](docs/guide.md): configuration, layers, errors, pagination, values, demo trading, rate limits, observability, testing with the simulator",
  "- [Endpoint reference](docs/endpoints.md): the table form of the list below",
  "- [Performance](docs/performance.md): benchmark figures, which transport"
]

/** One operation: `` - `Trade.placeOrder`: `POST /path`; signed; 10/1s UID; single call. What it does. `` */
const item = (e: Catalog.Entry): string => {
  const paging = Catalog.paging(e.endpoint).replace(/`/g, "") || "single call"
  const what = Catalog.text(e)
  return `- \`${e.module}.${e.fn}\`: \`${Endpoint.describe(e.endpoint)}\`; ${Catalog.auth(e.endpoint)}; limit ${
    Catalog.rateLimit(e.endpoint)
  }; ${paging}.${what === "" ? "" : " " + what}`
}

export const render = (): string => {
  const all = Catalog.entries()
  const parts = [...intro, "", `## Operations (${all.length})`]
  const lines = new Map<string, Array<Catalog.Entry>>()
  for (const e of all) lines.set(e.line, [...(lines.get(e.line) ?? []), e])
  for (const [line, entries] of lines) {
    const importPath = entries[0]!.importPath
    parts.push(
      "",
      `### ${importPath}`,
      "",
      `\`import { Module } from "${importPath}"\`, or \`${namespace(line)}.Module\` of \`effect-bitget\`${
        line === "core" ? " (core's modules are also at its top: `import { Public } from \"effect-bitget\"`)" : ""
      }.`,
      ""
    )
    for (const e of Catalog.byPath(entries)) parts.push(item(e))
  }
  return parts.join("\n") + "\n"
}

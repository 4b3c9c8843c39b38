/**
 * `pnpm docs` writes `docs/endpoints.md`, the endpoint reference, from the declarations;
 * `pnpm docs:check` fails when the committed file is stale (CI runs it).
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type { Cursor } from "@effect-bitget/core/Pagination"
import { Registry } from "@effect-bitget/simulator"
import * as Duration from "effect/Duration"
import * as Fs from "node:fs"

const target = new URL("../../../docs/endpoints.md", import.meta.url)

const cursor = (c: Cursor): string => {
  switch (c._tag) {
    case "LastRow":
      return `\`${c.param}\` ← last row's \`${c.field}\``
    case "Field":
      return `\`${c.param}\` ← \`data.${c.field}\``
    case "Page":
      return `\`${c.param}\` (1, 2, …)`
    case "Before":
      return `\`${c.param}\` ← oldest \`${c.field}\` − 1`
  }
}

const row = (e: Endpoint.Any): string => {
  const limit = `${e.rateLimit.limit}/${Duration.format(e.rateLimit.window)} ${e.rateLimit.key.toUpperCase()}`
  const p = e.pagination
  const paging = p === undefined
    ? ""
    : `${cursor(p.cursor)}; ≤ ${p.limit.max} a page${p.window ? `; window ${Duration.format(p.window.max)}` : ""}`
  const text = e.description.replace(/\|/g, "\\|").replace(/\n/g, " ")
  return `| \`${e.name}\` | \`${e.method} ${e.path}\` | ${
    e.signed ? "signed" : "public"
  } | ${limit} | ${paging} | ${text} |`
}

const line = (e: Endpoint.Any) => e.name.split(".")[0]!

const render = (): string => {
  const groups = new Map<string, Array<Endpoint.Any>>()
  for (const e of Registry.endpoints) groups.set(line(e), [...(groups.get(line(e)) ?? []), e])
  const parts = [
    "# Endpoint reference",
    "",
    "Generated from the declarations by `pnpm docs`; CI fails when it is stale. Each operation is",
    "`<Module>.<operation>` of its package (the name's last part); list endpoints also have `.pages` and `.items`.",
    "",
    `${Registry.endpoints.length} endpoints.`
  ]
  for (const [name, endpoints] of groups) {
    parts.push(
      "",
      `## ${name}`,
      "",
      "| name | endpoint | auth | rate limit | pagination | notes |",
      "|---|---|---|---|---|---|"
    )
    for (const e of [...endpoints].sort((a, b) => a.path.localeCompare(b.path))) parts.push(row(e))
  }
  return parts.join("\n") + "\n"
}

const text = render()
if (process.argv.includes("--check")) {
  const current = Fs.existsSync(target) ? Fs.readFileSync(target, "utf8") : ""
  if (current !== text) {
    process.stderr.write("docs/endpoints.md is stale: run `pnpm docs` and commit it\n")
    process.exit(1)
  }
} else {
  Fs.writeFileSync(target, text)
}

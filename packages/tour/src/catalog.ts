/**
 * Every operation users can import, found from the packages' namespaces (the simulator's
 * registry of lines), each with its declaration and the text of the doc comment written on the
 * exported operation (`/** … *\/ export const placeOrder = Operation.make(PlaceOrder)`), read
 * from the sources with the TypeScript parser. `pnpm docs` and `pnpm endpoints` both print this.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import type { Cursor } from "@effect-bitget/core/Pagination"
import { Registry } from "@effect-bitget/simulator"
import * as Duration from "effect/Duration"
import * as Fs from "node:fs"
import ts from "typescript"

const packagesDir = new URL("../../", import.meta.url)

export interface Entry {
  readonly endpoint: Endpoint.Endpoint.Any
  /** `spot`, `futures`, `core`, … (the endpoint name's first part). */
  readonly line: string
  /** `@effect-bitget/spot` */
  readonly importPath: string
  /** The namespace, `Trade`. */
  readonly module: string
  /** The operation, `placeOrder`. */
  readonly fn: string
  /** The operation's doc comment as one paragraph of text; `""` when it has none. */
  readonly doc: string
  /** The module's source file, where the doc comment is. */
  readonly file: URL | undefined
}

const kebab = (line: string) => line.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

/** The name an operation's endpoint must have: its import path. */
export const expectedName = (line: string, module: string, fn: string) => `${line}.${lowerFirst(module)}.${fn}`

const parse = (file: URL) => {
  const text = Fs.readFileSync(file, "utf8")
  return { text, source: ts.createSourceFile(file.pathname, text, ts.ScriptTarget.Latest, true) }
}

/** `export * as Trade from "./Trade.js"` in a package's index: namespace → its source file. */
const namespaceFiles = (src: URL): Map<string, URL> => {
  const { source } = parse(new URL("index.ts", src))
  const files = new Map<string, URL>()
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) && statement.exportClause !== undefined &&
      ts.isNamespaceExport(statement.exportClause) && statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      files.set(statement.exportClause.name.text, new URL(statement.moduleSpecifier.text.replace(/\.js$/, ".ts"), src))
    }
  }
  return files
}

/** How a generated paging line of a doc comment starts (streamDocs.ts writes it from the declaration). */
export const streamsPrefix = "Streams (`.pages`, `.items`): "

/**
 * The text of a JSDoc comment: markers stripped, lines joined into one paragraph. The generated
 * paging lines (the comment's last) are left out: the reference and llms.txt print the same from
 * the declaration.
 */
export const docText = (comment: string): string => {
  const lines = comment.replace(/^\/\*\*/, "").replace(/\*\/$/, "").split("\n").map((l) =>
    l.replace(/^\s*\* ?/, "").trim()
  )
  const generated = lines.findIndex((l) => l.startsWith(streamsPrefix))
  return (generated === -1 ? lines : lines.slice(0, generated)).filter((l) => l !== "").join(" ")
}

/** The doc comment of each exported `const` of a module, by name. */
const docComments = (file: URL): Map<string, string> => {
  const { source, text } = parse(file)
  const docs = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const comment = (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [])
      .filter((r) => text.startsWith("/**", r.pos)).at(-1)
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && comment !== undefined) {
        docs.set(declaration.name.text, docText(text.slice(comment.pos, comment.end)))
      }
    }
  }
  return docs
}

const isOperation = (value: unknown): value is { readonly endpoint: Endpoint.Endpoint.Any } =>
  typeof value === "function" && "endpoint" in value

/** Every exported operation of every registered line, in the packages' export order. */
export const entries = (): ReadonlyArray<Entry> => {
  const out: Array<Entry> = []
  for (const [line, pkg] of Object.entries(Registry.packages)) {
    const src = new URL(`${kebab(line)}/src/`, packagesDir)
    const files = namespaceFiles(src)
    for (const [module, namespace] of Object.entries(pkg)) {
      if (typeof namespace !== "object" || namespace === null) continue
      const file = files.get(module)
      const docs = file === undefined ? new Map<string, string>() : docComments(file)
      for (const [fn, value] of Object.entries(namespace)) {
        if (!isOperation(value)) continue
        out.push({
          endpoint: value.endpoint,
          line,
          importPath: `@effect-bitget/${kebab(line)}`,
          module,
          fn,
          doc: docs.get(fn) ?? "",
          file
        })
      }
    }
  }
  return out
}

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

const documentedFamilies: ReadonlySet<string> = new Set(["InsufficientBalance", "OrderNotFound", "DuplicateClientOid"])

/** `public`, `signed`, or `signed; OrderNotFound`: the auth and the business errors it documents. */
export const auth = (e: Endpoint.Endpoint.Any): string => {
  const documented = e.errors.filter((family) => documentedFamilies.has(family))
  const access = e.signed ? "signed" : "public"
  return documented.length === 0 ? access : `${access}; ${documented.join(", ")}`
}

/** `10/1s UID` */
export const rateLimit = (e: Endpoint.Endpoint.Any): string =>
  `${e.rateLimit.limit}/${Duration.format(e.rateLimit.window)} ${e.rateLimit.key.toUpperCase()}`

/**
 * `.pages`/`.items` and how they walk (cursor, page size and the exchange's default, window, how far back
 * the exchange keeps rows), or `""` for a single call.
 */
export const paging = (e: Endpoint.Endpoint.Any): string => {
  const p = e.pagination
  if (p === undefined) return ""
  const window = p.window ? `; window ${Duration.format(p.window.max)}` : ""
  const byDefault = p.limit.default === undefined ? "" : ` (${p.limit.default} without \`${p.limit.param}\`)`
  const history = p.history ? `; history ${Duration.format(p.history.depth)}` : ""
  return `pages/items: ${cursor(p.cursor)}; ≤ ${p.limit.max} a page${byDefault}${window}${history}`
}

/**
 * The doc text without its opening `` `METHOD /path`: `` (which the hover needs and the
 * reference already shows in its own column).
 */
export const text = (entry: Entry): string => {
  const route = `\`${Endpoint.describe(entry.endpoint)}\``
  if (!entry.doc.startsWith(route)) return entry.doc
  const rest = entry.doc.slice(route.length).replace(/^:\s*/, "").trim()
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}

/** One line for `pnpm endpoints`: `METHOD /path` first (tools read it), then the rest. */
export const summary = (entry: Entry): string =>
  [
    Endpoint.describe(entry.endpoint),
    `${entry.module}.${entry.fn}`,
    entry.importPath,
    auth(entry.endpoint),
    rateLimit(entry.endpoint),
    paging(entry.endpoint).replace(/`/g, "") || "single call",
    text(entry)
  ].join("  ")

/** Entries sorted by path. */
export const byPath = (all: ReadonlyArray<Entry>): ReadonlyArray<Entry> =>
  [...all].sort((a, b) => a.endpoint.path.localeCompare(b.endpoint.path) || a.fn.localeCompare(b.fn))

/** `pnpm endpoints [word …]`: the summary lines, by path, that contain every word (any case). */
export const listing = (words: ReadonlyArray<string>): ReadonlyArray<string> => {
  const wanted = words.map((w) => w.toLowerCase())
  return byPath(entries()).map(summary).filter((line) => wanted.every((w) => line.toLowerCase().includes(w)))
}

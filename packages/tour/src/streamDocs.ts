/**
 * The paging line of every list operation's doc comment (what an editor shows on hover over
 * `Trade.fills`), written by `pnpm docs` from the endpoint's declaration (`pagination`: its cursor,
 * its largest page and its window) so the hover, `docs/endpoints.md` and `llms.txt` say the same and
 * cannot drift: `pnpm docs:check` fails when a source's line differs from its declaration. The line
 * is the comment's last and starts with `Catalog.streamsPrefix`; the rest of the comment is
 * hand-written and left alone.
 */
import * as Duration from "effect/Duration"
import * as Fs from "node:fs"
import ts from "typescript"
import * as Catalog from "./catalog.js"

/**
 * `Streams (`.pages`, `.items`): cursor …; at most 100 a page (`limit`, 100 when omitted); one request spans at
 * most 90d, …; the exchange keeps the last 90d, …`.
 */
export const line = (e: Catalog.Entry): string | undefined => {
  const p = e.endpoint.pagination
  if (p === undefined) return undefined
  const cursor = Catalog.paging(e.endpoint).replace(/^pages\/items: /, "").split("; ")[0]!
  const window = p.window === undefined
    ? ""
    : `; one request spans at most ${Duration.format(p.window.max)} of \`${p.window.start}\`–\`${p.window.end}\`, ` +
      "`.items` walks a longer range window by window"
  const byDefault = p.limit.default === undefined ? "" : `, ${p.limit.default} when omitted`
  const history = p.history === undefined
    ? ""
    : `; the exchange keeps the last ${Duration.format(p.history.depth)}, \`.items\` refuses an older \`${
      p.window?.start ?? "startTime"
    }\``
  return `${Catalog.streamsPrefix}cursor ${cursor}; at most ${p.limit.max} a page (\`${p.limit.param}\`${byDefault})${window}${history}.`
}

/** `text` in lines of at most 117 characters (a comment line's ` * ` makes 120), broken at spaces. */
const wrap = (text: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  let current = ""
  for (const word of text.split(" ")) {
    if (current !== "" && current.length + 1 + word.length > 117) {
      out.push(current)
      current = word
    } else current = current === "" ? word : `${current} ${word}`
  }
  return [...out, current]
}

/**
 * `text` (a module's source) with the generated line of each named operation's doc comment set
 * to `lines.get(name)`: replaced where it is, added before the comment's end where it is not.
 */
export const rewrite = (text: string, lines: ReadonlyMap<string, string>, file = "the module"): string => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const edits: Array<{ readonly pos: number; readonly end: number; readonly text: string }> = []
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const declaration = statement.declarationList.declarations[0]
    if (declaration === undefined || !ts.isIdentifier(declaration.name)) continue
    const generated = lines.get(declaration.name.text)
    if (generated === undefined) continue
    const comment = (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [])
      .filter((r) => text.startsWith("/**", r.pos)).at(-1)
    if (comment === undefined) throw new Error(`${file}: ${declaration.name.text} has no doc comment`)
    const old = text.slice(comment.pos, comment.end)
    const body = old.includes("\n")
      ? old.split("\n").slice(1, -1)
      : [` * ${old.replace(/^\/\*\*\s*/, "").replace(/\s*\*\/$/, "")}`]
    // The generated line is the comment's last (wrapped): everything from its start goes.
    const at = body.findIndex((l) => l.replace(/^\s*\* ?/, "").startsWith(Catalog.streamsPrefix))
    const kept = at === -1 ? body : body.slice(0, at)
    const next = ["/**", ...kept, ...wrap(generated).map((l) => ` * ${l}`), " */"].join("\n")
    if (next !== old) edits.push({ pos: comment.pos, end: comment.end, text: next })
  }
  let out = text
  for (const edit of edits.sort((a, b) => b.pos - a.pos)) out = out.slice(0, edit.pos) + edit.text + out.slice(edit.end)
  return out
}

/** Every source file holding a list operation, with its text as `pnpm docs` writes it. */
export const outputs = (): ReadonlyArray<readonly [URL, string, string]> => {
  const byFile = new Map<string, { file: URL; lines: Map<string, string> }>()
  for (const e of Catalog.entries()) {
    const generated = line(e)
    if (generated === undefined || e.file === undefined) continue
    const entry = byFile.get(e.file.href) ?? { file: e.file, lines: new Map<string, string>() }
    entry.lines.set(e.fn, generated)
    byFile.set(e.file.href, entry)
  }
  const root = new URL("../../../", import.meta.url).href
  return [...byFile.values()].map(({ file, lines }) => {
    const name = file.href.slice(root.length)
    return [file, name, rewrite(Fs.readFileSync(file, "utf8"), lines, name)] as const
  })
}

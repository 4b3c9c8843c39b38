/**
 * The docs' marked code blocks (snippets.ts): a block is rewritten from its example region, a drifted
 * block is what `pnpm docs:check` reports, and a marker without a region or a block fails loudly.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Snippets from "../src/snippets.js"

const source = [
  "import { Effect } from \"effect\"",
  "export const other = 1",
  "  // #region body",
  "  export const answer = Effect.succeed(42)",
  "",
  "    .pipe(Effect.asVoid)",
  "  // #endregion",
  "// #region other",
  "const x = 1",
  "// #endregion"
].join("\n")
const read = (path: string) => {
  if (path !== "ex.ts") throw new Error(`unexpected ${path}`)
  return source
}
const page = (body: string) => ["# Page", "", "<!-- snippet: ex.ts#body -->", "```ts", body, "```", "after"].join("\n")

describe("docs snippets", () => {
  it("copies the region, its common indentation removed, into the block under the marker", () => {
    const rendered = Snippets.render(page("stale text"), read)
    expect(rendered).toBe(page("export const answer = Effect.succeed(42)\n\n  .pipe(Effect.asVoid)"))
    // Rendering is a fixed point: a page in sync is left as it is (docs:check passes).
    expect(Snippets.render(rendered, read)).toBe(rendered)
  })
  it("a block that differs from its region by one character is rewritten (docs:check fails)", () => {
    const synced = Snippets.render(page(""), read)
    const drifted = synced.replace("42", "43")
    expect(drifted).not.toBe(synced)
    expect(Snippets.render(drifted, read)).toBe(synced)
  })
  it("unmarked blocks are left alone; markers are listed", () => {
    const text = "```ts\nconst y = 2\n```\n" + page("")
    expect(Snippets.render(text, read).startsWith("```ts\nconst y = 2\n```\n")).toBe(true)
    expect(Snippets.markers(text)).toEqual(["ex.ts#body"])
  })
  it("a missing region, a marker without a block, or an unclosed block fails", () => {
    expect(() => Snippets.render("<!-- snippet: ex.ts#nope -->\n```ts\n```", read)).toThrow("no \"// #region nope\"")
    expect(() => Snippets.render("<!-- snippet: ex.ts#body -->\ntext", read, "p.md")).toThrow(
      "p.md:1: a snippet marker must be followed by a fenced code block"
    )
    expect(() => Snippets.render("<!-- snippet: ex.ts#body -->\n```ts\nx", read, "p.md")).toThrow("not closed")
  })
})

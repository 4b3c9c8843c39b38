/**
 * The paging line of list operations' doc comments (streamDocs.ts): written from the declaration,
 * replaced when the declaration changes, and in every source as `pnpm docs` writes it.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Catalog from "../src/catalog.js"
import * as StreamDocs from "../src/streamDocs.js"

const fills = Catalog.entries().find((e) => e.endpoint.name === "spot.trade.fills")!

describe("list operations' paging line", () => {
  it("states the cursor, the largest page and the window of the declaration", () => {
    expect(StreamDocs.line(fills)).toBe(
      "Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `tradeId`; at most 100 a page (`limit`, 100 when " +
        "omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by " +
        "window; the exchange keeps the last 90d, `.items` refuses an older `startTime`."
    )
    const place = Catalog.entries().find((e) => e.endpoint.name === "spot.trade.placeOrder")!
    expect(StreamDocs.line(place)).toBeUndefined()
  })

  it("says the default page size and the history depth only where the declaration states them", () => {
    const bills = Catalog.entries().find((e) => e.endpoint.name === "spot.account.bills")!
    expect(StreamDocs.line(bills)).toContain("at most 500 a page (`limit`, 100 when omitted)")
    expect(StreamDocs.line(bills)).not.toContain("keeps")
    const noDefault = Catalog.entries().find((e) => e.endpoint.name === "spot.account.subaccountAssets")!
    expect(StreamDocs.line(noDefault)).toContain("at most 50 a page (`limit`).")
  })

  it("is added to a one-line comment, replaced when it differs, kept when it is right", () => {
    const source = "/** `GET /a`: rows. */\nexport const a = 1\n/** other */\nexport const b = 2\n"
    const once = StreamDocs.rewrite(source, new Map([["a", "Streams (`.pages`, `.items`): at most 100 a page."]]))
    expect(once).toBe(
      "/**\n * `GET /a`: rows.\n * Streams (`.pages`, `.items`): at most 100 a page.\n */\nexport const a = 1\n" +
        "/** other */\nexport const b = 2\n"
    )
    expect(StreamDocs.rewrite(once, new Map([["a", "Streams (`.pages`, `.items`): at most 100 a page."]]))).toBe(once)
    const changed = StreamDocs.rewrite(once, new Map([["a", "Streams (`.pages`, `.items`): at most 50 a page."]]))
    expect(changed).toBe(once.replace("100", "50"))
    // The hover's paragraph for the reference leaves the generated line out.
    expect(Catalog.docText(changed.split("\nexport")[0]!)).toBe("`GET /a`: rows.")
  })

  it("a long line is wrapped within 120 characters and replaced whole", () => {
    const long = `Streams (\`.pages\`, \`.items\`): ${"word ".repeat(40).trim()}.`
    const once = StreamDocs.rewrite("/** x */\nexport const a = 1\n", new Map([["a", long]]))
    expect(once.split("\n").every((l) => l.length <= 120)).toBe(true)
    expect(once.split("\n").length).toBeGreaterThan(4)
    expect(StreamDocs.rewrite(once, new Map([["a", "Streams (`.pages`, `.items`): short."]]))).toBe(
      "/**\n * x\n * Streams (`.pages`, `.items`): short.\n */\nexport const a = 1\n"
    )
  })

  it("every list operation's source says what its declaration says (as pnpm docs wrote it)", () => {
    const outputs = StreamDocs.outputs()
    expect(outputs.length).toBeGreaterThan(10)
    const stale = outputs.filter(([file, , text]) => Fs.readFileSync(file, "utf8") !== text).map(([, name]) => name)
    expect(stale).toEqual([])
    const lists = Catalog.entries().filter((e) => e.endpoint.pagination !== undefined)
    const missing = lists.filter((e) => !Fs.readFileSync(e.file!, "utf8").includes(`export const ${e.fn} =`))
    expect(missing).toEqual([])
  })
})

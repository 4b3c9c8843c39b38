/**
 * Code blocks of the docs copied from the example files the guide tests run, so a page cannot drift
 * from what CI compiles and runs. In a page, a marker line right above a fenced block names the
 * file and the region:
 *
 *     <!-- snippet: packages/spot/examples/beyond.ts#cancelReplace -->
 *     ```ts
 *     …
 *     ```
 *
 * and the example file holds the region between `// #region cancelReplace` and `// #endregion`.
 * `pnpm docs` rewrites each marked block from its region; `pnpm docs:check` fails when a page's
 * block differs from its region (see reference.ts). Unmarked blocks are left alone.
 */

const marker = /^<!-- snippet: (\S+)#([\w-]+) -->$/

/** The lines of `// #region name` … `// #endregion` in `source`, the common indentation removed. */
export const region = (source: string, name: string, file = "the example file"): string => {
  const lines = source.split("\n")
  const start = lines.findIndex((line) => line.trim() === `// #region ${name}`)
  if (start === -1) throw new Error(`${file}: no "// #region ${name}"`)
  const end = lines.findIndex((line, i) => i > start && line.trim().startsWith("// #endregion"))
  if (end === -1) throw new Error(`${file}: region ${name} has no "// #endregion"`)
  const body = lines.slice(start + 1, end)
  const indent = Math.min(
    ...body.filter((line) => line.trim() !== "").map((line) => line.length - line.trimStart().length)
  )
  return body.map((line) => line.slice(Number.isFinite(indent) ? indent : 0)).join("\n")
}

/**
 * `markdown` with every marked block replaced by its region; `read` gives a file's text by its
 * path from the repository's root. Throws when a marker is not followed by a fenced block, or
 * names a region that does not exist.
 */
export const render = (markdown: string, read: (path: string) => string, page = "the page"): string => {
  const lines = markdown.split("\n")
  const out: Array<string> = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    out.push(line)
    const match = marker.exec(line)
    if (match === null) continue
    const [, file, name] = match
    const open = lines[i + 1]
    if (open === undefined || !open.startsWith("```")) {
      throw new Error(`${page}:${i + 1}: a snippet marker must be followed by a fenced code block`)
    }
    let close = i + 2
    while (close < lines.length && lines[close] !== "```") close++
    if (close === lines.length) throw new Error(`${page}:${i + 2}: the code block is not closed`)
    out.push(open, region(read(file!), name!, file), "```")
    i = close
  }
  return out.join("\n")
}

/** The `file#region` names a page's markers point at. */
export const markers = (markdown: string): ReadonlyArray<string> =>
  markdown.split("\n").flatMap((line) => {
    const match = marker.exec(line)
    return match === null ? [] : [`${match[1]}#${match[2]}`]
  })

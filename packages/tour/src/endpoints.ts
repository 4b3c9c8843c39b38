/**
 * `pnpm endpoints [filter …]`: every declared endpoint, one a line, read from the declarations
 * and the doc comments of their operations (never from a kept list). Each line starts with
 * `METHOD /api/v2/path` (tools such as check-coverage read just that), then the import, signed or
 * public, the rate limit and its key, whether it has `.pages`/`.items`, and the doc text. Words
 * given filter the lines (each must appear, case-insensitively): `pnpm endpoints /spot/trade`,
 * `pnpm endpoints plan cancel`.
 */
import * as Catalog from "./catalog.js"

const lines = Catalog.listing(process.argv.slice(2))
process.stdout.write(lines.length === 0 ? "" : lines.join("\n") + "\n")

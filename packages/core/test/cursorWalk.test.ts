/**
 * Every id cursor of every line walked on data where a wrong field gives a different walk (issue
 * 25 §3: a history that fed an order's id back as its cursor instead of the fill's still streamed
 * every row, because the test data ordered both ids the same way).
 *
 * The facts are written here from Bitget's pages, not read from the declarations (a declaration
 * with the wrong field would agree with itself): for each list, the request parameter carrying the
 * cursor, where its next value comes from (the last row's id, or a key of `data` such as `endId`),
 * and the rows' own id. The declarations of every line are walked for id cursors, so a new one
 * without an entry here fails.
 *
 * Each list is served by the hostile server from rows built from its own schema, six of them,
 * one a page: the documented id goes down row by row, every other id-like field of the row
 * (`orderId` on a fill, `clientOid`, `traderId`, …) runs in another order with one value on two
 * neighbouring rows (several fills of one order), and no value of one field equals a value of
 * another. The server pages by the parameter and the id named here (`id < cursor`), so a walk
 * that sends another field's value, or the value under another name, or reads the next cursor
 * from another key, gets other rows. Each list is walked twice: by an exclusive server, and by an
 * inclusive one that starts each page with the row the cursor names (as some of Bitget's lists do:
 * see `hostile/inclusive.ts`), which the client passes over only when the declaration names the
 * rows' real id. Both walks must yield every row once, in order, and send the expected cursor.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import type * as Endpoint from "@effect-bitget/core/Endpoint"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Operation from "@effect-bitget/core/Operation"
import * as Transport from "@effect-bitget/core/Transport"
import { Registry } from "@effect-bitget/simulator"
import * as Generate from "@effect-bitget/simulator/Generate"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import * as Stream from "effect/Stream"
import { documented } from "./cursorFacts.js"
import * as Hostile from "./hostile/Hostile.js"

type Row = Record<string, unknown>

/** Rows served for each list: enough for the id orders to disagree, one a page. */
const ROWS = 6

/** Every field of a row that names something (an id of its own or of a parent), by its name. */
const ID_LIKE = /^(id|uid|cursor|address|apiKey)$|Id$|Uid$|No$|Oid$/

const BASE = 1_100_000_000_000_000_000n

/**
 * The slots of another id field, newest row first: not in the rows' order, one value twice on
 * neighbouring rows. Each field takes them rotated by its rank, offset by the rank, so no value
 * of one field is a value of another (nor of the documented id, whose slots are 6, 5, …, 1).
 */
const OTHER_SLOTS = [2, 6, 6, 1, 5, 3]

const unwrap = (ast: AST.AST): AST.AST => {
  switch (ast._tag) {
    case "Transformation":
      return unwrap(ast.to)
    case "Refinement":
      return unwrap(ast.from)
    case "Suspend":
      return unwrap(ast.f())
    case "Declaration":
      return ast.typeParameters.length > 0 ? unwrap(ast.typeParameters[0]!) : ast
    default:
      return ast
  }
}

const fieldsOf = (schema: Schema.Schema.Any): ReadonlyArray<string> => {
  const ast = unwrap(schema.ast)
  return ast._tag === "TypeLiteral" ? ast.propertySignatures.map((p) => String(p.name)) : []
}

interface Served {
  /** The wire rows, newest first. */
  readonly rows: ReadonlyArray<Row>
  /** Each row's place, as the documented id's value (the cursor the server hands out and reads). */
  readonly tokens: ReadonlyArray<string>
  /** The wire `data` around the rows (the keys beside `list`), when `data` is an object. */
  readonly shell: Row | undefined
  /** The id-like fields varied (for the report). */
  readonly varied: ReadonlyArray<string>
}

/** Schema-valid rows for `endpoint` whose id fields are set as described above. */
const build = (endpoint: Endpoint.Endpoint.Any, id: string | null): Served => {
  const pagination = endpoint.pagination!
  const seed = Generate.seedOf(endpoint.name)
  const rowSchema = Generate.rowSchema(endpoint.data, pagination.list)
  const decodedRows = Generate.sample(rowSchema, seed, ROWS, { plausible: true })
  const decoded = pagination.list === undefined
    ? decodedRows
    : { ...(Generate.one(endpoint.data as Schema.Schema<any>, seed + 1) as Row), [pagination.list]: decodedRows }
  const encoded = Schema.encodeSync(endpoint.data as Schema.Schema<unknown, unknown>)(decoded) as Row | Array<Row>
  const rows = (pagination.list === undefined ? encoded : (encoded as Row)[pagination.list]) as Array<Row>
  const shell = pagination.list === undefined ? undefined : { ...(encoded as Row) }
  if (shell !== undefined) delete shell[pagination.list!]
  const tokens = rows.map((_, i) => String(BASE + BigInt((ROWS - i) * 10)))
  const others = fieldsOf(rowSchema).filter((name) => ID_LIKE.test(name) && name !== id)
  rows.forEach((row, i) => {
    if (id !== null) row[id] = typeof row[id] === "number" ? (ROWS - i) * 10 : tokens[i]
    others.forEach((name, k) => {
      const slot = OTHER_SLOTS[(i + k + 1) % ROWS]!
      row[name] = typeof row[name] === "number"
        ? slot * 10 + k + 1
        : String(BASE + BigInt(slot * 10 + k + 1))
    })
  })
  return { rows, tokens, shell, varied: others }
}

const ok = (data: unknown): Hostile.Answer => ({
  status: 200,
  body: JSON.stringify({ code: "00000", msg: "success", requestTime: Date.now(), data })
})

/**
 * An exchange paging `served` as the entry documents it: rows whose id is below the cursor (when
 * `inclusive`, after the row the cursor names), the next cursor in `data[from]` or the last row's id.
 */
const exchange = (
  entry: { readonly param: string; readonly from: string; readonly id: string | null },
  list: string | undefined,
  limitParam: string,
  served: Served,
  inclusive: boolean
) =>
(request: Hostile.Received): Hostile.Answer => {
  const limit = Number(request.query.get(limitParam) ?? 100)
  const at = request.query.get(entry.param)
  let from = 0
  if (at !== null) {
    if (!/^\d+$/.test(at)) {
      return { status: 400, body: JSON.stringify({ code: "40034", msg: `Parameter ${entry.param} error` }) }
    }
    const cursor = BigInt(at)
    from = served.tokens.findIndex((token) => BigInt(token) < cursor)
    if (from === -1) from = served.rows.length
  }
  const rows = served.rows.slice(from, from + limit)
  // Inclusive: the row the cursor names first, then the page (as hostile/inclusive.ts serves it).
  const named = at === null ? -1 : served.tokens.indexOf(at)
  const page = inclusive && named !== -1 && rows.length > 0 ? [served.rows[named]!, ...rows] : rows
  if (list === undefined) return ok(page)
  const data: Row = { ...served.shell, [list]: page }
  if (entry.from !== "row") {
    if (rows.length === 0) delete data[entry.from]
    else data[entry.from] = served.tokens[from + rows.length - 1]
  }
  return ok(data)
}

const isIdCursor = (endpoint: Endpoint.Endpoint.Any) =>
  endpoint.pagination !== undefined &&
  (endpoint.pagination.cursor._tag === "LastRow" || endpoint.pagination.cursor._tag === "Field")

const declared = Registry.endpoints.filter(isIdCursor)

/** The decoded rows of the whole list, as the client should stream them. */
const expectedRows = (endpoint: Endpoint.Endpoint.Any, served: Served): ReadonlyArray<unknown> => {
  const list = endpoint.pagination!.list
  const data = list === undefined ? served.rows : { ...served.shell, [list]: served.rows }
  const decoded = Schema.decodeUnknownSync(endpoint.data as Schema.Schema<unknown, unknown>)(data)
  return (list === undefined ? decoded : (decoded as Row)[list]) as ReadonlyArray<unknown>
}

describe("id cursors walked on data where a wrong field gives a different walk", () => {
  it("every id-cursor list of every line has its cursor written here, and no entry is stale", () => {
    expect(declared.map((endpoint) => endpoint.name).sort()).toEqual(Object.keys(documented).sort())
  })

  it.scopedLive(
    "each walks every row once, in order, sending the documented cursor (exclusive and inclusive)",
    () =>
      Effect.gen(function*() {
        const hostile = yield* Hostile.make()
        let answer: (request: Hostile.Received) => Hostile.Answer = () => ok(null)
        hostile.otherwise(() => ({ _tag: "Handle", answer: (request) => answer(request) }))
        // No client-side limiter: a few lists allow one call a second.
        const built = yield* Layer.build(
          BitgetClient.layer.pipe(
            Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, Transport.layerUndici)),
            Layer.provide(BitgetConfig.layer({ baseUrl: hostile.url, credentials: Hostile.anyCredentials }))
          )
        )
        const client = Context.get(built, BitgetClient.BitgetClient)
        const now = Date.now()
        const failures: Array<string> = []
        let walked = 0
        for (const endpoint of declared) {
          const entry = documented[endpoint.name]
          if (entry === undefined) continue
          const pagination = endpoint.pagination!
          const served = build(endpoint, entry.id)
          const expected = expectedRows(endpoint, served)
          // The data tells the fields apart: each other id field repeats a value and is out of the rows' order.
          for (const name of served.varied) {
            const values = served.rows.map((row) => String(row[name]))
            expect([endpoint.name, name, new Set(values).size < values.length]).toEqual([endpoint.name, name, true])
          }
          const request = {
            ...entry.request?.(now),
            [pagination.limit.param]: 1
          }
          for (const inclusive of [false, true]) {
            // Rows without an id of their own cannot be told from the one a cursor names.
            if (inclusive && entry.id === null) continue
            answer = exchange(entry, pagination.list, pagination.limit.param, served, inclusive)
            const before = hostile.received.length
            const result = yield* Stream.runCollect(Operation.make(endpoint as any).items(request as never)).pipe(
              Effect.map(Chunk.toReadonlyArray),
              Effect.either,
              Effect.provideService(BitgetClient.BitgetClient, client)
            )
            const mode = `${endpoint.name} (${inclusive ? "inclusive" : "exclusive"})`
            const sent = hostile.received.slice(before).map((received) => received.query.get(entry.param))
            // One request per row, then the empty page that ends the walk.
            const cursors = [null, ...served.tokens]
            if (Either.isLeft(result)) {
              failures.push(`${mode}: ${String((result.left as { message?: string }).message ?? result.left)}`)
              continue
            }
            if (JSON.stringify(sent) !== JSON.stringify(cursors)) {
              failures.push(`${mode}: sent ${entry.param} ${JSON.stringify(sent)}, expected ${JSON.stringify(cursors)}`)
            }
            const rows = result.right
            if (entry.id !== null) {
              const ids = rows.map((row) => String((row as Row)[entry.id!]))
              if (JSON.stringify(ids) !== JSON.stringify(served.tokens)) {
                failures.push(`${mode}: rows ${JSON.stringify(ids)}, expected ${JSON.stringify(served.tokens)}`)
              }
            }
            if (rows.length !== expected.length) {
              failures.push(`${mode}: ${rows.length} rows, expected ${expected.length}`)
            } else expect([mode, rows]).toEqual([mode, expected])
            walked++
          }
        }
        expect(failures).toEqual([])
        // Both walks of every list with a row id, one of the others.
        const idless = Object.values(documented).filter((entry) => entry.id === null).length
        expect(walked).toBe(declared.length * 2 - idless)
      }),
    // About 1,350 loopback requests: seconds on an idle machine, 20 s when two cores are shared by many.
    120_000
  )
})

/**
 * Where this library's per-request time goes: the client's execute path rebuilt here with one
 * piece changed at a time (span, the platform's own http span, the redaction FiberRef, the
 * Effect-returning value declarations), each measured in CPU µs per request against the canned
 * server at concurrency 1, interleaved over rounds. Nothing here is used by `pnpm bench`; it
 * backs the suggestions in FINDINGS.md with numbers. The rebuilt path decodes with
 * `Schema.decodeUnknown`, not the client's compiled decoder: compare its lines with each other,
 * and with the shipped line only for case 1 (where decoding is negligible).
 * Usage: `tsx src/tools/experiments.ts [rounds] [millis]`
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import { Decimal } from "@effect-bitget/core/Decimal"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Envelope from "@effect-bitget/core/Envelope"
import { YesNo } from "@effect-bitget/core/Flag"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { check } from "@effect-bitget/core/internal/checks"
import { queryString } from "@effect-bitget/core/internal/wire"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Account from "@effect-bitget/spot/Account"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Headers from "@effect/platform/Headers"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import * as Undici from "undici"
import * as Ours from "../internal/ours.js"
import * as Spawn from "../internal/spawn.js"
import { median, withCpu } from "../internal/stats.js"
import { DecimalEither, TimestampEither, YesNoEither } from "../internal/variants.js"

const rounds = Number(process.argv[2] ?? 3)
const millis = Number(process.argv[3] ?? 1500)

/**
 * The data schema with Either declarations, and every Class replaced by a Struct of its fields
 * (a Class validates its decoded fields once more, running each declaration twice).
 */
const lean = (ast: AST.AST): AST.AST => {
  if (ast === Decimal.ast) return DecimalEither.ast
  if (ast === Timestamp.ast) return TimestampEither.ast
  if (ast === YesNo.ast) return YesNoEither.ast
  switch (ast._tag) {
    case "TypeLiteral":
      return new AST.TypeLiteral(
        ast.propertySignatures.map((p) =>
          new AST.PropertySignature(p.name, lean(p.type), p.isOptional, p.isReadonly, p.annotations)
        ),
        ast.indexSignatures,
        ast.annotations
      )
    case "TupleType":
      return new AST.TupleType(
        ast.elements.map((e) => new AST.OptionalType(lean(e.type), e.isOptional, e.annotations)),
        ast.rest.map((r) => new AST.Type(lean(r.type), r.annotations)),
        ast.isReadonly,
        ast.annotations
      )
    case "Union":
      return AST.Union.make(ast.types.map(lean), ast.annotations)
    case "Transformation":
      // A Class: its encoded side is the struct of fields; decode to that struct instead.
      if (ast.to._tag === "Declaration" && ast.from._tag === "TypeLiteral") return lean(ast.from)
      return new AST.Transformation(lean(ast.from), lean(ast.to), ast.transformation, ast.annotations)
    case "Refinement":
      return new AST.Refinement(lean(ast.from), ast.filter, ast.annotations)
    default:
      return ast
  }
}

interface Toggles {
  readonly span: boolean
  readonly httpSpan: boolean
  readonly redaction: boolean
  readonly leanDecode: boolean
  /** Encode the request with its Schema and wrap the attempt in the client's retry `catchAll`. */
  readonly encodeAndRetry?: boolean
  /** Send with `undici.request` inside `Effect.tryPromise` instead of the platform HttpClient. */
  readonly directUndici?: boolean
}

const baseHeaders = { "Content-Type": "application/json", locale: "en-US" }

/** The client's execute path for a signed GET, with pieces toggled. */
const makeExecute = (http: HttpClient.HttpClient, baseUrl: string, toggles: Toggles) => {
  const client = toggles.httpSpan
    ? http.pipe(HttpClient.withTracerPropagation(false))
    : http.pipe(HttpClient.withTracerPropagation(false), HttpClient.withTracerDisabledWhen(() => true))
  const agent = new Undici.Agent()
  const decoders = new Map<Endpoint.Any, (u: unknown) => Effect.Effect<unknown, ParseResult.ParseError>>()
  const decoderOf = (endpoint: Endpoint.Any) => {
    let decode = decoders.get(endpoint)
    if (decode === undefined) {
      decode = toggles.leanDecode
        ? Schema.decodeUnknown(Schema.make(lean(endpoint.data.ast)))
        : Schema.decodeUnknown(endpoint.data)
      decoders.set(endpoint, decode)
    }
    return decode
  }
  return (endpoint: Endpoint.Any, request: Record<string, unknown>) => {
    const decode = decoderOf(endpoint)
    // Built per call, as the client does: checks, query, signature, request.
    let effect: Effect.Effect<unknown, unknown> = Effect.suspend((): Effect.Effect<unknown, unknown> => {
      const problem = check(endpoint, request)
      if (problem !== undefined) return Effect.die(problem)
      const query = queryString(request)
      const timestamp = String(Date.now())
      const headers = {
        ...baseHeaders,
        "ACCESS-KEY": Ours.credentials.apiKey,
        "ACCESS-SIGN": HttpSigner.hmac(Ours.credentials.secret, {
          timestamp,
          method: "GET",
          path: endpoint.path,
          query,
          body: ""
        }),
        "ACCESS-TIMESTAMP": timestamp,
        "ACCESS-PASSPHRASE": Ours.credentials.passphrase
      }
      const url = baseUrl + endpoint.path + (query === "" ? "" : "?" + query)
      if (toggles.directUndici) {
        return Effect.tryPromise(async () => {
          const response = await Undici.request(url, { headers, dispatcher: agent })
          return { status: response.statusCode, text: await response.body.text() }
        }).pipe(Effect.flatMap(({ status, text }): Effect.Effect<unknown, unknown> => {
          const envelope = Envelope.parse(endpoint.name, status, text)
          if (envelope._tag === "Left") return Effect.fail(envelope.left)
          if (envelope.right.code !== Envelope.SUCCESS) {
            return Effect.fail(Envelope.toError(endpoint.name, status, envelope.right))
          }
          return decode(envelope.right.data)
        }))
      }
      return client.execute(HttpClientRequest.get(url, { headers })).pipe(
        Effect.flatMap((response) =>
          Effect.flatMap(response.text, (text): Effect.Effect<unknown, unknown> => {
            const envelope = Envelope.parse(endpoint.name, response.status, text)
            if (envelope._tag === "Left") return Effect.fail(envelope.left)
            if (envelope.right.code !== Envelope.SUCCESS) {
              return Effect.fail(Envelope.toError(endpoint.name, response.status, envelope.right))
            }
            return decode(envelope.right.data)
          })
        )
      )
    })
    if (toggles.encodeAndRetry) {
      const encode = Schema.encodeUnknown(endpoint.request, { errors: "all" })
      const attempt = effect
      effect = Effect.flatMap(encode(request), () =>
        Effect.gen(function*() {
          return yield* attempt
        }).pipe(Effect.catchAll((error) => Effect.fail(error))))
    }
    if (toggles.redaction) {
      effect = Effect.locallyWith(
        effect,
        Headers.currentRedactedNames,
        (names) => [...names, ...BitgetClient.redactedHeaders]
      )
    }
    if (toggles.span) {
      effect = Effect.withSpan(effect, `bitget.${endpoint.name}`, {
        kind: "client",
        attributes: { "bitget.method": endpoint.method, "bitget.path": endpoint.path }
      })
    }
    return effect
  }
}

const server = await Spawn.startServer()
const runtime = ManagedRuntime.make(
  Layer.merge(Ours.layer(server.baseUrl, Ours.recommended, "none"), Ours.httpClients.undici)
)
const http = await runtime.runPromise(HttpClient.HttpClient)

const all: Toggles = { span: true, httpSpan: true, redaction: true, leanDecode: false }
const variants: ReadonlyArray<
  { readonly name: string; readonly call: (which: "assets" | "fills") => Effect.Effect<unknown, unknown, any> }
> = [
  {
    name: "library as shipped (Account.assets / Trade.fills)",
    call: (which) => which === "assets" ? Account.assets() : Trade.fills({ symbol: "BTCUSDT" })
  },
  ...([
    ["rebuilt path, same pieces", all],
    ["  without the bitget span", { ...all, span: false }],
    ["  without the platform's http.client span", { ...all, httpSpan: false }],
    ["  without the redaction FiberRef", { ...all, redaction: false }],
    ["  with Either declarations, Structs not Classes", { ...all, leanDecode: true }],
    ["  one bitget span only + lean decode", { span: true, httpSpan: false, redaction: true, leanDecode: true }],
    ["  no span, no redaction, lean decode", { span: false, httpSpan: false, redaction: false, leanDecode: true }],
    ["  + request encode and retry wrapper", { ...all, encodeAndRetry: true }],
    ["  sent by undici.request directly (no platform HttpClient)", { ...all, directUndici: true }],
    ["  undici directly, one span, lean decode", {
      span: true,
      httpSpan: false,
      redaction: false,
      leanDecode: true,
      directUndici: true
    }]
  ] as const).map(([name, toggles]) => {
    const execute = makeExecute(http, server.baseUrl, toggles)
    return {
      name,
      call: (which: "assets" | "fills") =>
        which === "assets"
          ? execute(Account.AccountAssets, {})
          : execute(Trade.Fills, { symbol: "BTCUSDT" })
    }
  })
]

const loop = (effect: Effect.Effect<unknown, unknown, any>, ms: number) =>
  Effect.suspend(() => {
    const end = performance.now() + ms
    let count = 0
    return Effect.as(
      Effect.whileLoop({ while: () => performance.now() < end, body: () => effect, step: () => void count++ }),
      undefined
    ).pipe(Effect.map(() => count))
  })

for (const which of ["assets", "fills"] as const) {
  const samples = variants.map(() => [] as Array<number>)
  for (const v of variants) await runtime.runPromise(loop(v.call(which), 300))
  for (let round = 0; round < rounds; round++) {
    for (const [i, v] of variants.entries()) {
      const { cpuMicros, value } = await withCpu(() => runtime.runPromise(loop(v.call(which), millis)))
      samples[i]!.push(cpuMicros / value)
    }
  }
  console.log(
    `\n${which === "assets" ? "case 1 (1 row)" : "case 2 (100 rows)"}: CPU µs per request, c=1, median of ${rounds}`
  )
  for (const [i, v] of variants.entries()) console.log(`${median(samples[i]!).toFixed(0).padStart(7)}  ${v.name}`)
}
await runtime.dispose()
server.close()

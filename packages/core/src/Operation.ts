/**
 * The typed function users call, derived from a declaration: `Spot.placeOrder(request)` is an
 * `Effect` that needs a `BitgetClient`. A list endpoint's operation also has `pages(request)`
 * and `items(request)` Streams that walk the whole history by the endpoint's cursor and window.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { BitgetClient } from "./BitgetClient.js"
import * as Errors from "./BitgetError.js"
import type { Endpoint } from "./Endpoint.js"
import * as Paginate from "./internal/paginate.js"
import * as Lazy from "./Lazy.js"
import * as Metrics from "./Metrics.js"

/**
 * `R` with every key the endpoint does not declare mapped to `never`: a request built by a spread
 * (`{ ...btc, orderId }`) is an object whose extra keys TypeScript's excess-property check never
 * sees; this makes them compile errors too (the client still refuses them at run time). Only the
 * request's own keys are checked this way; nested objects keep TypeScript's usual check. `& Req`
 * changes no type (`R` extends it) but makes the editor find a written field in the declared
 * request, so the field's doc comment shows at the call site (packages/tour/test/hovers.test.ts).
 */
export type Exact<Req, R> = R extends ReadonlyArray<any> ? R // a batch endpoint's array body
  : R & Req & { readonly [K in Exclude<keyof R, keyof Req>]: never }

type Call<Req, A> = {} extends Req ? <R extends Req = Req>(request?: Exact<Req, R>) => A
  : <R extends Req>(request: Exact<Req, R>) => A

/**
 * A call of one endpoint. `E` names what it can fail with (derived from the declaration: common
 * errors, signed ones when signed, the families the endpoint documents), so `catchTag` on an
 * error the endpoint cannot give does not compile.
 */
export type Operation<Req, Data, E = Errors.BitgetError> = Call<Req, Effect.Effect<Data, E, BitgetClient>> & {
  readonly endpoint: Endpoint<Req, Data, never, E>
}

export type ListOperation<Req, Data, Item, E = Errors.BitgetError> =
  & Call<Req, Effect.Effect<Data, E, BitgetClient>>
  & {
    readonly endpoint: Endpoint<Req, Data, Item, E>
    /** Every page of data: the endpoint's largest page size, cursor fed back, windows walked. */
    readonly pages: Call<Req, Stream.Stream<Data, E, BitgetClient>>
    /** Every row of every page, newest first. */
    readonly items: Call<Req, Stream.Stream<Item, E, BitgetClient>>
  }

const exchangeFamilies: ReadonlySet<string> = new Set<Errors.ErrorFamily>(
  [
    "AuthenticationError",
    "TimestampError",
    "PermissionError",
    "RateLimitError",
    "InsufficientBalance",
    "OrderNotFound",
    "DuplicateClientOid",
    "InvalidParameter",
    "DemoMismatch",
    "ServiceUnavailable",
    "ExchangeError"
  ] satisfies ReadonlyArray<Errors.ErrorFamily>
)

/**
 * Keeps an error within the endpoint's declared families: an exchange answer classified into a
 * family the endpoint does not declare (a balance error from a market endpoint) reaches the
 * caller as `ExchangeError` with the same code, message and status.
 */
const narrow = (endpoint: Endpoint.Any) => {
  const allowed: ReadonlySet<string> = new Set(endpoint.errors)
  return (error: Errors.BitgetError): Errors.BitgetError =>
    exchangeFamilies.has(error._tag) && !allowed.has(error._tag) && "code" in error
      ? new Errors.ExchangeError({ endpoint: error.endpoint, code: error.code, msg: error.msg, status: error.status })
      : error
}

/** The operation of a declaration. */
export function make<Req, Data, Item, E>(
  endpoint: Endpoint<Req, Data, Item, E>
): [Item] extends [never] ? Operation<Req, Data, E> : ListOperation<Req, Data, Item, E>
export function make(declared: Endpoint.Any): any {
  // A lazy declaration (built on first use) makes a lazy operation: importing builds neither.
  if (Lazy.isPending(declared)) return Lazy.schema(() => build(declared))
  return build(declared)
}

const build = (declared: Endpoint.Any) => {
  // `endpoint` stays the declared value (what users compare and the registry holds); the calls
  // read the built one, with no proxy between them and its fields.
  const endpoint = Lazy.unwrap(declared)
  const keep = narrow(endpoint)
  // `catchAll`, not `mapError`: a success passes it without a step (most calls succeed).
  const execute = (request: unknown) =>
    Effect.catchAll(
      Effect.flatMap(BitgetClient, (client) => client.execute(endpoint, request ?? {})),
      (error) => Effect.fail(keep(error))
    )
  const call = (request?: unknown) => execute(request)
  if (endpoint.pagination === undefined) return Object.assign(call, { endpoint: declared })
  const now = Clock.currentTimeMillis
  // `bitget.stream.rows`, counted a page at a time (never a step per row) by the walk itself,
  // when the client records metrics: read once as the stream starts, with no stream step of its own.
  const count = Effect.map(
    BitgetClient,
    (client) => client.metrics ? (rows: number) => Metrics.unsafeRows(endpoint.name, rows) : undefined
  )
  // C23: a request that is not an object is refused as the single call refuses it (nothing sent).
  const object = (request: unknown): request is Record<string, unknown> =>
    typeof request === "object" && request !== null && !Array.isArray(request)
  return Object.assign(call, {
    endpoint: declared,
    pages: (request?: unknown) =>
      !object(request ?? {}) ?
        Stream.fromEffect(execute(request)) :
        Paginate.pages(endpoint, (request ?? {}) as Record<string, unknown>, execute, now, undefined, count),
    items: (request?: unknown) =>
      !object(request ?? {}) ?
        Stream.fromEffect(execute(request)) :
        Paginate.items(endpoint, (request ?? {}) as Record<string, unknown>, execute, now, count)
  })
}

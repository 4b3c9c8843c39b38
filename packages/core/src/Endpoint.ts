/**
 * An endpoint, declared once as data: method, path, signed or public, rate limit, request and
 * data schemas, the error families it documents and, for lists, its pagination rule. The typed
 * call (and its error type), its Streams, the limiter's bucket, the simulator's route and the
 * endpoint list are all derived from this declaration; its text is the doc comment on the
 * exported operation (see docs/conventions.md).
 */
import * as Schema from "effect/Schema"
import * as Errors from "./BitgetError.js"
import type { Pagination } from "./Pagination.js"
import type { Placement } from "./Placement.js"
import type { RateLimit } from "./RateLimit.js"

export type Method = "GET" | "POST"

/** The encoded request: a query string's values, or a JSON body. */
export type WireRequest = { readonly [key: string]: unknown }

/**
 * `Err` is what a call can fail with, derived from the declaration: `CommonError`, plus
 * `SignedError` when signed, plus the families it lists in `errors`.
 */
export interface Endpoint<Req, Data, Item = never, Err = Errors.BitgetError> {
  /**
   * The operation's import path, `<line>.<module>.<function>`: `spot.trade.placeOrder` is
   * `Trade.placeOrder` of `@effect-bitget/spot` (the module's name with a lower-case first letter).
   * It names the span and the errors. The endpoint's text is the doc comment on that operation.
   */
  readonly name: string
  readonly method: Method
  readonly path: string
  /** Whether the request carries `ACCESS-*` headers. */
  readonly signed: boolean
  readonly rateLimit: RateLimit
  readonly request: Schema.Schema<Req, any>
  readonly data: Schema.Schema<Data, any>
  readonly pagination: Pagination | undefined
  /** For order placements: how the fate of an order whose answer was lost is learned. */
  readonly placement?: Placement | undefined
  /**
   * The exchange families an answer may be classified into for this endpoint (common, signed,
   * documented); any other family reaches the caller as `ExchangeError`, so the type holds.
   */
  readonly errors: ReadonlyArray<Errors.ErrorFamily>
  /** Marker for the row type of a list endpoint. */
  readonly _Item?: (_: never) => Item
  /** Marker for the error type of a call. */
  readonly _Error?: (_: never) => Err
}

export declare namespace Endpoint {
  /** Any endpoint, whatever its types. */
  export type Any = Endpoint<any, any, any, any>
  export type Request<E> = E extends Endpoint<infer R, any, any, any> ? R : never
  export type Data<E> = E extends Endpoint<any, infer D, any, any> ? D : never
  export type Item<E> = E extends Endpoint<any, any, infer I, any> ? I : never
  export type Error<E> = E extends Endpoint<any, any, any, infer Err> ? Err : never
}

/** The rows of a list endpoint's data: `data[list]`, or `data` itself when it is the array. */
export type Rows<Data, L> = [L] extends [string]
  ? L extends keyof Data ? NonNullable<Data[L]> extends ReadonlyArray<infer I> ? I : never : never
  : Data extends ReadonlyArray<infer I> ? I
  : never

interface Options<Req, Data, Signed extends boolean, Tag> {
  readonly name: string
  readonly signed: Signed
  readonly rateLimit: RateLimit
  readonly request: Schema.Schema<Req, any>
  readonly data: Schema.Schema<Data, any>
  /** For order placements: see `Placement`. */
  readonly placement?: Placement
  /**
   * The families beyond the common (and signed) ones that the endpoint's documentation gives:
   * `OrderNotFound` on a read; `InsufficientBalance`, `OrderNotFound`, `DuplicateClientOid` on a
   * write. They become part of the operation's error type.
   */
  readonly errors?: ReadonlyArray<Tag>
}

const make = <Req, Data, Item, Err>(
  method: Method,
  path: string,
  options: Options<Req, Data, boolean, Errors.WriteErrorTag>,
  pagination: Pagination | undefined
): Endpoint<Req, Data, Item, Err> => ({
  name: options.name,
  method,
  path,
  signed: options.signed,
  rateLimit: options.rateLimit,
  request: options.request,
  data: options.data,
  pagination,
  ...(options.placement === undefined ? {} : { placement: options.placement }),
  errors: [
    ...Errors.commonFamilies,
    ...(options.signed ? Errors.signedFamilies : []),
    ...(options.errors ?? [])
  ]
})

/** A `GET` endpoint; its request goes in the query string. */
export const get = <Req, Data, const Signed extends boolean, const Tag extends Errors.ReadErrorTag = never>(
  path: string,
  options: Options<Req, Data, Signed, Tag>
): Endpoint<Req, Data, never, Errors.ErrorOf<Signed, Tag>> => make("GET", path, options, undefined)

/**
 * A `POST` endpoint; its request is the JSON body. An order placement (one with `placement`) may
 * also fail with `UnknownOrderFate`: its answer was lost and the look-up could not settle it.
 */
export const post = <
  Req,
  Data,
  const Signed extends boolean,
  const Tag extends Errors.WriteErrorTag = never,
  const O extends { readonly placement?: Placement } = {}
>(
  path: string,
  options: Options<Req, Data, Signed, Tag> & O
): Endpoint<
  Req,
  Data,
  never,
  Errors.ErrorOf<Signed, Tag> | (O extends { readonly placement: Placement } ? Errors.UnknownOrderFate : never)
> => make("POST", path, options, undefined)

/** A list endpoint: `GET` plus the rule its pages follow. */
export const list = <
  Req,
  Data,
  const P extends Pagination,
  const Signed extends boolean,
  const Tag extends Errors.ReadErrorTag = never
>(
  path: string,
  options: Options<Req, Data, Signed, Tag> & { readonly pagination: P }
): Endpoint<Req, Data, Rows<Data, P["list"]>, Errors.ErrorOf<Signed, Tag>> =>
  make("GET", path, options, options.pagination)

/** `METHOD /path`, as in the specification's endpoint list. */
export const describe = (self: Endpoint.Any): string => `${self.method} ${self.path}`

/** An endpoint that takes no parameters. */
export const NoParams = Schema.Struct({})

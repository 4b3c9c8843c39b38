/**
 * An endpoint, declared once as data: method, path, signed or public, rate limit, request and
 * data schemas and, for lists, its pagination rule. The typed call, its Streams, the limiter's
 * bucket, the simulator's route and the endpoint list are all derived from this declaration.
 */
import * as Schema from "effect/Schema"
import type { Pagination } from "./Pagination.js"
import type { Placement } from "./Placement.js"
import type { RateLimit } from "./RateLimit.js"

export type Method = "GET" | "POST"

/** The encoded request: a query string's values, or a JSON body. */
export type WireRequest = { readonly [key: string]: unknown }

export interface Endpoint<Req, Data, Item = never> {
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
  /** Marker for the row type of a list endpoint. */
  readonly _Item?: (_: never) => Item
}

export declare namespace Endpoint {
  /** Any endpoint, whatever its types. */
  export type Any = Endpoint<any, any, any>
  export type Request<E> = E extends Endpoint<infer R, any, any> ? R : never
  export type Data<E> = E extends Endpoint<any, infer D, any> ? D : never
  export type Item<E> = E extends Endpoint<any, any, infer I> ? I : never
}

/** The rows of a list endpoint's data: `data[list]`, or `data` itself when it is the array. */
export type Rows<Data, L> = [L] extends [string]
  ? L extends keyof Data ? NonNullable<Data[L]> extends ReadonlyArray<infer I> ? I : never : never
  : Data extends ReadonlyArray<infer I> ? I
  : never

interface Options<Req, Data> {
  readonly name: string
  readonly signed: boolean
  readonly rateLimit: RateLimit
  readonly request: Schema.Schema<Req, any>
  readonly data: Schema.Schema<Data, any>
  /** For order placements: see `Placement`. */
  readonly placement?: Placement
}

const make = <Req, Data, Item>(
  method: Method,
  path: string,
  options: Options<Req, Data>,
  pagination: Pagination | undefined
): Endpoint<Req, Data, Item> => ({
  name: options.name,
  method,
  path,
  signed: options.signed,
  rateLimit: options.rateLimit,
  request: options.request,
  data: options.data,
  pagination,
  ...(options.placement === undefined ? {} : { placement: options.placement })
})

/** A `GET` endpoint; its request goes in the query string. */
export const get = <Req, Data>(path: string, options: Options<Req, Data>): Endpoint<Req, Data> =>
  make("GET", path, options, undefined)

/** A `POST` endpoint; its request is the JSON body. */
export const post = <Req, Data>(path: string, options: Options<Req, Data>): Endpoint<Req, Data> =>
  make("POST", path, options, undefined)

/** A list endpoint: `GET` plus the rule its pages follow. */
export const list = <Req, Data, const P extends Pagination>(
  path: string,
  options: Options<Req, Data> & { readonly pagination: P }
): Endpoint<Req, Data, Rows<Data, P["list"]>> => make("GET", path, options, options.pagination)

/** `METHOD /path`, as in the specification's endpoint list. */
export const describe = (self: Endpoint.Any): string => `${self.method} ${self.path}`

/** An endpoint that takes no parameters. */
export const NoParams = Schema.Struct({})

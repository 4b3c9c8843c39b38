/**
 * The typed function users call, derived from a declaration: `Spot.placeOrder(request)` is an
 * `Effect` that needs a `BitgetClient`. A list endpoint's operation also has `pages(request)`
 * and `items(request)` Streams that walk the whole history by the endpoint's cursor and window.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import { BitgetClient } from "./BitgetClient.js"
import type { BitgetError } from "./BitgetError.js"
import type { Endpoint } from "./Endpoint.js"
import * as Paginate from "./internal/paginate.js"

type Call<Req, A> = {} extends Req ? (request?: Req) => A : (request: Req) => A

export type Operation<Req, Data> = Call<Req, Effect.Effect<Data, BitgetError, BitgetClient>> & {
  readonly endpoint: Endpoint<Req, Data>
}

export type ListOperation<Req, Data, Item> = Call<Req, Effect.Effect<Data, BitgetError, BitgetClient>> & {
  readonly endpoint: Endpoint<Req, Data, Item>
  /** Every page of data: the endpoint's largest page size, cursor fed back, windows walked. */
  readonly pages: Call<Req, Stream.Stream<Data, BitgetError, BitgetClient>>
  /** Every row of every page, newest first. */
  readonly items: Call<Req, Stream.Stream<Item, BitgetError, BitgetClient>>
}

/** The operation of a declaration. */
export function make<Req, Data, Item>(
  endpoint: Endpoint<Req, Data, Item>
): [Item] extends [never] ? Operation<Req, Data> : ListOperation<Req, Data, Item>
export function make(endpoint: Endpoint.Any): any {
  const execute = (request: unknown) =>
    Effect.flatMap(BitgetClient, (client) => client.execute(endpoint, request ?? {}))
  const call = (request?: unknown) => execute(request)
  if (endpoint.pagination === undefined) return Object.assign(call, { endpoint })
  const now = Clock.currentTimeMillis
  return Object.assign(call, {
    endpoint,
    pages: (request?: Record<string, unknown>) => Paginate.pages(endpoint, request ?? {}, execute, now),
    items: (request?: Record<string, unknown>) => Paginate.items(endpoint, request ?? {}, execute, now)
  })
}

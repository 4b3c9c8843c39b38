/**
 * A test domain that answers chosen endpoints with generated, schema-valid data and keeps each
 * request as it arrived: decoded by the endpoint's own schema from the wire (so a field the
 * schema does not know is refused) and encoded back, i.e. exactly the wire's fields and values.
 * Pass `wiretap.domain` to `Simulator.layer({ domains: [...] })`: it takes over those endpoints.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type Domain, route } from "./Domain.js"
import * as Generate from "./Generate.js"

export interface Wiretap {
  readonly domain: Domain
  /** The requests an endpoint received, oldest first, in their wire form. */
  readonly requests: (endpoint: Endpoint.Any) => ReadonlyArray<Record<string, unknown>>
  /** The newest request an endpoint received, in its wire form. */
  readonly last: (endpoint: Endpoint.Any) => Record<string, unknown> | undefined
  /** The answer an endpoint gives (the same generated value every time). */
  readonly answer: (endpoint: Endpoint.Any) => unknown
}

export const make = (endpoints: ReadonlyArray<Endpoint.Any>): Wiretap => {
  const seen = new Map<Endpoint.Any, Array<Record<string, unknown>>>()
  const answers = new Map<Endpoint.Any, unknown>()
  const answer = (endpoint: Endpoint.Any) => {
    if (!answers.has(endpoint)) answers.set(endpoint, Generate.one(endpoint.data, Generate.seedOf(endpoint.name)))
    return answers.get(endpoint)
  }
  const domain: Domain = {
    name: "wiretap",
    routes: endpoints.map((endpoint) =>
      route(endpoint, (request) =>
        Effect.sync(() => {
          const wire = Schema.encodeSync(endpoint.request)(request) as Record<string, unknown>
          seen.set(endpoint, [...(seen.get(endpoint) ?? []), wire])
          return answer(endpoint)
        }))
    )
  }
  return {
    domain,
    requests: (endpoint) => seen.get(endpoint) ?? [],
    last: (endpoint) => seen.get(endpoint)?.at(-1),
    answer
  }
}

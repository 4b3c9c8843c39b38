/**
 * The loopback check of an endpoint answered with generated data: the call goes through the
 * client to a simulator whose `Wiretap` domain serves the endpoint; the request the exchange
 * received is compared with the wire form expected, and the decoded answer with what was sent.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type { Wiretap } from "@effect-bitget/simulator"
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

export interface WireCase {
  readonly endpoint: Endpoint.Any
  readonly call: Effect.Effect<unknown, unknown, any>
  /** The request as it must arrive (query values or JSON body), in wire form. */
  readonly wire: Record<string, unknown>
}

export const check = (tap: Wiretap.Wiretap, { call, endpoint, wire }: WireCase) =>
  Effect.gen(function*() {
    const answer = yield* call
    expect(tap.last(endpoint)).toEqual(wire)
    const data = endpoint.data as Schema.Schema<unknown, unknown>
    const encode = Schema.encodeSync(data)
    // What was sent, as the client reads it (blank optional fields are absent once decoded).
    const sentBack = Schema.decodeUnknownSync(data)(JSON.parse(JSON.stringify(encode(tap.answer(endpoint)))))
    expect(encode(answer)).toEqual(encode(sentBack))
  })

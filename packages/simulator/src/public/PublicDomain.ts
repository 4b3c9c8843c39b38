/** The public endpoints' domain: the server clock (with any configured skew). */
import * as Public from "@effect-bitget/core/Public"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Domain, route } from "../Domain.js"

export const make = (): Domain => ({
  name: "public",
  routes: [
    route(Public.ServerTime, (_, context) => Effect.succeed({ serverTime: DateTime.unsafeMake(context.now) }))
  ]
})

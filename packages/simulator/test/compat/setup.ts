/**
 * What the peer clients need from a simulator: its URL and keys in their options, and the one
 * declaration ccxt's market load calls that belongs to the margin line (`GET
 * /api/v2/margin/currencies`), served here only while no registered line declares it.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Simulator } from "@effect-bitget/simulator"
import { route } from "@effect-bitget/simulator/Domain"
import * as Registry from "@effect-bitget/simulator/Registry"
import * as Pairs from "@effect-bitget/simulator/spot/Pairs"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"

const MarginCurrencies = Endpoint.get("/api/v2/margin/currencies", {
  name: "compat.marginCurrencies",
  signed: false,
  rateLimit: RateLimit.ip(10),
  request: Endpoint.NoParams,
  data: Schema.Array(Schema.Struct({
    symbol: Schema.String,
    baseCoin: Schema.String,
    quoteCoin: Schema.String,
    isBorrowable: Schema.Boolean,
    maxCrossedLeverage: Schema.String,
    maxIsolatedLeverage: Schema.String
  }))
})

const declared = Registry.endpoints.some((e) => e.method === "GET" && e.path === MarginCurrencies.path)

/** The simulator, with margin pairs served when the margin line is not registered. */
export const layer = (options: Simulator.Options = {}) =>
  Simulator.layer(
    declared ? options : {
      ...options,
      endpoints: [MarginCurrencies],
      domains: [{
        name: "compat-margin",
        routes: [route(MarginCurrencies, () =>
          Effect.succeed(
            Pairs.pairs.filter((p) => p.quoteCoin === "USDT").map((p) => ({
              symbol: p.symbol,
              baseCoin: p.baseCoin,
              quoteCoin: p.quoteCoin,
              isBorrowable: true,
              maxCrossedLeverage: "3",
              maxIsolatedLeverage: "10"
            }))
          ))]
      }]
    }
  )

export const keys = (simulator: Simulator.Service) => ({
  apiKey: Redacted.value(simulator.credentials.apiKey),
  secret: Redacted.value(simulator.credentials.secret),
  passphrase: Redacted.value(simulator.credentials.passphrase)
})

/** Decimal places of a number written in plain notation. */
export const places = (value: number | string): number => {
  const text = typeof value === "number" ? value.toFixed(12).replace(/0+$/, "") : value
  const dot = text.indexOf(".")
  return dot === -1 ? 0 : text.length - dot - 1
}

/** Whether `value` is within `ratio` of `around`. */
export const near = (value: number, around: number, ratio = 0.1) =>
  value > 0 && Math.abs(value - around) <= around * ratio

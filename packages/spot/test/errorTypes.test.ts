/**
 * The error channel of each operation is derived from its declaration. The `@ts-expect-error`
 * lines are the test: `tsc` (CI's typecheck) fails if a public endpoint's type admits an
 * authentication or balance error, or a write's type loses a family it documents.
 */
import type * as BitgetError from "@effect-bitget/core/BitgetError"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

type ErrorOf<T> = T extends (...args: ReadonlyArray<any>) => Effect.Effect<any, infer E, any> ? E : never
type Equals<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false
const exactly = <A, B>(_: Equals<A, B>) => true

const tags = <E extends { readonly _tag: string }>(_: Effect.Effect<unknown, E, unknown>) => (tag: E["_tag"]) => tag

describe("error types per operation", () => {
  it("a public market endpoint fails only with the common errors", () => {
    const tickers = Spot.Market.tickers()
    expect(exactly<ErrorOf<typeof Spot.Market.tickers>, BitgetError.CommonError>(true)).toBe(true)
    expect(exactly<ErrorOf<typeof Spot.Market.orderBook>, BitgetError.CommonError>(true)).toBe(true)
    // @ts-expect-error a public endpoint has no AuthenticationError
    tickers.pipe(Effect.catchTag("AuthenticationError", () => Effect.succeed([])))
    // @ts-expect-error nor InsufficientBalance
    tickers.pipe(Effect.catchTag("InsufficientBalance", () => Effect.succeed([])))
    // @ts-expect-error nor PermissionError
    tags(tickers)("PermissionError")
    tickers.pipe(Effect.catchTag("RateLimitError", () => Effect.succeed([])))
    expect(tags(tickers)("ExchangeError")).toBe("ExchangeError")
  })

  it("a signed read adds the signed errors and what it documents", () => {
    expect(
      exactly<ErrorOf<typeof Spot.Account.assets>, BitgetError.CommonError | BitgetError.SignedError>(true)
    ).toBe(true)
    expect(
      exactly<
        ErrorOf<typeof Spot.Trade.orderInfo>,
        BitgetError.CommonError | BitgetError.SignedError | BitgetError.OrderNotFound
      >(true)
    ).toBe(true)
    const assets = Spot.Account.assets()
    assets.pipe(Effect.catchTag("AuthenticationError", () => Effect.succeed([])))
    // @ts-expect-error reading balances cannot fail for lack of balance
    assets.pipe(Effect.catchTag("InsufficientBalance", () => Effect.succeed([])))
  })

  it("a write adds what it documents, and only that", () => {
    const place = Spot.Trade.placeOrder({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "market",
      force: "gtc",
      size: "1"
    })
    place.pipe(Effect.catchTag("InsufficientBalance", "DuplicateClientOid", () => Effect.succeed({})))
    // @ts-expect-error placing an order never answers OrderNotFound
    place.pipe(Effect.catchTag("OrderNotFound", () => Effect.succeed({})))
    const cancel = Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: "1" })
    cancel.pipe(Effect.catchTag("OrderNotFound", () => Effect.succeed({})))
    // @ts-expect-error cancelling never answers InsufficientBalance
    cancel.pipe(Effect.catchTag("InsufficientBalance", () => Effect.succeed({})))
    expect(tags(place)("DuplicateClientOid")).toBe("DuplicateClientOid")
  })

  it("a read cannot declare a write's families", () => {
    const declare = () =>
      Endpoint.get("/api/v2/x", {
        name: "x.y.z",
        signed: true,
        rateLimit: RateLimit.uid(1),
        // @ts-expect-error a GET documents OrderNotFound at most
        errors: ["InsufficientBalance"],
        request: Endpoint.NoParams,
        data: Schema.Null
      })
    expect(declare().errors).toContain("InsufficientBalance")
  })
})

/** Futures operations' error types, checked by `tsc` (the `@ts-expect-error` lines are the test). */
import type * as BitgetError from "@effect-bitget/core/BitgetError"
import { Market, Order, Position } from "@effect-bitget/futures"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"

type ErrorOf<T> = T extends (...args: ReadonlyArray<any>) => Effect.Effect<any, infer E, any> ? E : never
type Equals<A, B> = [A] extends [B] ? [B] extends [A] ? true : false : false
const exactly = <A, B>(_: Equals<A, B>) => true

describe("futures error types", () => {
  it("market data: common errors only; positions: signed; closing: documented balance error", () => {
    expect(exactly<ErrorOf<typeof Market.mergeDepth>, BitgetError.CommonError>(true)).toBe(true)
    expect(exactly<ErrorOf<typeof Position.allPosition>, BitgetError.CommonError | BitgetError.SignedError>(true))
      .toBe(true)
    const book = Market.mergeDepth({ symbol: "BTCUSDT", productType: "USDT-FUTURES" })
    // @ts-expect-error a public endpoint has no AuthenticationError
    book.pipe(Effect.catchTag("AuthenticationError", () => Effect.void))
    const close = Order.closePositions({ productType: "USDT-FUTURES" })
    close.pipe(Effect.catchTag("InsufficientBalance", () => Effect.void))
    // @ts-expect-error closing positions never answers DuplicateClientOid
    close.pipe(Effect.catchTag("DuplicateClientOid", () => Effect.void))
  })
})

/**
 * `Spelling.is` checks at compile time that the compared spelling is one of the field's: the
 * value's type is the field's literal union (every line's request types and rule helpers are
 * typed from their request schemas), so a misspelt spelling does not compile, nor does a value
 * typed as any `string` (it asks for `Spelling.FieldTypedAsString` instead). tsc checks this file
 * (the `@ts-expect-error` lines fail the type check if they ever compile); at run time the same
 * calls answer as before, letter case ignored.
 */
import * as CopyTrading from "@effect-bitget/copy-trading"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import * as V2Trade from "@effect-bitget/websocket/V2Trade"
import { describe, expect, it } from "@effect/vitest"

/** A value as a rule sees it: the caller's input, any letter case, typed as the field. */
const as = <A>(value: string): A => value as A

describe("Spelling.is at compile time", () => {
  it("a value typed as its field takes the field's spellings only; a value typed string takes none", () => {
    const orderType = as<Futures.Order.PlaceOrderRequest["orderType"]>("LIMIT")
    expect(Spelling.is(orderType, "limit")).toBe(true)
    expect(Spelling.is(orderType, "market")).toBe(false)
    // @ts-expect-error "limt" is not one of "limit" | "market"
    expect(Spelling.is(orderType, "limt")).toBe(false)

    const text: string = "limit"
    // @ts-expect-error a value typed string cannot be checked against a spelling
    expect(Spelling.is(text, "limit")).toBe(true)
    expect(Spelling.is(undefined as Spot.Trade.PlaceOrderRequest["tpslType"], "tpsl")).toBe(false)
  })

  it("every line's rule fields are literal unions: a misspelling fails to compile in each", () => {
    // Each pair: a documented spelling compiles (and matches in another letter case); a misspelt one does not.
    expect(Spelling.is(as<Spot.Trade.PlaceOrderRequest["orderType"]>("Limit"), "limit")).toBe(true)
    // @ts-expect-error spot orderType
    Spelling.is(as<Spot.Trade.PlaceOrderRequest["orderType"]>("limit"), "Limit ")
    expect(Spelling.is(as<Spot.PlanOrder.PlacePlanOrderRequest["orderType"]>("MARKET"), "market")).toBe(true)
    // @ts-expect-error spot plan orderType
    Spelling.is(as<Spot.PlanOrder.PlacePlanOrderRequest["orderType"]>("limit"), "lmit")
    expect(Spelling.is(as<Futures.PlanOrder.PlacePlanOrderRequest["planType"]>("TRACK_PLAN"), "track_plan")).toBe(true)
    // @ts-expect-error futures planType
    Spelling.is(as<Futures.PlanOrder.PlacePlanOrderRequest["planType"]>("track_plan"), "trail_plan")
    expect(Spelling.is(as<Futures.PlanOrder.PlaceTpslOrderRequest["planType"]>("Loss_Plan"), "loss_plan")).toBe(true)
    // @ts-expect-error futures TP/SL planType
    Spelling.is(as<Futures.PlanOrder.PlaceTpslOrderRequest["planType"]>("loss_plan"), "stop_plan")
    expect(Spelling.is(as<Margin.Trade.PlaceOrderRequest["side"]>("BUY"), "buy")).toBe(true)
    // @ts-expect-error margin side
    Spelling.is(as<Margin.Trade.PlaceOrderRequest["side"]>("buy"), "long")
    expect(Spelling.is(as<Unified.Trade.PlaceOrderRequest["orderType"]>("LIMIT"), "limit")).toBe(true)
    // @ts-expect-error unified orderType
    Spelling.is(as<Unified.Trade.PlaceOrderRequest["orderType"]>("limit"), "post_only")
    expect(Spelling.is(as<Unified.Transfer.TransferRequest["fromType"]>("ISOLATED_MARGIN"), "isolated_margin"))
      .toBe(true)
    // @ts-expect-error unified transfer fromType
    Spelling.is(as<Unified.Transfer.TransferRequest["fromType"]>("spot"), "isolated")
    expect(Spelling.is(as<Unified.Withdrawal.WithdrawalRequest["transferType"]>("On_Chain"), "on_chain")).toBe(true)
    // @ts-expect-error unified withdrawal transferType
    Spelling.is(as<Unified.Withdrawal.WithdrawalRequest["transferType"]>("on_chain"), "onchain")
    expect(Spelling.is(as<Unified.Strategy.PlaceStrategyOrderRequest["tpslMode"]>("PARTIAL"), "partial")).toBe(true)
    // @ts-expect-error unified strategy tpslMode
    Spelling.is(as<Unified.Strategy.PlaceStrategyOrderRequest["tpslMode"]>("partial"), "part")
    expect(Spelling.is(as<Unified.Broker.CommissionRequest["bizType"]>("SPOT"), "spot")).toBe(true)
    // @ts-expect-error unified broker bizType
    Spelling.is(as<Unified.Broker.CommissionRequest["bizType"]>("spot"), "margin")
    expect(Spelling.is(as<Unified.StockPlusTrade.PlaceOrderRequest["orderType"]>("lit"), "LIT")).toBe(true)
    // @ts-expect-error Stock Plus orderType
    Spelling.is(as<Unified.StockPlusTrade.PlaceOrderRequest["orderType"]>("LIT"), "LMT")
    expect(Spelling.is(as<V2Trade.SpotOrderRequest["orderType"]>("Limit"), "limit")).toBe(true)
    // @ts-expect-error websocket V2 orderType
    Spelling.is(as<V2Trade.SpotOrderRequest["orderType"]>("limit"), "limited")
    type LeverType = CopyTrading.Schemas.FuturesFollowSetting["leverType"]
    expect(Spelling.is(as<LeverType>("SPECIFY"), "specify")).toBe(true)
    // @ts-expect-error copy-trading leverType
    Spelling.is(as<LeverType>("specify"), "specified")
  })
})

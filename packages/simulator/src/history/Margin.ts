/**
 * Seeded margin history (see `History.ts`): once a day a cross round, once a day an isolated one
 * (BTCUSDT), each in the four hours after that round's spot trades closed. A round moves 50 USDT
 * from spot into the margin account, borrows 50 USDT, buys 100 USDT of BTC, two hours later sells
 * it, repays the loan with its interest (the first hour's at the borrow and two hourly charges) and
 * moves every USDT left back to spot. All through the margin ledger and the spot world's matching
 * at the one price path's price, so the borrow, repay, interest and financial records, the fills
 * and orders, and the spot bills of the transfers agree; nothing is owed between rounds.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { keyOf, type Ledger, type Ref } from "../margin/Ledger.js"
import * as Ops from "../spot/Operations.js"
import { HOUR, pricedAt, ROUNDS_PER_DAY, SECOND, type Seeded } from "./Round.js"

const SYMBOL = "BTCUSDT"
const dec = Decimal.unsafeMake

/** Which margin account round `i` trades in, if any: the cross one in a day's second round, the isolated one in its third. */
export const kindOf = (i: number): Ref["kind"] | undefined =>
  i % ROUNDS_PER_DAY === 1 ? "crossed" : i % ROUNDS_PER_DAY === 2 ? "isolated" : undefined

export const make = (ledger: Ledger, now: number) => {
  const world = ledger.spot
  const priced = pricedAt(world, SYMBOL, now)
  const run = <A>(t: number, effect: () => Effect.Effect<A, unknown>) => priced.at(t, () => Effect.runSync(effect()))

  /** Round `i` of `account`, starting at `t` + 4 h (after the round's spot trades) and done before `t` + 6 h. */
  const round = (account: Seeded, i: number, t: number) => {
    const kind = kindOf(i)
    if (kind === undefined) return
    const ref: Ref = { uid: account.uid, kind, symbol: kind === "isolated" ? SYMBOL : undefined }
    const key = keyOf(ref)
    const type = kind === "crossed" ? "crossed_margin" : "isolated_margin"
    const move = (fromType: string, toType: string, amount: BD.BigDecimal, at: number) =>
      run(at, () =>
        Ops.transferFunds(world, {
          fromUid: account.uid,
          toUid: account.uid,
          owner: account.uid,
          fromType,
          toType,
          coin: "USDT",
          amount,
          clientOid: undefined,
          symbol: kind === "isolated" ? SYMBOL : undefined
        }, at))
    const market = (side: "buy" | "sell", size: BD.BigDecimal, at: number) =>
      run(at, () =>
        world.place({
          uid: account.uid,
          symbol: SYMBOL,
          side,
          orderType: "market",
          force: "gtc",
          price: undefined,
          size,
          clientOid: undefined,
          account: key
        }, at))
    const start = t + 4 * HOUR
    move("spot", type, dec("50"), start)
    run(start + SECOND, () => ledger.borrow(ref, "USDT", dec("50"), "manual_loan", start + SECOND))
    const bought = market("buy", dec("100"), start + 2 * SECOND)
    const close = start + 2 * HOUR + 10 * SECOND
    // The hourly interest due by the close, charged as the ledger does before every margin call.
    priced.at(close, () => ledger.accrue(close))
    market("sell", priced.held(bought), close)
    run(close + SECOND, () => ledger.repay(ref, "USDT", ledger.owed(ref, "USDT"), "manual_repay", close + SECOND))
    const left = ledger.coins(ref).get("USDT")?.available ?? BD.fromBigInt(0n)
    if (BD.isPositive(left)) move(type, "spot", left, close + 2 * SECOND)
  }

  return { round }
}

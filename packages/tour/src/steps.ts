/**
 * The tour's steps and the runner that walks them: each step runs on its own; a step that fails
 * (a read-only key refused, an endpoint the account lacks, the network) prints its typed error
 * and the tour goes on to the next; the end is a summary of every step.
 */
import * as AccountMode from "@effect-bitget/core/AccountMode"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Demo from "@effect-bitget/core/Demo"
import * as Public from "@effect-bitget/core/Public"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as FuturesOrder from "@effect-bitget/futures/Order"
import { Simulator } from "@effect-bitget/simulator"
import * as SpotAccount from "@effect-bitget/spot/Account"
import * as SpotMarket from "@effect-bitget/spot/Market"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import * as UnifiedAccount from "@effect-bitget/unified/Account"
import * as UnifiedMarket from "@effect-bitget/unified/Market"
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"

/** Prints one line of the tour. */
export type Print = (line: string) => Effect.Effect<void>

/** A typed error as the tour prints it: every error of the library has a tag and a message. */
export interface Printable {
  readonly _tag: string
  readonly message: string
}

/** One step: a title and a program that reports through `print`. */
export interface Step<E extends Printable, R> {
  readonly title: string
  readonly run: (print: Print) => Effect.Effect<void, E, R>
}

const step = <E extends Printable, R>(title: string, run: (print: Print) => Effect.Effect<void, E, R>): Step<E, R> => ({
  title,
  run
})

/** What became of a step: done, or failed with its error's tag and message. */
export type Outcome =
  | { readonly _tag: "Done"; readonly title: string }
  | { readonly _tag: "Failed"; readonly title: string; readonly error: string; readonly message: string }

const say = (print: Print, text: string) => print(`  ${text}`)

export const publicData = step(
  "Public data: the server clock, a ticker and the latest announcement",
  (print) =>
    Effect.gen(function*() {
      const time = yield* Public.serverTime()
      yield* say(print, `server time ${Timestamp.toMillis(time.serverTime)} (ms)`)
      const [ticker] = yield* SpotMarket.tickers({ symbol: "BTCUSDT" })
      if (ticker) {
        yield* say(print, `BTCUSDT last ${Decimal.format(ticker.lastPr)}, 24h high ${Decimal.format(ticker.high24h)}`)
      }
      const [news] = yield* Public.announcements({ language: "en_US", limit: 1 })
      if (news) yield* say(print, `announcement ${news.annId}: ${news.annTitle.slice(0, 60)}`)
    })
)

export const signedRead = step(
  "A signed read: spot balances (ACCESS-* headers, HMAC-SHA256 over the exact request)",
  (print) =>
    Effect.gen(function*() {
      const assets = yield* SpotAccount.assets()
      if (assets.length === 0) yield* say(print, "no coin with a balance")
      for (const asset of assets.slice(0, 3)) {
        yield* say(
          print,
          `${asset.coin}: available ${Decimal.format(asset.available)}, frozen ${Decimal.format(asset.frozen)}`
        )
      }
    })
)

export const history = step(
  "A whole history as one Stream: three weeks of BTCUSDT trades in 7-day windows, 500-row pages",
  (print) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      let pages = 0
      const count = yield* SpotMarket.fillsHistory.pages({
        symbol: "BTCUSDT",
        limit: 500,
        startTime: Timestamp.fromMillis(now - 21 * 86_400_000),
        endTime: Timestamp.fromMillis(now)
      }).pipe(
        Stream.tap(() => Effect.sync(() => pages++)),
        Stream.flatMap((page) => Stream.fromIterable(page)),
        Stream.runCount
      )
      yield* say(print, `${count} trades in ${pages} requests (3 windows), newest first, no cursor handled by hand`)
    })
)

export const typedError = step(
  "A typed error caught by its tag: cancelling an order that does not exist",
  (print) =>
    SpotTrade.cancelOrder({ symbol: "BTCUSDT", orderId: "1" }).pipe(
      Effect.as("cancelled"),
      Effect.catchTag("OrderNotFound", (error) => Effect.succeed(`OrderNotFound (code ${error.code}): ${error.msg}`)),
      Effect.flatMap((outcome) => say(print, outcome))
    )
)

export const rateLimit = step(
  "A rate limit waited out: 25 trade-rate queries at once against a 10/s limit",
  (print) =>
    Effect.gen(function*() {
      const start = yield* Clock.currentTimeMillis
      yield* Effect.forEach(
        Array.from({ length: 25 }, (_, i) => i),
        () => Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
        { concurrency: "unbounded", discard: true }
      )
      const took = (yield* Clock.currentTimeMillis) - start
      yield* say(print, `all 25 answered in ${(took / 1000).toFixed(1)} s: the client waited for the buckets`)
      const simulator = yield* Effect.serviceOption(Simulator.Simulator)
      if (Option.isSome(simulator)) {
        yield* say(print, `429s answered by the exchange: ${simulator.value.limits.refused}`)
      }
    })
)

export const accountMode = step(
  "The account mode, probed once: a unified (UTA) key takes V3, a Classic key V2",
  (print) =>
    Effect.gen(function*() {
      const mode = yield* AccountMode.probe
      if (mode === "unified") {
        const { accountEquity, assets } = yield* UnifiedAccount.assets()
        yield* say(
          print,
          `unified: V3 account/assets, equity ${Decimal.format(accountEquity)} USD in ${assets.length} coins`
        )
        const [ticker] = yield* UnifiedMarket.tickers({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
        if (ticker) yield* say(print, `V3 BTCUSDT perpetual last ${Decimal.format(ticker.lastPrice)}`)
      } else {
        const assets = yield* SpotAccount.assets()
        yield* say(print, `classic: V2 spot assets, ${assets.length} coins (a unified key would get 40085 here)`)
      }
    })
)

export const demoOrder = step(
  "A demo-trading order: demo symbol and demo margin coin, header paptrading: 1",
  (print) =>
    Effect.gen(function*() {
      const symbol = Demo.symbol("BTCUSDT")
      const order = yield* FuturesOrder.placeOrder({
        symbol,
        productType: "SUSDT-FUTURES",
        marginMode: "isolated",
        marginCoin: Demo.coin("USDT"),
        size: "0.01",
        side: "buy",
        orderType: "market"
      })
      yield* say(print, `${symbol} market buy accepted: order ${order.orderId ?? "(by clientOid)"}`)
      const mixed = yield* FuturesOrder.placeOrder({
        symbol,
        productType: "SUSDT-FUTURES",
        marginMode: "isolated",
        marginCoin: "USDT",
        size: "0.01",
        side: "buy",
        orderType: "market"
      }).pipe(Effect.flip, Effect.orElseSucceed(() => ({ _tag: "accepted (unexpected)" })))
      yield* say(print, `demo symbol with the real coin USDT: ${mixed._tag}, refused before sending`)
    })
)

/** Runs one step; its typed error (or a defect) is printed and becomes its outcome. */
export const runStep = <E extends Printable, R>(print: Print, self: Step<E, R>): Effect.Effect<Outcome, never, R> =>
  print(`\n— ${self.title}`).pipe(
    Effect.zipRight(self.run(print)),
    Effect.as<Outcome>({ _tag: "Done", title: self.title }),
    Effect.catchAllCause((cause) => {
      if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
      const failure = Cause.failureOption(cause)
      const outcome: Outcome = Option.isSome(failure)
        ? { _tag: "Failed", title: self.title, error: failure.value._tag, message: failure.value.message }
        : { _tag: "Failed", title: self.title, error: "Defect", message: Cause.pretty(cause).split("\n")[0]! }
      return say(print, `✗ ${outcome.error}: ${outcome.message}`).pipe(Effect.as(outcome))
    })
  ) as Effect.Effect<Outcome, never, R>

/** The closing lines: each step's outcome, then the count. */
export const summary = (outcomes: ReadonlyArray<Outcome>): ReadonlyArray<string> => {
  const failed = outcomes.filter((o) => o._tag === "Failed").length
  return [
    "",
    "Summary",
    ...outcomes.map((o) => o._tag === "Done" ? `  ✓ ${o.title}` : `  ✗ ${o.title}: ${o.error}`),
    failed === 0
      ? `${outcomes.length} steps, all done.`
      : `${outcomes.length} steps: ${outcomes.length - failed} done, ${failed} failed.`
  ]
}

/** Runs every step in order, whatever befalls the ones before, and prints the summary. */
export const run = <E extends Printable, R>(
  target: string,
  steps: ReadonlyArray<Step<E, R>>,
  print: Print = Console.log
): Effect.Effect<ReadonlyArray<Outcome>, never, R> =>
  Effect.gen(function*() {
    yield* print(`effect-bitget tour against ${target}`)
    const outcomes = yield* Effect.forEach(steps, (s) => runStep(print, s))
    for (const line of summary(outcomes)) yield* print(line)
    return outcomes
  })

/**
 * Convert's trade is a write without an idempotency key: a lost answer is never sent again (a
 * second send could convert twice, or fail with 12021/12022 and hide the first). Each case runs
 * a quote through a misbehaving server in front of the simulator and counts what arrived and
 * what the spot balances did. The quote (a GET) is retried after a dropped connection, so the
 * counts below can tell the two apart.
 */
import { Convert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const TRADE = "POST /api/v2/convert/trade"
const QUOTE = "GET /api/v2/convert/quoted-price"

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const spot = yield* Simulator.control<SpotControl>("spot")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provide(
      effect,
      Hostile.client(hostile.url, simulator.credentials, { timeout: "1 second" })
    ) as Effect.Effect<
      A,
      E
    >
  const usdt = () => spot.world.balance(simulator.uid, "USDT").available
  /** Trades the upstream accepted (answered with `00000`), whatever the client saw. */
  const accepted = () => hostile.arrivals(TRADE).filter((a) => JSON.parse(a.body).code === "00000").length
  return { hostile, via, usdt, accepted }
})

// Live clock: the quote holds 8 s of the simulator's clock, and the timeout case waits 1 s.
const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

const request = { fromCoin: "USDT", fromCoinSize: "100", toCoin: "ETH" } as const
const moved = (before: BigDecimal.BigDecimal, after: BigDecimal.BigDecimal) =>
  Decimal.format(BigDecimal.normalize(BigDecimal.subtract(before, after)))

describe("convert trade: a lost answer is not sent again", () => {
  scoped("converted, then the connection cut: TransportError, sent once, converted once", () =>
    Effect.gen(function*() {
      const { accepted, hostile, usdt, via } = yield* setup
      const quote = yield* via(Convert.quotedPrice(request))
      const before = usdt()
      hostile.next({ _tag: "ForwardThenDrop" }, TRADE)
      const error = yield* Effect.flip(via(Convert.tradeQuote(quote)))
      expect(error._tag).toBe("TransportError")
      expect(hostile.count(TRADE)).toBe(1)
      expect(accepted()).toBe(1)
      expect(moved(before, usdt())).toBe("100")
    }))

  scoped("no answer within the timeout: TransportError (timedOut), sent once", () =>
    Effect.gen(function*() {
      const { hostile, usdt, via } = yield* setup
      const quote = yield* via(Convert.quotedPrice(request))
      const before = usdt()
      hostile.next({ _tag: "Hang" }, TRADE)
      const error = yield* Effect.flip(via(Convert.tradeQuote(quote)))
      expect(error).toMatchObject({ _tag: "TransportError", timedOut: true })
      expect(hostile.count(TRADE)).toBe(1)
      expect(moved(before, usdt())).toBe("0")
    }))

  scoped("a gateway's 502 page: failed, not sent again", () =>
    Effect.gen(function*() {
      const { hostile, usdt, via } = yield* setup
      const quote = yield* via(Convert.quotedPrice(request))
      const before = usdt()
      hostile.next({ _tag: "Respond", status: 502, body: "<html><body>502 Bad Gateway</body></html>" }, TRADE)
      const error = yield* Effect.flip(via(Convert.tradeQuote(quote)))
      expect(error._tag).not.toBe("InvalidRequest")
      expect(hostile.count(TRADE)).toBe(1)
      expect(moved(before, usdt())).toBe("0")
    }))

  scoped(
    "the quote (a read) is sent again after a dropped connection; the trade then goes once",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, usdt, via } = yield* setup
        hostile.next({ _tag: "Drop" }, QUOTE)
        const before = usdt()
        const quote = yield* via(Convert.quotedPrice(request))
        expect(hostile.count(QUOTE)).toBe(2)
        yield* via(Convert.tradeQuote(quote))
        expect([hostile.count(TRADE), accepted()]).toEqual([1, 1])
        expect(moved(before, usdt())).toBe("100")
      })
  )
})

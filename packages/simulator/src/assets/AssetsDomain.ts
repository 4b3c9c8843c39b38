/**
 * The whole account's assets (`/api/v2/account/*`), read from the other worlds so the overview is
 * exactly the sum of what their own endpoints show: spot (the spot assets), futures (the futures
 * accounts' USDT equity over the three real product types), funding (the spot world's `p2p`
 * account, which Bitget now calls funding), margin (cross and isolated accounts net of what they
 * owe), earn (whatever the earn domain reports), bots (none are run here: empty, zero).
 */
import * as Assets from "@effect-bitget/core/Assets"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Context, type Domain, MAIN_UID, route } from "../Domain.js"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import { refOf } from "../margin/Ledger.js"
import type { MarginControl } from "../margin/MarginDomain.js"
import type { SpotControl } from "../spot/SpotDomain.js"

const ZERO = BD.fromBigInt(0n)
const USDT_PLACES = 8

const sum = (values: Iterable<BD.BigDecimal>) => {
  let total = ZERO
  for (const value of values) total = BD.sum(total, value)
  return total
}

const round = (value: BD.BigDecimal) => BD.normalize(BD.round(value, { scale: USDT_PLACES, mode: "half-from-zero" }))

export interface Worlds {
  readonly spot: SpotControl
  readonly futures: FuturesControl
  readonly margin: MarginControl
  /** The USDT value of a uid's earn holdings (the earn domain's); zero without one. */
  readonly earn?: (uid: string, now: number) => BD.BigDecimal
}

/** Test knobs: the USDT value of each account type, as the overview computes it. */
export interface AssetsControl {
  readonly values: (
    uid: string,
    now: number
  ) => ReadonlyArray<{ readonly accountType: string; readonly usdtBalance: BD.BigDecimal }>
}

export const make = (worlds: Worlds): Domain => {
  const world = worlds.spot.world
  /** The USDT value of a spot-world account type (`spot`, `p2p`, a margin key), coins without a price left out. */
  const valueOf = (uid: string, type: string, net: (coin: string) => BD.BigDecimal = () => ZERO) =>
    sum(
      [...world.account(uid, type).entries()].map(([coin, b]) => {
        const held = BD.subtract(BD.sum(BD.sum(b.available, b.frozen), b.locked), net(coin))
        return world.usdtValue(coin, held) ?? ZERO
      })
    )
  const margin = (uid: string) => {
    worlds.margin.settle()
    const keys = [...(world.balances.get(uid)?.keys() ?? [])].filter((key) => refOf(uid, key) !== undefined)
    return sum(keys.map((key) => valueOf(uid, key, (coin) => worlds.margin.ledger.owed(refOf(uid, key)!, coin))))
  }
  const futures = (uid: string) =>
    sum(
      ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"].flatMap((productType) =>
        worlds.futures.summaries(uid, productType).map((s) => s.usdtEquity)
      )
    )
  const values = (uid: string, now: number) => [
    { accountType: "spot", usdtBalance: round(valueOf(uid, "spot")) },
    { accountType: "futures", usdtBalance: round(futures(uid)) },
    { accountType: "funding", usdtBalance: round(valueOf(uid, "p2p")) },
    { accountType: "earn", usdtBalance: round(worlds.earn?.(uid, now) ?? ZERO) },
    { accountType: "bots", usdtBalance: ZERO },
    { accountType: "margin", usdtBalance: round(margin(uid)) }
  ]
  const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
  const control: AssetsControl = { values }

  return {
    name: "assets",
    control,
    routes: [
      route(Assets.AllAccountBalance, (_, context) => Effect.sync(() => values(uidOf(context), context.now))),
      route(
        Assets.FundingAssets,
        (request, context) =>
          Effect.sync(() =>
            [...world.account(uidOf(context), "p2p").entries()]
              .filter(([coin]) => request.coin === undefined || coin === request.coin.toUpperCase())
              .map(([coin, b]) => {
                const usdt = world.usdtValue(coin, BD.sum(b.available, b.frozen))
                return {
                  coin,
                  available: b.available,
                  frozen: b.frozen,
                  ...(usdt === undefined ? {} : { usdtValue: round(usdt) })
                }
              })
          )
      ),
      // No bots run in the simulator: their account is empty.
      route(Assets.BotAssets, () => Effect.succeed([]))
    ]
  }
}

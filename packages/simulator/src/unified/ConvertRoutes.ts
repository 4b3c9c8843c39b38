/**
 * V3 dust conversion: a unified account's coins worth less than `DUST_USD` on the spot price path
 * convert into BGB at that price path, less a 2% fee; each conversion is recorded per coin.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Convert from "@effect-bitget/unified/Convert"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import type { Dec, Funds } from "./Funds.js"

/** The simulator's dust line (USD) and fee rate. */
export const DUST_USD = Decimal.unsafeMake("10")
const FEE_RATE = Decimal.unsafeMake("0.02")
const TARGET = "BGB"
const round = (value: Dec) => BD.normalize(BD.scale(value, 8))

interface Conversion extends Convert.SmallAssetsConversion {
  readonly uid: string
}

export const convertRoutes = (funds: Funds, usd: (coin: string) => Dec, id: () => string): ReadonlyArray<Route> => {
  const done: Array<Conversion> = []
  /** `coin`'s balance if it is dust: priced, worth more than nothing and less than the line. */
  const dust = (uid: string, coin: string) => {
    if (coin === TARGET) return undefined
    const available = funds.available(uid, "uta", coin)
    const value = BD.multiply(available, usd(coin))
    return BD.isPositive(value) && BD.lessThan(value, DUST_USD) ? available : undefined
  }
  const quote = (coin: string, amount: Dec) => {
    const gross = BD.unsafeDivide(BD.multiply(amount, usd(coin)), usd(TARGET))
    const fee = round(BD.multiply(gross, FEE_RATE))
    return { toAmount: round(BD.subtract(gross, fee)), fee }
  }
  return [
    route(Convert.SmallAssets, (_, context) =>
      Effect.sync(() => {
        const uid = context.account!.uid
        return funds.coins(uid, "uta").flatMap((coin) => {
          const available = dust(uid, coin)
          if (available === undefined) return []
          const { fee, toAmount } = quote(coin, available)
          return [{
            coin,
            available,
            estimatedCoin: TARGET,
            estimatedAmount: toAmount,
            feeDetail: { feeRate: FEE_RATE, fee },
            cTime: DateTime.unsafeMake(context.now)
          }]
        })
      })),
    route(Convert.SmallAssetsTrade, (request, context) =>
      Effect.gen(function*() {
        const uid = context.account!.uid
        const amounts = request.fromCoinList.map((coin) => [coin, dust(uid, coin)] as const)
        const refused = amounts.find(([, amount]) => amount === undefined)
        if (refused !== undefined) return yield* reject(codes.parameter, `${refused[0]} is not a small asset`)
        const orderId = id()
        for (const [coin, amount] of amounts) {
          const { fee, toAmount } = quote(coin, amount!)
          yield* funds.move(uid, "uta", coin, BD.negate(amount!), context.now, ["convert", "small-assets-out"])
          yield* funds.move(uid, "uta", TARGET, toAmount, context.now, ["convert", "small-assets-in"])
          done.push({
            uid,
            orderId,
            fromCoin: coin,
            fromAmount: amount!,
            fromCoinPrice: usd(coin),
            toCoin: TARGET,
            toAmount,
            toCoinPrice: usd(TARGET),
            feeDetail: { feeRate: FEE_RATE, fee },
            status: "success",
            createdTime: DateTime.unsafeMake(context.now)
          })
        }
        return { fromCoin: request.fromCoinList, toCoin: TARGET, orderId }
      })),
    route(Convert.SmallAssetsHistory, (request, context) =>
      Effect.sync(() => {
        const uid = context.account!.uid
        const start = request.startTime === undefined ? -Infinity : DateTime.toEpochMillis(request.startTime)
        const end = request.endTime === undefined ? Infinity : DateTime.toEpochMillis(request.endTime)
        const below = request.cursor === undefined ? undefined : BigInt(request.cursor)
        const rows = [...done].reverse().filter((r) => {
          const at = DateTime.toEpochMillis(r.createdTime)
          return r.uid === uid && at >= start && at <= end &&
            (request.orderId === undefined || r.orderId === request.orderId) &&
            (below === undefined || BigInt(r.orderId) < below)
        }).slice(0, request.limit ?? 20)
        const last = rows[rows.length - 1]
        return {
          list: rows.map(({ uid: _, ...row }) => row),
          ...(last === undefined ? {} : { cursor: last.orderId })
        }
      }))
  ]
}

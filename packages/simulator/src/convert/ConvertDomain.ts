/**
 * The convert domain: quotes priced from the spot world's prices (a 0.1% spread, no separate
 * fee), held under their `traceId` for 8 seconds of the simulator's clock; trading one moves
 * the coins in the spot world's balances (with `convert` bills) and writes a convert record.
 * Trading an unknown, altered or already traded quote is refused with 12022, an expired one with
 * 12021, as Bitget does; amounts outside a coin's limits with 12006/12007.
 */
import { BgbConvert, Convert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type { Context, Domain } from "../Domain.js"
import { MAIN_UID, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import * as Paging from "../spot/Paging.js"
import type { World as SpotWorld } from "../spot/World.js"

type Dec = BD.BigDecimal

export interface Quote {
  readonly traceId: string
  readonly uid: string
  readonly fromCoin: string
  readonly toCoin: string
  readonly fromCoinSize: Dec
  readonly toCoinSize: Dec
  readonly cnvtPrice: Dec
  readonly fee: Dec
  readonly cTime: number
  readonly expiresAt: number
  traded: boolean
}

export interface ConvertRecord {
  readonly id: string
  readonly uid: string
  readonly traceId: string
  readonly fromCoin: string
  readonly toCoin: string
  readonly fromCoinSize: Dec
  readonly toCoinSize: Dec
  readonly cnvtPrice: Dec
  readonly fee: Dec
  readonly ts: number
}

/** One coin's conversion into BGB. */
export interface BgbRecord {
  readonly orderId: string
  readonly uid: string
  readonly fromCoin: string
  readonly fromAmount: Dec
  readonly fromCoinPrice: Dec
  readonly toAmount: Dec
  readonly toCoinPrice: Dec
  readonly fee: Dec
  readonly cTime: number
}

/** Test knobs of the convert domain, reached with `Simulator.control<ConvertControl>("convert")`. */
export interface ConvertControl {
  readonly quotes: ReadonlyMap<string, Quote>
  readonly records: ReadonlyArray<ConvertRecord>
  readonly bgbRecords: ReadonlyArray<BgbRecord>
}

/** The coins that convert and the amounts each converts (from Bitget's sample: ETH 0.0005 to 5). */
const LIMITS: Record<string, readonly [string, string]> = {
  USDT: ["1", "1000000"],
  BTC: ["0.00002", "20"],
  ETH: ["0.0005", "300"],
  BGB: ["1", "800000"],
  SOL: ["0.01", "6000"]
}

const dec = Decimal.unsafeMake
const SPREAD = dec("0.999")
/** The BGB convert fee, as in Bitget's sample (`feeRate` 0.02). */
const BGB_FEE_RATE = dec("0.02")
/** Decimals of a BGB amount (Bitget's sample: `precision` 8). */
const BGB_SCALE = 8
const VALIDITY = Duration.toMillis(Convert.quoteValidity)
const ZERO = BD.fromBigInt(0n)

const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
const upper = (coin: string) => coin.toUpperCase()

export const make = (spot: SpotWorld): Domain => {
  const quotes = new Map<string, Quote>()
  const records: Array<ConvertRecord> = []
  const bgbRecords: Array<BgbRecord> = []

  /** The coin's price in USDT, from the spot world. */
  const usdt = (coin: string): Dec | undefined => coin === "USDT" ? dec("1") : spot.prices.get(`${coin}USDT`)

  const within = (coin: string, size: Dec) => {
    const [min, max] = LIMITS[coin]!
    if (BD.lessThan(size, dec(min))) return reject("12006", `Below the convert minimum of ${min} ${coin}`)
    if (BD.greaterThan(size, dec(max))) return reject("12007", `Above the convert maximum of ${max} ${coin}`)
    return Effect.void
  }

  /**
   * What converting a coin's whole spot balance into BGB gives now: the coins with a USDT price
   * (BGB itself excepted) and a positive balance. Bitget names no threshold for a "small"
   * balance, so none is applied here.
   */
  const bgbEstimate = (uid: string, coin: string) => {
    const price = usdt(coin)
    const bgb = usdt("BGB")
    const available = spot.balance(uid, coin).available
    if (coin === "BGB" || price === undefined || bgb === undefined || !BD.isPositive(available)) return undefined
    const gross = BD.unsafeDivide(BD.multiply(available, price), bgb)
    const fee = BD.round(BD.multiply(gross, BGB_FEE_RATE), { scale: BGB_SCALE, mode: "ceil" })
    const amount = BD.round(BD.subtract(gross, fee), { scale: BGB_SCALE, mode: "floor" })
    return { coin, available, price, bgb, fee, amount }
  }
  const bgbCoins = (uid: string) =>
    [...spot.account(uid).keys()].sort().flatMap((coin) => {
      const estimate = bgbEstimate(uid, coin)
      return estimate === undefined ? [] : [estimate]
    })

  const routes = [
    route(BgbConvert.coinList.endpoint, (_, context) =>
      Effect.succeed({
        coinList: bgbCoins(uidOf(context)).map((e) => ({
          coin: e.coin,
          available: e.available,
          bgbEstAmount: e.amount,
          precision: BGB_SCALE,
          feeDetail: [{ feeRate: BGB_FEE_RATE, fee: e.fee }],
          cTime: DateTime.unsafeMake(context.now)
        }))
      })),

    route(BgbConvert.convert.endpoint, (request, context) =>
      Effect.gen(function*() {
        const uid = uidOf(context)
        const coins = [...new Set(request.coinList.map(upper))]
        const estimates = coins.map((coin) => bgbEstimate(uid, coin))
        const refused = coins.find((_, i) => estimates[i] === undefined)
        if (refused !== undefined) return yield* reject("43131", `${refused} does not support convert to BGB`)
        const orderList: Array<{ coin: string; orderId: string }> = []
        for (const e of estimates) {
          yield* spot.move(uid, e!.coin, BD.negate(e!.available), context.now)
          yield* spot.move(uid, "BGB", e!.amount, context.now)
          spot.bill(uid, e!.coin, "convert", "convert-out", BD.negate(e!.available), ZERO, context.now)
          spot.bill(uid, "BGB", "convert", "convert-in", e!.amount, e!.fee, context.now)
          const orderId = spot.id()
          bgbRecords.push({
            orderId,
            uid,
            fromCoin: e!.coin,
            fromAmount: e!.available,
            fromCoinPrice: e!.price,
            toAmount: e!.amount,
            toCoinPrice: e!.bgb,
            fee: e!.fee,
            cTime: context.now
          })
          orderList.push({ coin: e!.coin, orderId })
        }
        return { orderList }
      })),

    route(BgbConvert.records.endpoint, (request, context) => {
      const uid = uidOf(context)
      const mine = bgbRecords.filter((r) =>
        r.uid === uid && (request.orderId === undefined || r.orderId === request.orderId)
      )
      const page = Paging.byCursor(mine, { id: (r) => r.orderId, time: (r) => r.cTime, limit: 20 }, request)
      return Effect.succeed(page.map((r) => ({
        orderId: r.orderId,
        fromCoin: r.fromCoin,
        fromAmount: r.fromAmount,
        fromCoinPrice: r.fromCoinPrice,
        toCoin: "BGB",
        toAmount: r.toAmount,
        toCoinPrice: r.toCoinPrice,
        feeDetail: [{ feeCoin: "BGB", fee: r.fee }],
        status: "success",
        cTime: DateTime.unsafeMake(r.cTime)
      })))
    }),

    route(
      Convert.currencies.endpoint,
      (_, context) =>
        Effect.succeed(
          Object.entries(LIMITS).map(([coin, [min, max]]) => ({
            coin,
            available: spot.balance(uidOf(context), coin).available,
            minAmount: dec(min),
            maxAmount: dec(max)
          }))
        )
    ),

    route(Convert.quotedPrice.endpoint, (request, context) =>
      Effect.gen(function*() {
        const fromCoin = upper(request.fromCoin)
        const toCoin = upper(request.toCoin)
        const from = usdt(fromCoin)
        const to = usdt(toCoin)
        if (from === undefined || LIMITS[fromCoin] === undefined) {
          return yield* reject("43131", `${fromCoin} does not support convert`)
        }
        if (to === undefined || LIMITS[toCoin] === undefined) {
          return yield* reject("43131", `${toCoin} does not support convert`)
        }
        const cnvtPrice = BD.round(BD.multiply(BD.unsafeDivide(from, to), SPREAD), { scale: 16, mode: "floor" })
        const fromCoinSize = request.fromCoinSize !== undefined
          ? Decimal.toBigDecimal(request.fromCoinSize)
          : BD.round(BD.unsafeDivide(Decimal.toBigDecimal(request.toCoinSize!), cnvtPrice), { scale: 8, mode: "ceil" })
        const toCoinSize = request.toCoinSize !== undefined
          ? Decimal.toBigDecimal(request.toCoinSize)
          : BD.round(BD.multiply(fromCoinSize, cnvtPrice), { scale: 8, mode: "floor" })
        yield* within(fromCoin, fromCoinSize)
        yield* within(toCoin, toCoinSize)
        const quote: Quote = {
          traceId: spot.id(),
          uid: uidOf(context),
          fromCoin,
          toCoin,
          fromCoinSize,
          toCoinSize,
          cnvtPrice,
          fee: ZERO,
          cTime: context.now,
          expiresAt: context.now + VALIDITY,
          traded: false
        }
        quotes.set(quote.traceId, quote)
        return {
          fromCoin,
          fromCoinSize,
          cnvtPrice,
          toCoin,
          toCoinSize,
          traceId: quote.traceId,
          fee: quote.fee
        }
      })),

    route(Convert.trade.endpoint, (request, context) =>
      Effect.gen(function*() {
        const uid = uidOf(context)
        const quote = quotes.get(request.traceId)
        if (quote === undefined || quote.uid !== uid) {
          return yield* reject("12022", "The quote does not exist or its data does not match")
        }
        if (quote.traded || context.now >= quote.expiresAt) return yield* reject("12021", "The quote has expired")
        const same = upper(request.fromCoin) === quote.fromCoin && upper(request.toCoin) === quote.toCoin &&
          BD.equals(Decimal.toBigDecimal(request.fromCoinSize), quote.fromCoinSize) &&
          BD.equals(Decimal.toBigDecimal(request.toCoinSize), quote.toCoinSize) &&
          BD.equals(Decimal.toBigDecimal(request.cnvtPrice), quote.cnvtPrice)
        if (!same) return yield* reject("12022", "The quote does not exist or its data does not match")
        yield* spot.move(uid, quote.fromCoin, BD.negate(quote.fromCoinSize), context.now)
        yield* spot.move(uid, quote.toCoin, quote.toCoinSize, context.now)
        spot.bill(uid, quote.fromCoin, "convert", "convert-out", BD.negate(quote.fromCoinSize), ZERO, context.now)
        spot.bill(uid, quote.toCoin, "convert", "convert-in", quote.toCoinSize, ZERO, context.now)
        quote.traded = true
        records.push({
          id: spot.id(),
          uid,
          traceId: quote.traceId,
          fromCoin: quote.fromCoin,
          toCoin: quote.toCoin,
          fromCoinSize: quote.fromCoinSize,
          toCoinSize: quote.toCoinSize,
          cnvtPrice: quote.cnvtPrice,
          fee: quote.fee,
          ts: context.now
        })
        return {
          ts: DateTime.unsafeMake(context.now),
          cnvtPrice: quote.cnvtPrice,
          toCoinSize: quote.toCoinSize,
          toCoin: quote.toCoin
        }
      })),

    route(Convert.convertRecord.endpoint, (request, context) => {
      const uid = uidOf(context)
      const page = Paging.byCursor(records.filter((r) => r.uid === uid), {
        id: (r) => r.id,
        time: (r) => r.ts,
        limit: 20
      }, request)
      const last = page[page.length - 1]
      return Effect.succeed({
        dataList: page.map((r) => ({
          id: r.id,
          ts: DateTime.unsafeMake(r.ts),
          cnvtPrice: r.cnvtPrice,
          fee: r.fee,
          fromCoinSize: r.fromCoinSize,
          fromCoin: r.fromCoin,
          toCoinSize: r.toCoinSize,
          toCoin: r.toCoin
        })),
        ...(last === undefined ? {} : { endId: last.id })
      })
    })
  ]

  const control: ConvertControl = { quotes, records, bgbRecords }
  return { name: "convert", routes, control }
}

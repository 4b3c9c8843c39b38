/**
 * The V3 P2P marketplace's fixed data (tokens, fiats, payment methods, bounds) and the helpers
 * its routes share: reference rates from the spot world's one price path, each account's payment
 * methods, cursor pages.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { Context } from "../Domain.js"
import { reject } from "../Rejection.js"
import type { World } from "../spot/World.js"
import { codes, dec, type P2PBook } from "./P2PBook.js"

/** Tokens traded and their decimals. */
export const TOKENS: ReadonlyArray<readonly [string, number]> = [["USDT", 2], ["USDC", 2], ["BTC", 6]]
/** Fiat per USD, and the fiat amounts an order may range over. */
export const FIATS: Readonly<Record<string, { readonly perUsd: string; readonly min: string; readonly max: string }>> =
  {
    CNY: { perUsd: "7.2", min: "100", max: "1000000" },
    USD: { perUsd: "1", min: "10", max: "100000" },
    EUR: { perUsd: "0.92", min: "10", max: "100000" }
  }
/** The minutes an ad may give the buyer to pay. */
export const PAY_TIMES = [10, 15, 30]
export const METHODS: ReadonlyArray<readonly [string, string]> = [["1", "Bank Transfer"], ["2", "Alipay"], [
  "3",
  "Wise"
]]
/** Price bounds, as a ratio of the reference rate (a floating ad's premium is such a ratio). */
export const RATIO_MIN = dec("0.8")
export const RATIO_MAX = dec("1.2")
/** Ad quantity bounds, in USDT (ad-limit). */
export const AD_MIN = dec("10")
export const AD_MAX = dec("100000")
export const DAY = 86_400_000

export const at = (ms: number) => DateTime.unsafeMake(ms)
export const ms = (value: DateTime.Utc | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)
export const big = (value: BD.BigDecimal | string) => Decimal.toBigDecimal(value)
export const given = (value: string | undefined): value is string => value !== undefined && value !== ""
export const round = (value: BD.BigDecimal, scale: number) => BD.normalize(BD.scale(value, scale))

/** One cursor page of rows (newest first, ids descending): those below `cursor`, at most `limit`. */
export const page = <Row>(rows: ReadonlyArray<Row>, id: (row: Row) => string, cursor?: string, limit?: number) => {
  const size = limit ?? 10
  const sorted = [...rows].sort((a, b) => (BigInt(id(b)) > BigInt(id(a)) ? 1 : -1))
    // The simulator's ids are numeric: another cursor names no row, and nothing is below it.
    .filter((row) => !given(cursor) || (/^\d+$/.test(cursor) && BigInt(id(row)) < BigInt(cursor)))
  const items = sorted.slice(0, size)
  // A cursor only when more may follow: the walk then ends without asking for an empty page.
  return sorted.length > size ? { items, nextId: id(items[items.length - 1]!) } : { items }
}

export const inWindow = (
  time: number,
  request: { readonly startTime?: DateTime.Utc | undefined; readonly endTime?: DateTime.Utc | undefined }
) =>
  (request.startTime === undefined || time >= ms(request.startTime)!) &&
  (request.endTime === undefined || time <= ms(request.endTime)!)

/** What the routes share of one simulator: its book, prices and accounts' payment methods. */
export const marketOf = (world: World, book: P2PBook) => {
  const usd = (token: string) => /^USD/.test(token) ? dec("1") : world.prices.get(`${token}USDT`) ?? dec("0")
  const rate = (token: string, fiat: string) => round(BD.multiply(usd(token), dec(FIATS[fiat]!.perUsd)), 8)
  const uidOf = (context: Context) => context.account!.uid
  const methods = (uid: string) =>
    METHODS.map(([payMethodId, payMethodName]) => ({
      payMethodId,
      payMethodName,
      payMethodUserName: book.nickName(uid),
      userPayMethodId: `${uid}${payMethodId.padStart(3, "0")}`,
      payMethodInfo: [{ name: "Account", type: "txt", value: `${payMethodName} ${uid}` }]
    }))
  const market = (token: string, fiat: string) =>
    TOKENS.some(([t]) => t === token) && FIATS[fiat] !== undefined
      ? Effect.void
      : reject(codes.parameter, `${token}/${fiat} is not traded P2P`)

  return { usd, rate, uidOf, methods, market }
}
export type Market = ReturnType<typeof marketOf>

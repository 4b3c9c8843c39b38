/**
 * Spot value schemas written as single `Schema.declare`s, so decoding costs one step per value:
 * candle rows (tuples on the wire, named objects in code; order book levels are core's
 * `OrderBook.Level`) and the orders' `feeDetail` (a JSON document inside a string). Each also
 * encodes back to the wire form, which is what the simulator sends.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { FastDeclaration } from "@effect-bitget/core/internal/fastDecode"
import type * as BigDecimal from "effect/BigDecimal"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

const decimalOf = Decimal.fromWire

const millisOf = (value: unknown): number | undefined => {
  if (DateTime.isDateTime(value)) return DateTime.toEpochMillis(value)
  const ms = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(ms) && ms >= 0 ? ms : undefined
}

const decimalArb = (fc: typeof import("effect/FastCheck")) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 })).map(([value, scale]) =>
    BD.make(value, scale)
  )

const timeArb = (fc: typeof import("effect/FastCheck")) =>
  fc.integer({ min: 1_500_000_000_000, max: 1_900_000_000_000 }).map((ms) => DateTime.unsafeMake(ms))

/** One candle: `[ts, open, high, low, close, baseVolume, usdtVolume, quoteVolume]` on the wire. */
export interface Candle {
  readonly ts: DateTime.Utc
  readonly open: BigDecimal.BigDecimal
  readonly high: BigDecimal.BigDecimal
  readonly low: BigDecimal.BigDecimal
  readonly close: BigDecimal.BigDecimal
  /** Volume in the base coin. */
  readonly baseVolume: BigDecimal.BigDecimal
  /** Volume in USDT. */
  readonly usdtVolume: BigDecimal.BigDecimal
  /** Volume in the quote coin. */
  readonly quoteVolume: BigDecimal.BigDecimal
}

const CANDLE_KEYS = ["open", "high", "low", "close", "baseVolume", "usdtVolume", "quoteVolume"] as const

const isCandle = (input: unknown): input is Candle =>
  typeof input === "object" && input !== null && !Array.isArray(input) && DateTime.isDateTime((input as any).ts) &&
  CANDLE_KEYS.every((key) => BD.isBigDecimal((input as any)[key]))

/** A spot candle row: an 8-string tuple on the wire, a named object in code. */
export const Candle: Schema.Schema<Candle, ReadonlyArray<string>> = Schema.declare<
  Candle,
  ReadonlyArray<string>,
  readonly []
>(
  [],
  {
    decode: () => (input, _, ast) => {
      if (isCandle(input)) return Effect.succeed(input)
      if (Array.isArray(input) && input.length >= 8) {
        const ts = millisOf(input[0])
        const values = CANDLE_KEYS.map((_, i) => decimalOf(input[i + 1]))
        if (ts !== undefined && values.every((v) => v !== undefined)) {
          const [open, high, low, close, baseVolume, usdtVolume, quoteVolume] = values as Array<BigDecimal.BigDecimal>
          return Effect.succeed(
            { ts: DateTime.unsafeMake(ts), open, high, low, close, baseVolume, usdtVolume, quoteVolume } as Candle
          )
        }
      }
      return Effect.fail(new ParseResult.Type(ast, input, "Expected a candle: 8 decimal strings, time first"))
    },
    encode: () => (input, _, ast) => {
      if (Array.isArray(input)) return Effect.succeed(input)
      if (isCandle(input)) {
        return Effect.succeed([
          String(DateTime.toEpochMillis(input.ts)),
          ...CANDLE_KEYS.map((k) => Decimal.format(input[k]))
        ])
      }
      return Effect.fail(new ParseResult.Type(ast, input, "Expected a Candle"))
    }
  },
  {
    identifier: "Candle",
    description: "[ts, open, high, low, close, baseVolume, usdtVolume, quoteVolume]",
    arbitrary: () => (fc) =>
      fc.tuple(timeArb(fc), fc.array(decimalArb(fc), { minLength: 7, maxLength: 7 })).map(([ts, v]) => ({
        ts,
        open: v[0]!,
        high: v[1]!,
        low: v[2]!,
        close: v[3]!,
        baseVolume: v[4]!,
        usdtVolume: v[5]!,
        quoteVolume: v[6]!
      }))
  }
)

/** The fee of an order in one coin (a key of `feeDetail` named after a coin). */
export interface CoinFee {
  readonly deduction: boolean
  readonly feeCoinCode: string
  readonly totalDeductionFee: BigDecimal.BigDecimal
  /** Negative: what was paid. */
  readonly totalFee: BigDecimal.BigDecimal
}

/** The `newFees` summary: `c` coupon, `d` deduction, `r` remaining, `t` total. */
export interface NewFees {
  readonly c: BigDecimal.BigDecimal
  readonly d: BigDecimal.BigDecimal
  readonly deduction: boolean
  readonly r: BigDecimal.BigDecimal
  readonly t: BigDecimal.BigDecimal
  readonly totalDeductionFee: BigDecimal.BigDecimal
}

/** An order's `feeDetail`, decoded from the JSON text the exchange sends. */
export interface OrderFee {
  readonly newFees?: NewFees | undefined
  /** Fees by the coin key they were filed under (`USDT`, `BGB`, …). */
  readonly coins: { readonly [coin: string]: CoinFee }
}

const ZERO = BD.make(0n, 0)
const bool = (value: unknown) => value === true || value === "true" || value === "yes"
const dec = (value: unknown) => decimalOf(value) ?? ZERO

const fromJson = (parsed: unknown): OrderFee | undefined => {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined
  const coins: Record<string, CoinFee> = {}
  let newFees: NewFees | undefined
  for (const [key, value] of Object.entries(parsed as Record<string, any>)) {
    if (typeof value !== "object" || value === null) continue
    if (key === "newFees") {
      newFees = {
        c: dec(value.c),
        d: dec(value.d),
        deduction: bool(value.deduction),
        r: dec(value.r),
        t: dec(value.t),
        totalDeductionFee: dec(value.totalDeductionFee)
      }
    } else {
      coins[key] = {
        deduction: bool(value.deduction),
        feeCoinCode: String(value.feeCoinCode ?? key),
        totalDeductionFee: dec(value.totalDeductionFee),
        totalFee: dec(value.totalFee)
      }
    }
  }
  return newFees === undefined ? { coins } : { newFees, coins }
}

const num = (value: BigDecimal.BigDecimal) => Number(Decimal.format(value))

const toJson = (fee: OrderFee): string => {
  const out: Record<string, unknown> = {}
  if (fee.newFees !== undefined) {
    const n = fee.newFees
    out.newFees = {
      c: num(n.c),
      d: num(n.d),
      deduction: n.deduction,
      r: num(n.r),
      t: num(n.t),
      totalDeductionFee: num(n.totalDeductionFee)
    }
  }
  for (const [coin, value] of Object.entries(fee.coins)) {
    out[coin] = {
      deduction: value.deduction,
      feeCoinCode: value.feeCoinCode,
      totalDeductionFee: num(value.totalDeductionFee),
      totalFee: num(value.totalFee)
    }
  }
  return JSON.stringify(out)
}

const isOrderFee = (input: unknown): input is OrderFee =>
  typeof input === "object" && input !== null && typeof (input as any).coins === "object"

/**
 * Spot orders' `feeDetail`: a JSON document inside a string (inner values are JSON numbers and
 * booleans), decoded in one step to an `OrderFee` with exact decimals.
 */
export const OrderFee: Schema.Schema<OrderFee, string> = Schema.declare(
  [],
  {
    decode: () => (input, _, ast) => {
      if (isOrderFee(input)) return Effect.succeed(input)
      if (typeof input === "string") {
        try {
          const fee = fromJson(JSON.parse(input))
          if (fee !== undefined) return Effect.succeed(fee)
        } catch {
          // reported below
        }
      } else {
        const fee = fromJson(input)
        if (fee !== undefined) return Effect.succeed(fee)
      }
      return Effect.fail(new ParseResult.Type(ast, input, "Expected feeDetail: a JSON object in a string"))
    },
    encode: () => (input, _, ast) =>
      typeof input === "string"
        ? Effect.succeed(input)
        : isOrderFee(input)
        ? Effect.succeed(toJson(input))
        : Effect.fail(new ParseResult.Type(ast, input, "Expected an OrderFee"))
  },
  {
    identifier: "OrderFee",
    description:
      "a JSON object in a string: { newFees?, <coin>: { deduction, feeCoinCode, totalDeductionFee, totalFee } }",
    arbitrary: () => (fc) =>
      fc.tuple(decimalArb(fc), fc.constantFrom("USDT", "BTC", "ETH")).map(([fee, coin]) => {
        const paid = BD.negate(BD.scale(fee, 6))
        return {
          newFees: { c: ZERO, d: ZERO, deduction: false, r: paid, t: paid, totalDeductionFee: ZERO },
          coins: { [coin]: { deduction: false, feeCoinCode: coin, totalDeductionFee: ZERO, totalFee: paid } }
        }
      })
  }
)

/** A whole number sent as a string or a JSON number (precisions, levels, counts). */
export const Int: Schema.Schema<number, string> = Schema.declare(
  [],
  {
    decode: () => (input, _, ast) => {
      const n = typeof input === "number"
        ? input
        : typeof input === "string" && /^-?\d+$/.test(input)
        ? Number(input)
        : NaN
      return Number.isSafeInteger(n)
        ? Effect.succeed(n)
        : Effect.fail(new ParseResult.Type(ast, input, "Expected a whole number"))
    },
    encode: () => (input, _, ast) =>
      typeof input === "number" && Number.isSafeInteger(input)
        ? Effect.succeed(String(input))
        : typeof input === "string" && /^-?\d+$/.test(input)
        ? Effect.succeed(input)
        : Effect.fail(new ParseResult.Type(ast, input, "Expected a whole number"))
  },
  { identifier: "Int", arbitrary: () => (fc) => fc.integer({ min: 0, max: 12 }) }
)

/** An id as a string: the text itself, a finite JSON number's text, else `undefined`. */
const decodeId = (input: unknown): string | undefined =>
  typeof input === "string" ? input : typeof input === "number" && Number.isFinite(input) ? String(input) : undefined

/**
 * An id documented as a string that some bodies send as a JSON number (`userId`, `parentId`).
 * Its decode is given to core's fast decoder too (`FastDeclaration`): without it, every row's id
 * went through the declaration's parser and an `Exit` (≈ 20% of a 100-row fills page's decode,
 * FINDINGS §22).
 */
export const Id: Schema.Schema<string, string> = Schema.declare(
  [],
  {
    decode: () => (input, _, ast) => {
      const id = decodeId(input)
      return id !== undefined
        ? Effect.succeed(id)
        : Effect.fail(new ParseResult.Type(ast, input, "Expected an id (string or number)"))
    },
    encode: () => (input, _, ast) =>
      typeof input === "string"
        ? Effect.succeed(input)
        : Effect.fail(new ParseResult.Type(ast, input, "Expected an id string"))
  },
  {
    identifier: "Id",
    [FastDeclaration]: decodeId,
    arbitrary: () => (fc) => fc.bigInt({ min: 1_000_000_000n, max: 9_999_999_999n }).map(String)
  }
)

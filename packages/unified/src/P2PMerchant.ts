/**
 * The P2P side of a unified account (`/api/v3/p2p/user-info`, `currencies`, `pay-method`,
 * `balance`): who you are on the marketplace and what you may publish, the tokens and fiats traded
 * with their limits, your payment methods, and the P2P balance ads and orders move. The P2P balance
 * is an account type of its own: `Transfer.transfer` moves money between it (`p2p`) and the
 * unified balance (`uta`). From Bitget's UTA P2P pages
 * (https://www.bitget.com/api-doc/uta/p2p/user-info/Get-Currencies and its siblings), bitget-api
 * and go-bitget. 10/s per UID.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { P2P_RATE } from "./P2PAds.js"
import { PayInfoField } from "./P2POrders.js"

export const UserInfo = Lazy.schema(() =>
  Schema.Struct({
    uid: Schema.String,
    nickName: Schema.String,
    /** The merchant level: `starter`, `advanced` or `master`. */
    accountLevel: Absent.optional(OpenEnum("starter", "advanced", "master")),
    completedOrderNum: Absent.optional(Schema.NumberFromString),
    positiveRate: Absent.optional(Decimal.Decimal),
    completedOrderNum30D: Absent.optional(Schema.NumberFromString),
    completedRate30D: Absent.optional(Decimal.Decimal),
    /** Average minutes to pay and to release over 30 days. */
    avgPayTime30D: Absent.optional(Decimal.Decimal),
    avgReleaseTime30D: Absent.optional(Decimal.Decimal),
    /** How many ads, and how large, the level allows; how many orders may be under way. */
    equityDetail: Absent.optional(Schema.Struct({
      maxAdvSellNum: Absent.optional(Schema.NumberFromString),
      maxAdvSellLimit: Absent.optional(Decimal.Decimal),
      maxAdvBuyNum: Absent.optional(Schema.NumberFromString),
      maxAdvBuyLimit: Absent.optional(Decimal.Decimal),
      totalMaxPendingOrder: Absent.optional(Schema.NumberFromString),
      advMaxPendingOrder: Absent.optional(Schema.NumberFromString)
    })),
    registerTime: Absent.optional(Timestamp)
  })
)
export interface UserInfo extends Schema.Schema.Type<typeof UserInfo> {}

export const UserInfoOf = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/user-info", {
    name: "unified.p2PMerchant.userInfo",
    signed: true,
    rateLimit: P2P_RATE,
    request: Endpoint.NoParams,
    data: Named.as<UserInfo>()(UserInfo)
  })
)

/**
 * `GET /api/v3/p2p/user-info`: your P2P profile: nickname, merchant level, completed orders and
 * rates, and what the level allows (`equityDetail`). 10/s per UID.
 */
export const userInfo = Operation.make(UserInfoOf)

export const FiatDetail = Lazy.schema(() =>
  Schema.Struct({
    fiat: Schema.String,
    precision: Absent.optional(Schema.NumberFromString),
    /** The bounds of a floating ad's price ratio and of a fixed ad's price. */
    floatRateMin: Absent.optional(Decimal.Decimal),
    floatRateMax: Absent.optional(Decimal.Decimal),
    fixedRateMin: Absent.optional(Decimal.Decimal),
    fixedRateMax: Absent.optional(Decimal.Decimal),
    adMinLimit: Absent.optional(Decimal.Decimal),
    adMaxLimit: Absent.optional(Decimal.Decimal),
    // One object, not a list, in Bitget's example and in bitget-api's type.
    payMethods: Absent.optional(Schema.Struct({
      payMethodName: Absent.optional(Schema.String),
      iconUrl: Absent.optional(Schema.String),
      payMethodId: Schema.String
    })),
    withdrawalLimit: Absent.optional(Schema.Struct({
      withdrawLimitKey: Absent.optional(Schema.String),
      withdrawLimitValue: Absent.optional(Schema.String)
    })),
    /** The minutes an ad of this fiat may give the buyer to pay (`payTimeLimit` of an ad). */
    payTimeLimit: Schema.optionalWith(Schema.Array(Schema.Number), { default: () => [] })
  })
)
export interface FiatDetail extends Schema.Schema.Type<typeof FiatDetail> {}

/** The tokens and fiat currencies P2P trades. */
export const P2PCurrencies = Lazy.schema(() =>
  Schema.Struct({
    tokenDetailList: Schema.Array(Schema.Struct({
      token: Schema.String,
      precision: Absent.optional(Schema.NumberFromString)
    })),
    fiatDetailList: Schema.Array(Named.as<FiatDetail>()(FiatDetail))
  })
)
export interface P2PCurrencies extends Schema.Schema.Type<typeof P2PCurrencies> {}

export const Currencies = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/currencies", {
    name: "unified.p2PMerchant.currencies",
    signed: true,
    rateLimit: P2P_RATE,
    request: Endpoint.NoParams,
    data: Named.as<P2PCurrencies>()(P2PCurrencies)
  })
)

/**
 * `GET /api/v3/p2p/currencies`: the tokens and fiats P2P trades, with their decimals, the bounds
 * of an ad's price and amount per fiat, and the payment times an ad may give. 10/s per UID.
 */
export const currencies = Operation.make(Currencies)

export const PayMethod = Lazy.schema(() =>
  Schema.Struct({
    payMethodId: Schema.String,
    payMethodName: Absent.optional(Schema.String),
    payMethodUserName: Absent.optional(Schema.String),
    /** Your own account of this method: a sell ad names it to be paid into. */
    userPayMethodId: Absent.optional(Schema.String),
    payMethodInfo: Schema.optionalWith(Schema.Array(PayInfoField), { default: () => [] })
  })
)
export interface PayMethod extends Schema.Schema.Type<typeof PayMethod> {}

export const PayMethods = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/pay-method", {
    name: "unified.p2PMerchant.payMethods",
    signed: true,
    rateLimit: P2P_RATE,
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<PayMethod>()(PayMethod))
  })
)

/**
 * `GET /api/v3/p2p/pay-method`: your payment methods, each with the `payMethodId` an ad accepts
 * and the `userPayMethodId` a sell ad is paid into. 10/s per UID.
 */
export const payMethods = Operation.make(PayMethods)

export const Balance = Lazy.schema(() =>
  Schema.Struct({
    token: Schema.String,
    /** Available plus frozen (held by sell ads and orders under way). */
    totalBalance: Decimal.Decimal,
    frozenBalance: Decimal.Decimal,
    availableBalance: Decimal.Decimal
  })
)
export interface Balance extends Schema.Schema.Type<typeof Balance> {}

export const BalanceOf = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/balance", {
    name: "unified.p2PMerchant.balance",
    signed: true,
    rateLimit: P2P_RATE,
    request: Schema.Struct({ token: Limit.NonEmpty }),
    data: Named.as<Balance>()(Balance)
  })
)

/**
 * `GET /api/v3/p2p/balance`: your P2P balance of `token`: what is free, and what sell ads and
 * orders under way hold. 10/s per UID.
 */
export const balance = Operation.make(BalanceOf)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [UserInfoOf, Currencies, PayMethods, BalanceOf]

/**
 * The V3 P2P marketplace as a simulator domain (`unifiedP2P`): the 18 `/api/v3/p2p/*` routes over
 * `P2PBook`, and test knobs (`P2PControl`) to open a merchant account and to take an ad as a buyer
 * does in Bitget's app (the API has no call for it). Rates come from the spot world's one price
 * path; the lists of tokens, fiats and payment methods are the simulator's.
 */
import * as P2PAds from "@effect-bitget/unified/P2PAds"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { IssuedKey } from "../Accounts.js"
import { type Context, type Domain, type Environment, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import type { World } from "../spot/World.js"
import { fromWorld } from "./Funds.js"
import { type Ad, codes, dec, FEE_RATE, lastAmount, P2PBook, type PayRef } from "./P2PBook.js"
import {
  AD_MAX,
  AD_MIN,
  at,
  big,
  FIATS,
  given,
  inWindow,
  marketOf,
  METHODS,
  page,
  PAY_TIMES,
  RATIO_MAX,
  RATIO_MIN,
  round,
  TOKENS
} from "./P2PMarket.js"
import { orderRoutes } from "./P2POrderRoutes.js"

export interface P2PControl {
  readonly book: P2PBook
  /** Opens a unified account that trades P2P as `nickName`, with its key and `usdt` in its P2P balance. */
  readonly openMerchant: (nickName: string, usdt?: string) => { readonly uid: string; readonly key: IssuedKey }
  /** `uid` takes `amount` fiat of an ad, as a buyer does in the app; returns the new order's id. */
  readonly take: (uid: string, advId: string, amount: string) => Effect.Effect<string, unknown>
}

export const make = (environment: Environment, world: World): Domain => {
  const funds = fromWorld(world, environment.accounts)
  const book = new P2PBook(funds)
  const m = marketOf(world, book)
  const { market, methods, rate, uidOf, usd } = m
  /** The rules of an ad's terms against the simulator's data, for a new ad and for an update. */
  const check = (uid: string, ad: Ad) =>
    Effect.gen(function*() {
      yield* market(ad.token, ad.fiat)
      const reference = rate(ad.token, ad.fiat)
      const ratio = ad.priceType === "floating" ? ad.premium! : BD.unsafeDivide(ad.price, reference)
      if (BD.lessThan(ratio, RATIO_MIN) || BD.greaterThan(ratio, RATIO_MAX)) {
        return yield* reject(codes.parameter, "price is outside the allowed range of the reference rate")
      }
      if (ad.priceType === "floating") ad.price = round(BD.multiply(reference, ad.premium!), 2)
      const fiat = FIATS[ad.fiat]!
      if (BD.lessThan(ad.minAmount, dec(fiat.min)) || BD.greaterThan(ad.maxAmount, dec(fiat.max))) {
        return yield* reject(codes.parameter, `order amounts must be from ${fiat.min} to ${fiat.max} ${ad.fiat}`)
      }
      if (BD.greaterThan(ad.minAmount, ad.maxAmount)) return yield* reject(codes.parameter, "minAmount > maxAmount")
      const value = BD.multiply(ad.quantity, usd(ad.token))
      if (BD.lessThan(value, AD_MIN) || BD.greaterThan(value, AD_MAX)) {
        return yield* reject(
          codes.parameter,
          `quantity must be worth from ${BD.format(AD_MIN)} to ${BD.format(AD_MAX)} USDT`
        )
      }
      if (!PAY_TIMES.includes(ad.payTimeLimit)) {
        return yield* reject(codes.parameter, `payTimeLimit must be one of ${PAY_TIMES}`)
      }
      const mine = methods(uid)
      for (const ref of ad.payMethods) {
        const method = mine.find((m) => m.payMethodId === ref.payMethodId)
        if (method === undefined) return yield* reject(codes.parameter, `Unknown payMethodId ${ref.payMethodId}`)
        if (given(ref.userPayMethodId) && ref.userPayMethodId !== method.userPayMethodId) {
          return yield* reject(codes.parameter, `userPayMethodId ${ref.userPayMethodId} is not yours`)
        }
      }
    })

  const ownAd = (context: Context, advId: string) => {
    const ad = book.ads.find((a) => a.advId === advId && a.uid === uidOf(context))
    return ad === undefined ? reject(codes.ad, `Advertisement ${advId} not found`) : Effect.succeed(ad)
  }

  const refs = (list: ReadonlyArray<{ readonly payMethodId: string; readonly userPayMethodId?: string | undefined }>) =>
    list.map((m): PayRef => ({ payMethodId: m.payMethodId, userPayMethodId: m.userPayMethodId }))

  const control: P2PControl = {
    book,
    openMerchant: (nickName, usdt = "10000") => {
      const now = environment.now()
      const record = environment.accounts.open({ kind: "p2p-merchant", label: nickName, now, mode: "unified" })
      book.nickNames.set(record.uid, nickName)
      Effect.runSync(funds.move(record.uid, "p2p", "USDT", dec(usdt), now))
      return { uid: record.uid, key: environment.accounts.issueKey(record.uid, { passphrase: "merchant1", now }) }
    },
    take: (uid, advId, amount) =>
      Effect.map(book.take(uid, advId, dec(amount), environment.now()), (order) => order.orderId)
  }

  const routes = [
    route(P2PAds.CreateAd, (request, context) =>
      Effect.gen(function*() {
        const uid = uidOf(context)
        const ad: Ad = {
          advId: book.adId(),
          uid,
          side: request.side,
          token: request.token.toUpperCase(),
          fiat: request.fiat.toUpperCase(),
          createdTime: context.now,
          priceType: request.priceType,
          price: request.price === undefined ? dec("0") : big(request.price),
          premium: request.premium === undefined ? undefined : big(request.premium),
          minAmount: big(request.minAmount),
          maxAmount: big(request.maxAmount),
          quantity: big(request.quantity),
          sold: dec("0"),
          locked: dec("0"),
          payMethods: refs(request.payMethodIds),
          payTimeLimit: request.payTimeLimit,
          remark: request.remark ?? "",
          tradeTerms: request.tradeTerms ?? "",
          status: "publish",
          held: dec("0"),
          updatedTime: context.now
        }
        yield* check(uid, ad)
        yield* book.rehold(ad, context.now)
        book.ads.push(ad)
        return { advId: ad.advId }
      })),
    route(P2PAds.UpdateAd, (request, context) =>
      Effect.gen(function*() {
        const ad = yield* ownAd(context, request.advId)
        if (ad.status === "remove") return yield* reject(codes.parameter, "A removed advertisement cannot change")
        const next: Ad = {
          ...ad,
          priceType: request.priceType ?? ad.priceType,
          price: request.price === undefined ? ad.price : big(request.price),
          premium: request.premium === undefined ? ad.premium : big(request.premium),
          minAmount: request.minAmount === undefined ? ad.minAmount : big(request.minAmount),
          maxAmount: request.maxAmount === undefined ? ad.maxAmount : big(request.maxAmount),
          quantity: request.quantity === undefined ? ad.quantity : big(request.quantity),
          payMethods: request.payMethodIds === undefined ? ad.payMethods : refs(request.payMethodIds),
          payTimeLimit: request.payTimeLimit,
          remark: request.remark ?? ad.remark,
          tradeTerms: request.tradeTerms ?? ad.tradeTerms,
          updatedTime: context.now
        }
        if (BD.lessThan(next.quantity, BD.sum(ad.sold, ad.locked))) {
          return yield* reject(codes.parameter, "quantity is below what is sold and under way")
        }
        yield* check(ad.uid, next)
        yield* book.rehold(next, context.now)
        Object.assign(ad, next)
        return "success"
      })),
    route(P2PAds.OperateAd, (request, context) =>
      Effect.gen(function*() {
        const ad = yield* ownAd(context, request.advId)
        if (ad.status === "remove") return yield* reject(codes.parameter, "The advertisement is removed")
        if (ad.status === request.operation) return yield* reject(codes.parameter, `Already ${ad.status}`)
        const before = ad.status
        ad.status = request.operation
        yield* Effect.tapError(book.rehold(ad, context.now), () => Effect.sync(() => void (ad.status = before)))
        ad.updatedTime = context.now
        return "success"
      })),
    route(P2PAds.AdInfoOf, (request, context) =>
      Effect.map(ownAd(context, request.advId), (ad) => ({
        advId: ad.advId,
        side: ad.side,
        priceType: ad.priceType,
        token: ad.token,
        fiat: ad.fiat,
        price: ad.price,
        amount: ad.quantity,
        soldAmount: ad.sold,
        lastAmount: lastAmount(ad),
        minAmount: ad.minAmount,
        maxAmount: ad.maxAmount,
        payDuration: String(ad.payTimeLimit),
        ...(ad.premium === undefined ? {} : { premium: ad.premium }),
        turnover: round(BD.multiply(ad.sold, ad.price), 2),
        remark: ad.remark,
        tradeTerm: ad.tradeTerms,
        payMethodIds: ad.payMethods.map((m) => ({
          payMethodId: m.payMethodId,
          ...(m.userPayMethodId === undefined ? {} : { userPayMethodId: m.userPayMethodId })
        })),
        tokenPrecision: String(TOKENS.find(([t]) => t === ad.token)?.[1] ?? 2),
        fiatPrecision: "2",
        market: "public",
        createdTime: at(ad.createdTime),
        updatedTime: at(ad.updatedTime)
      }))),
    route(P2PAds.MyAds, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const ads = book.ads.filter((ad) =>
          ad.uid === uidOf(context) && inWindow(ad.createdTime, request) &&
          (!given(request.advId) || ad.advId === request.advId) &&
          (!given(request.token) || ad.token === request.token.toUpperCase()) &&
          (!given(request.fiat) || ad.fiat === request.fiat.toUpperCase()) &&
          (request.status === undefined || ad.status === request.status)
        )
        const result = page(ads, (ad) => ad.advId, request.cursor, request.limit)
        return {
          ...result,
          items: result.items.map((ad) => ({
            advId: ad.advId,
            side: ad.side,
            priceType: ad.priceType,
            token: ad.token,
            fiat: ad.fiat,
            price: ad.price,
            soldAmount: ad.sold,
            lastAmount: lastAmount(ad),
            payMethods: ad.payMethods.map((m) => ({ payMethodId: m.payMethodId })),
            status: ad.status,
            createdTime: at(ad.createdTime),
            updatedTime: at(ad.updatedTime)
          }))
        }
      })),
    route(P2PAds.AdList, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const amount = request.amount === undefined ? undefined : big(request.amount)
        const size = request.limit ?? 10
        const from = ((request.pageNum ?? 1) - 1) * size
        // Best price first for the taker: cheapest sell ads, dearest buy ads; then oldest.
        return book.ads
          .filter((ad) =>
            ad.status === "publish" && ad.token === request.token.toUpperCase() &&
            ad.fiat === request.fiat.toUpperCase() && ad.side === request.side && BD.isPositive(lastAmount(ad)) &&
            (amount === undefined || (BD.lessThanOrEqualTo(ad.minAmount, amount) &&
              BD.lessThanOrEqualTo(amount, ad.maxAmount)))
          )
          .sort((a, b) =>
            (request.side === "sell" ? 1 : -1) * BD.Order(a.price, b.price) || a.createdTime - b.createdTime
          )
          .slice(from, from + size)
          .map((ad) => {
            const done = book.orders.filter((o) => o.merchant === ad.uid && o.status === "completed").length
            const ended = book.orders.filter((o) =>
              o.merchant === ad.uid && (o.status === "completed" || o.status === "cancelled")
            ).length
            return {
              advId: ad.advId,
              merchantId: ad.uid,
              merchantName: book.nickName(ad.uid),
              token: ad.token,
              fiat: ad.fiat,
              side: ad.side,
              price: ad.price,
              minAmount: ad.minAmount,
              maxAmount: ad.maxAmount,
              quantity: lastAmount(ad),
              payMethods: ad.payMethods.map((m) => ({
                payMethodId: m.payMethodId,
                payMethodName: METHODS.find(([id]) => id === m.payMethodId)?.[1] ?? ""
              })),
              completedOrderNum: String(done),
              completedRate: ended === 0 ? dec("0") : round(BD.unsafeDivide(dec(String(done)), dec(String(ended))), 4),
              createdTime: at(ad.createdTime)
            }
          })
      })),
    route(
      P2PAds.ExchangeRate,
      (request) =>
        Effect.map(market(request.token.toUpperCase(), request.fiat.toUpperCase()), () => ({
          rate: rate(request.token.toUpperCase(), request.fiat.toUpperCase())
        }))
    ),
    route(
      P2PAds.FeeSimulate,
      (request) =>
        Effect.map(market(request.token.toUpperCase(), request.fiat.toUpperCase()), () => ({
          feeToken: request.token.toUpperCase(),
          feeAmount: P2PBook.fee(big(request.amount)),
          taxToken: request.token.toUpperCase(),
          taxAmount: dec("0")
        }))
    ),
    route(
      P2PAds.AdLimit,
      (request) =>
        Effect.map(market(request.token.toUpperCase(), request.fiat.toUpperCase()), () => ({
          buyMinTokenAmount: AD_MIN,
          buyMaxTokenAmount: AD_MAX,
          sellMinTokenAmount: AD_MIN,
          sellMaxTokenAmount: AD_MAX
        }))
    ),
    ...orderRoutes(book, funds, environment.accounts, m)
  ]
  return { name: "unifiedP2P", routes, control }
}

/** The fee rate the simulator charges merchants (for docs and tests). */
export const MERCHANT_FEE_RATE = FEE_RATE

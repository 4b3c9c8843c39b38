/**
 * The V3 P2P marketplace's state: merchants' ads and the orders taken on them, over the P2P
 * balance of each unified account (the spot world's `p2p` account type, the same one
 * `account/transfer` moves money into; see `Funds.ts`). What an ad or an order holds leaves the
 * available balance and is kept here as `frozen`, so a balance is always available + frozen.
 *
 * The simulator's rules, where Bitget's pages say what but not how:
 * - a sell ad holds its quantity plus the merchant's fee on it (`FEE_RATE`, what `fee-simulate`
 *   answers) while listed; taken off the shelf or removed, it gives back what is unsold;
 * - an order holds the seller's tokens until released or cancelled; the buyer has the ad's
 *   `payTimeLimit` minutes of the simulator's clock to mark it paid, after which it is cancelled;
 * - a buy ad's merchant receives the tokens less the fee.
 * Codes are Bitget's P2P ones (error-codes.tsv): 60003 order not found, 60004 ad not found, 60006
 * parameter error (a wrong state or party included), 60013 insufficient balance.
 */
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { reject, type Rejection } from "../Rejection.js"
import type { Dec, Funds } from "./Funds.js"

export const dec = (text: string) => BD.unsafeFromString(text)
const ZERO = BD.fromBigInt(0n)
// 12 places: a fee on a 6-place quantity is exact, so holds taken and given back in parts add up.
const round = (value: Dec, scale = 12) => BD.normalize(BD.scale(value, scale))

export const FEE_RATE = dec("0.001")
export const codes = { order: "60003", ad: "60004", parameter: "60006", balance: "60013" } as const

export type Side = "buy" | "sell"
export type AdStatus = "publish" | "delist" | "remove"
export type OrderStatus = "pending_payment" | "pending_release" | "completed" | "cancelled" | "in_appeal"

export interface PayRef {
  readonly payMethodId: string
  readonly userPayMethodId?: string | undefined
}

export interface Ad {
  readonly advId: string
  readonly uid: string
  readonly side: Side
  readonly token: string
  readonly fiat: string
  readonly createdTime: number
  priceType: "fixed" | "floating"
  /** The fixed price, or the premium ratio over the reference rate. */
  price: Dec
  premium: Dec | undefined
  minAmount: Dec
  maxAmount: Dec
  quantity: Dec
  sold: Dec
  /** Taken by orders under way. */
  locked: Dec
  payMethods: ReadonlyArray<PayRef>
  payTimeLimit: number
  remark: string
  tradeTerms: string
  status: AdStatus
  /** What this ad holds of the merchant's balance now (unsold quantity and its fee, sell ads). */
  held: Dec
  updatedTime: number
}

export interface Order {
  readonly orderId: string
  readonly advId: string
  readonly buyer: string
  readonly seller: string
  readonly merchant: string
  readonly token: string
  readonly fiat: string
  readonly price: Dec
  readonly amount: Dec
  readonly quantity: Dec
  readonly fee: Dec
  readonly payMethod: PayRef
  readonly deadline: number
  readonly createdTime: number
  status: OrderStatus
  updatedTime: number
}

export const lastAmount = (ad: Ad) => BD.subtract(BD.subtract(ad.quantity, ad.sold), ad.locked)

export class P2PBook {
  readonly ads: Array<Ad> = []
  readonly orders: Array<Order> = []
  readonly nickNames = new Map<string, string>()
  /** Frozen P2P balance per uid and token (held by ads and orders). */
  private readonly frozen = new Map<string, Dec>()
  private nextAd = 1_500_000_000_000_000_000n
  private nextOrder = 1_600_000_000_000_000_000n

  constructor(readonly funds: Funds) {}

  adId() {
    this.nextAd += 1n
    return String(this.nextAd)
  }

  orderId() {
    this.nextOrder += 1n
    return String(this.nextOrder)
  }

  nickName(uid: string) {
    return this.nickNames.get(uid) ?? `user${uid.slice(-4)}`
  }

  frozenOf(uid: string, token: string): Dec {
    return this.frozen.get(`${uid}/${token}`) ?? ZERO
  }

  /** Moves `amount` of `uid`'s P2P `token` from available to frozen (60013 when it is not there). */
  hold(uid: string, token: string, amount: Dec, now: number): Effect.Effect<void, Rejection> {
    return Effect.suspend(() => {
      if (BD.lessThan(this.funds.available(uid, "p2p", token), amount)) {
        return reject(codes.balance, `Insufficient P2P balance of ${token}`)
      }
      return Effect.map(this.funds.move(uid, "p2p", token, BD.negate(amount), now), () => {
        this.frozen.set(`${uid}/${token}`, BD.sum(this.frozenOf(uid, token), amount))
      })
    })
  }

  /** Gives frozen `amount` back to available. */
  unhold(uid: string, token: string, amount: Dec, now: number) {
    this.frozen.set(`${uid}/${token}`, BD.subtract(this.frozenOf(uid, token), amount))
    Effect.runSync(this.funds.move(uid, "p2p", token, amount, now))
  }

  /** Spends frozen `amount` (it leaves the account). */
  spend(uid: string, token: string, amount: Dec) {
    this.frozen.set(`${uid}/${token}`, BD.subtract(this.frozenOf(uid, token), amount))
  }

  /** What a sell ad of `quantity` holds: the quantity and the fee on it. */
  static reserve(quantity: Dec) {
    return round(BD.multiply(quantity, BD.sum(dec("1"), FEE_RATE)))
  }

  static fee(quantity: Dec) {
    return round(BD.multiply(quantity, FEE_RATE))
  }

  /**
   * What a sell ad holds: all it has not sold (and the fee on it) while published; off the shelf,
   * only what orders under way took of it.
   */
  rehold(ad: Ad, now: number): Effect.Effect<void, Rejection> {
    return Effect.suspend(() => {
      if (ad.side !== "sell") return Effect.void
      const want = P2PBook.reserve(ad.status === "publish" ? BD.subtract(ad.quantity, ad.sold) : ad.locked)
      const delta = BD.subtract(want, ad.held)
      if (BD.isZero(delta)) return Effect.void
      if (BD.isPositive(delta)) return Effect.map(this.hold(ad.uid, ad.token, delta, now), () => void (ad.held = want))
      this.unhold(ad.uid, ad.token, BD.negate(delta), now)
      ad.held = want
      return Effect.void
    })
  }

  /** Cancels orders whose buyer did not pay in time: the seller's tokens go back. */
  settle(now: number) {
    for (const order of this.orders) {
      if (order.status !== "pending_payment" || now <= order.deadline) continue
      order.status = "cancelled"
      order.updatedTime = now
      this.unlock(order, now)
    }
  }

  /** An order that will not complete gives its quantity back: to its ad (sell ad) or to the seller. */
  private unlock(order: Order, now: number) {
    const ad = this.ads.find((a) => a.advId === order.advId)!
    ad.locked = BD.subtract(ad.locked, order.quantity)
    // Back on a published sell ad it stays held; on one taken off the shelf it is freed.
    if (ad.side === "sell") Effect.runSync(Effect.either(this.rehold(ad, now)))
    else this.unhold(order.seller, order.token, order.quantity, now)
  }

  /** A buyer takes `amount` fiat of an ad (what Bitget's app does; the API has no call for it). */
  take(taker: string, advId: string, amount: Dec, now: number): Effect.Effect<Order, Rejection> {
    return Effect.gen(this, function*() {
      this.settle(now)
      const ad = this.ads.find((a) => a.advId === advId && a.status === "publish")
      if (ad === undefined) return yield* reject(codes.ad, `Advertisement ${advId} not found`)
      if (ad.uid === taker) return yield* reject(codes.parameter, "Cannot take your own advertisement")
      if (BD.lessThan(amount, ad.minAmount) || BD.greaterThan(amount, ad.maxAmount)) {
        return yield* reject(
          codes.parameter,
          `amount must be from ${BD.format(ad.minAmount)} to ${BD.format(ad.maxAmount)}`
        )
      }
      const quantity = round(BD.unsafeDivide(amount, ad.price), 6)
      if (BD.greaterThan(quantity, lastAmount(ad))) return yield* reject(codes.parameter, "Not enough left on the ad")
      const sell = ad.side === "sell"
      // A buy ad: the taker sells, and their tokens are held until released.
      if (!sell) yield* this.hold(taker, ad.token, quantity, now)
      ad.locked = BD.sum(ad.locked, quantity)
      ad.updatedTime = now
      const order: Order = {
        orderId: this.orderId(),
        advId,
        buyer: sell ? taker : ad.uid,
        seller: sell ? ad.uid : taker,
        merchant: ad.uid,
        token: ad.token,
        fiat: ad.fiat,
        price: ad.price,
        amount,
        quantity,
        fee: P2PBook.fee(quantity),
        payMethod: ad.payMethods[0]!,
        deadline: now + ad.payTimeLimit * 60_000,
        createdTime: now,
        status: "pending_payment",
        updatedTime: now
      }
      this.orders.push(order)
      return order
    })
  }

  /** The order `uid` is a party to, or 60003. */
  order(uid: string, orderId: string, now: number): Effect.Effect<Order, Rejection> {
    this.settle(now)
    const order = this.orders.find((o) => o.orderId === orderId && (o.buyer === uid || o.seller === uid))
    return order === undefined ? reject(codes.order, `P2P order ${orderId} not found`) : Effect.succeed(order)
  }

  pay(uid: string, orderId: string, now: number): Effect.Effect<void, Rejection> {
    return Effect.flatMap(this.order(uid, orderId, now), (order) => {
      if (order.buyer !== uid) return reject(codes.parameter, "Only the buyer marks an order paid")
      if (order.status !== "pending_payment") return reject(codes.parameter, `Order is ${order.status}`)
      order.status = "pending_release"
      order.updatedTime = now
      return Effect.void
    })
  }

  release(uid: string, orderId: string, now: number): Effect.Effect<void, Rejection> {
    return Effect.flatMap(this.order(uid, orderId, now), (order) => {
      if (order.seller !== uid) return reject(codes.parameter, "Only the seller releases an order")
      if (order.status !== "pending_release") return reject(codes.parameter, `Order is ${order.status}`)
      const ad = this.ads.find((a) => a.advId === order.advId)!
      ad.locked = BD.subtract(ad.locked, order.quantity)
      ad.sold = BD.sum(ad.sold, order.quantity)
      ad.updatedTime = now
      if (ad.side === "sell") {
        // The merchant's hold for this quantity (and its fee) is spent; the buyer gets the quantity.
        ad.held = BD.subtract(ad.held, P2PBook.reserve(order.quantity))
        this.spend(order.seller, order.token, P2PBook.reserve(order.quantity))
        Effect.runSync(this.funds.move(order.buyer, "p2p", order.token, order.quantity, now))
      } else {
        this.spend(order.seller, order.token, order.quantity)
        Effect.runSync(
          this.funds.move(order.buyer, "p2p", order.token, BD.subtract(order.quantity, order.fee), now)
        )
      }
      order.status = "completed"
      order.updatedTime = now
      return Effect.void
    })
  }
}

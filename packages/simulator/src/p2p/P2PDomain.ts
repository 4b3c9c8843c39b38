/**
 * The P2P domain: the merchant list, the main account's merchant information, adverts and the
 * merchant's orders, served by Bitget's cursor rule (newest id first, `idLessThan` = the
 * previous page's `min…Id`, the page's smallest id returned beside it) within the request's
 * `[startTime, endTime]` (`endTime` defaults to now; more than 90 days is refused with 00001).
 */
import { Merchant } from "@effect-bitget/p2p"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { Context, Domain, Environment } from "../Domain.js"
import { MAIN_UID, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import * as Paging from "../spot/Paging.js"
import { type Advert, type Merchant as MerchantRecord, type Order, type OrderInput, World } from "./World.js"

export { World } from "./World.js"
export type { Advert, Order, OrderInput, OrderStatus } from "./World.js"

/** Test knobs of the P2P domain, reached with `Simulator.control<P2PControl>("p2p")`. */
export interface P2PControl {
  readonly world: World
  /** An advert of the main merchant (`side`, `coin`, `fiat` of the first seeded one unless given), created at `cTime`. */
  readonly addAdvert: (options: {
    readonly cTime: number
    readonly side?: "buy" | "sell"
    readonly coin?: string
    readonly fiat?: string
    readonly status?: Advert["status"]
    readonly price?: BigDecimal.BigDecimal
  }) => Advert
  /** An order on an advert at `cTime`, taken to `status` (default `pending_pay`). */
  readonly addOrder: (input: OrderInput) => Order
}

const DAY = 86_400_000
const WINDOW = 90 * DAY

const millis = (value: DateTime.Utc | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)
const time = (ms: number | undefined) => ms === undefined ? undefined : DateTime.unsafeMake(ms)
const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID

/** The range a list serves: `endTime` defaults to now, and the span may not pass 90 days. */
const range = (startTime: DateTime.Utc, endTime: DateTime.Utc | undefined, now: number) => {
  const end = millis(endTime) ?? now
  return end - DateTime.toEpochMillis(startTime) > WINDOW
    ? reject(codes.window, "startTime and endTime interval cannot exceed 90 days")
    : Effect.succeed({ startTime, endTime: DateTime.unsafeMake(end) })
}

/** The smallest id of a page (`min…Id`), or absent on an empty page. */
const minId = <A>(page: ReadonlyArray<A>, id: (a: A) => string): string | undefined => {
  let min: bigint | undefined
  for (const row of page) {
    const value = BigInt(id(row))
    if (min === undefined || value < min) min = value
  }
  return min === undefined ? undefined : String(min)
}

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }

const merchantRow = (m: MerchantRecord) => ({
  registerTime: DateTime.unsafeMake(m.registerTime),
  nickName: m.nickName,
  avgPaymentTime: m.avgPaymentTime,
  avgReleaseTime: m.avgReleaseTime,
  totalTrades: m.totalBuy + m.totalSell,
  totalBuy: m.totalBuy,
  totalSell: m.totalSell,
  totalCompletionRate: m.totalCompletionRate,
  trades30d: m.buy30d + m.sell30d,
  sell30d: m.sell30d,
  buy30d: m.buy30d,
  completionRate30d: m.completionRate30d
})

const advertRow = (a: Advert) => ({
  advId: a.advId,
  advNo: a.advNo,
  side: a.side,
  advSize: a.advSize,
  size: a.size,
  coin: a.coin,
  price: a.price,
  coinPrecision: a.coin === "USDT" ? 2 : 6,
  fiat: a.fiat,
  fiatPrecision: 2,
  fiatSymbol: a.fiat === "EUR" ? "€" : a.fiat === "CNY" ? "￥" : "$",
  status: a.status,
  hide: a.status !== "online",
  maxTradeAmount: a.maxTradeAmount,
  minTradeAmount: a.minTradeAmount,
  payDuration: a.payDuration,
  turnoverNum: a.size,
  turnoverRate: a.turnoverRate,
  userLimitList: [{
    minCompleteNum: 0,
    maxCompleteNum: 0,
    placeOrderNum: 3,
    allowMerchantPlace: false,
    completeRate30d: a.turnoverRate
  }],
  paymentMethodList: a.payMethods.map((p) => ({
    paymentMethod: p.name,
    paymentId: p.id,
    paymentInfo: p.details.map((d) => ({ name: d.name, required: true, type: d.type === "file" ? "file" : "txt" }))
  })),
  merchantCertifiedList: [],
  cTime: DateTime.unsafeMake(a.cTime),
  uTime: DateTime.unsafeMake(a.uTime)
})

const orderRow = (o: Order) => ({
  orderId: o.orderId,
  orderNo: o.orderNo,
  advNo: o.advNo,
  side: o.side,
  count: o.count,
  coin: o.coin,
  price: o.price,
  fiat: o.fiat,
  amount: o.amount,
  status: o.status,
  ...optional("withdrawTime", time(o.withdrawTime)),
  ...optional("representTime", time(o.representTime)),
  ...optional("releaseTime", time(o.releaseTime)),
  ...optional("paymentTime", time(o.paymentTime)),
  buyerRealName: o.buyerRealName,
  sellerRealName: o.sellerRealName,
  paymentInfo: {
    paymethodName: o.payMethod.name,
    paymethodId: o.payMethod.id,
    paymethodInfo: o.payMethod.details.map((d, i) => ({
      name: d.name,
      required: i === 0,
      type: d.type,
      value: d.type === "file" ? `https://sim.bitget.local/otc/images/${o.orderId}.jpg` : `${o.orderId.slice(-4)}****`
    }))
  },
  cTime: DateTime.unsafeMake(o.cTime),
  uTime: DateTime.unsafeMake(o.uTime)
})

export const make = (environment: Environment): Domain => {
  // Seeded around the wall clock, as the simulator's other histories are (`Simulator.anchor`).
  const world = new World(environment.uid, Date.now())
  const merchantOf = (uid: string) => world.merchants.find((m) => m.uid === uid)

  const control: P2PControl = {
    world,
    addAdvert: ({ cTime, ...options }) => {
      const template = world.adverts.find((a) => a.merchantId === world.self.merchantId)!
      const advId = world.id()
      const advert: Advert = {
        ...template,
        ...options,
        advId,
        advNo: `T${advId.slice(-9)}`,
        size: BigDecimal.fromBigInt(0n),
        cTime,
        uTime: cTime
      }
      world.adverts.push(advert)
      return advert
    },
    addOrder: (input) => world.addOrder(input)
  }

  const routes = [
    route(Merchant.merchantList.endpoint, (request) => {
      const rows = world.merchants.filter((m) =>
        (request.online === undefined || m.online === request.online) &&
        (request.merchantId === undefined || m.merchantId === request.merchantId)
      )
      const page = Paging.byCursor(rows, { id: (m) => m.merchantId, time: () => 0, limit: 100 }, request)
      return Effect.succeed({
        merchantList: page.map((m) => ({ ...merchantRow(m), isOnline: m.online, merchantId: m.merchantId })),
        ...optional("minMerchantId", minId(page, (m) => m.merchantId))
      })
    }),

    route(Merchant.merchantInfo.endpoint, (_, context) => {
      const self = merchantOf(uidOf(context))
      if (self === undefined) return reject("60005", "P2P merchant not found")
      return Effect.succeed({
        ...merchantRow(self),
        merchantId: self.merchantId,
        kycStatus: true,
        emailBindStatus: true,
        mobileBindStatus: false,
        email: "si****@****.com"
      })
    }),

    route(
      Merchant.advList.endpoint,
      (request, context) =>
        Effect.map(range(request.startTime, request.endTime, context.now), (bounds) => {
          const self = merchantOf(uidOf(context))?.merchantId
          const source = request.sourceType ?? "owner"
          const rows = world.adverts.filter((a) =>
            (source === "ownerAndCompetitior" || (source === "owner") === (a.merchantId === self)) &&
            a.status === request.status && a.side === request.side && a.coin === request.coin &&
            a.fiat === request.fiat && (request.advNo === undefined || a.advNo === request.advNo) &&
            (request.payMethodId === undefined || a.payMethods.some((p) => p.id === request.payMethodId))
          )
          const page = Paging.byCursor(rows, { id: (a) => a.advId, time: (a) => a.cTime, limit: 20 }, {
            ...request,
            ...bounds
          })
          // `orderBy: "price"` orders the page by price (highest first); the cursor stays the advert id.
          const ordered = request.orderBy === "price"
            ? [...page].sort((a, b) => BigDecimal.Order(b.price, a.price))
            : page
          return { advList: ordered.map(advertRow), ...optional("minAdvId", minId(page, (a) => a.advId)) }
        })
    ),

    route(
      Merchant.orderList.endpoint,
      (request, context) =>
        Effect.map(range(request.startTime, request.endTime, context.now), (bounds) => {
          const self = merchantOf(uidOf(context))?.merchantId
          const rows = world.orders.filter((o) =>
            o.merchantId === self && o.advNo === request.advNo &&
            (request.status === undefined || o.status === request.status) &&
            (request.side === undefined || o.side === request.side) &&
            (request.coin === undefined || o.coin === request.coin) &&
            (request.fiat === undefined || o.fiat === request.fiat) &&
            (request.orderNo === undefined || o.orderNo === request.orderNo)
          )
          const page = Paging.byCursor(rows, { id: (o) => o.orderId, time: (o) => o.cTime, limit: 100 }, {
            ...request,
            ...bounds
          })
          return { orderList: page.map(orderRow), ...optional("minOrderId", minId(page, (o) => o.orderId)) }
        })
    )
  ]

  return { name: "p2p", routes, control }
}

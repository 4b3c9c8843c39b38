/**
 * The P2P world: merchants, the main account's own merchant with its adverts, other merchants'
 * adverts, and the main merchant's orders in every status. Seeded deterministically over the
 * last ~270 days (so histories cross several 90-day windows), ids counting up with time.
 * Values are kept decoded (BigDecimal, epoch ms) and turned into rows on the way out.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"

type Dec = BD.BigDecimal

export type OrderStatus = "pending_pay" | "Paid" | "Appeal" | "Completed" | "cancelled"
export const ORDER_STATUSES: ReadonlyArray<OrderStatus> = ["pending_pay", "Paid", "Appeal", "Completed", "cancelled"]
export type AdvertStatus = "online" | "offline" | "editing" | "completed"
const ADVERT_STATUSES: ReadonlyArray<AdvertStatus> = ["online", "offline", "editing", "completed"]

export interface Merchant {
  readonly merchantId: string
  /** The account this merchant is (the main account's merchant; others have their own). */
  readonly uid: string
  readonly nickName: string
  readonly registerTime: number
  online: boolean
  readonly avgPaymentTime: Dec
  readonly avgReleaseTime: Dec
  readonly totalBuy: number
  readonly totalSell: number
  readonly totalCompletionRate: Dec
  readonly buy30d: number
  readonly sell30d: number
  readonly completionRate30d: Dec
}

export interface Advert {
  readonly advId: string
  readonly advNo: string
  readonly merchantId: string
  readonly side: "buy" | "sell"
  readonly coin: string
  readonly fiat: string
  readonly price: Dec
  readonly advSize: Dec
  size: Dec
  status: AdvertStatus
  readonly minTradeAmount: Dec
  readonly maxTradeAmount: Dec
  readonly payDuration: number
  /** The owner's 30-day completion rate when the advert was posted. */
  readonly turnoverRate: Dec
  readonly payMethods: ReadonlyArray<PayMethod>
  readonly cTime: number
  uTime: number
}

export interface PayMethod {
  readonly id: string
  readonly name: string
  readonly details: ReadonlyArray<{ readonly name: string; readonly type: "number" | "file" }>
}

export interface Order {
  readonly orderId: string
  readonly orderNo: string
  readonly advNo: string
  readonly merchantId: string
  readonly side: "buy" | "sell"
  readonly coin: string
  readonly fiat: string
  readonly price: Dec
  readonly count: Dec
  readonly amount: Dec
  status: OrderStatus
  readonly buyerRealName: string
  readonly sellerRealName: string
  readonly payMethod: PayMethod
  paymentTime: number | undefined
  representTime: number | undefined
  releaseTime: number | undefined
  withdrawTime: number | undefined
  readonly cTime: number
  uTime: number
}

export const PAY_METHODS: ReadonlyArray<PayMethod> = [
  { id: "11", name: "Bank Card", details: [{ name: "Account number", type: "number" }] },
  { id: "12", name: "Wise", details: [{ name: "Email", type: "number" }] },
  { id: "13", name: "PayPal", details: [{ name: "Payment code", type: "file" }, { name: "Account", type: "number" }] }
]

/** Market prices per coin and fiat (fiat per coin). */
const PRICES: Record<string, Record<string, string>> = {
  USDT: { USD: "1.001", EUR: "0.92", CNY: "7.24" },
  BTC: { USD: "60150.5", EUR: "55300.2", CNY: "435100" },
  ETH: { USD: "3005.1", EUR: "2766.4", CNY: "21750" }
}

const NAMES = ["Ana Silva", "Li Wei", "John Carter", "Maria Rossi", "Kenji Sato", "Fatima Khan", "Lucas Meyer"]
const DAY = 86_400_000

/** A small deterministic generator (so every simulator holds the same world). */
class Random {
  constructor(private state: number) {}
  next(): number {
    this.state = (Math.imul(this.state, 1664525) + 1013904223) >>> 0
    return this.state / 2 ** 32
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<A>(items: ReadonlyArray<A>): A {
    return items[Math.floor(this.next() * items.length)]!
  }
}

const dec = Decimal.unsafeMake
const round = (value: Dec, scale: number) => BD.round(value, { scale, mode: "half-even" })

export interface OrderInput {
  readonly advNo: string
  readonly cTime: number
  readonly status?: OrderStatus
  readonly count?: string | Dec
  /** Steps after creation: paid, appealed, released or withdrawn this long after `cTime` (default 5 min). */
  readonly step?: number
}

export class World {
  private counter = 1_100_000_000_000_000_000n
  readonly merchants: Array<Merchant> = []
  readonly adverts: Array<Advert> = []
  readonly orders: Array<Order> = []
  /** The main account's merchant. */
  readonly self: Merchant

  constructor(readonly uid: string, anchor: number) {
    const random = new Random(0x5eed)
    // Other merchants first (older ids), then the main account's own.
    for (let i = 0; i < 230; i++) this.merchants.push(this.merchant(random, `uid-${i}`, `merchant${i + 1}`, anchor))
    this.self = this.merchant(random, uid, "sim-merchant", anchor)
    this.merchants.push(this.self)
    // Adverts over ~270 days; the main merchant's and some of other merchants'.
    const start = anchor - 270 * DAY
    for (let i = 0; i < 60; i++) {
      const owner = i % 3 === 2 ? this.merchants[i]! : this.self
      this.advert(random, owner, start + Math.floor((i * 270 * DAY) / 60), anchor)
    }
    // And the main merchant's current book: an online advert for each side of USDT and BTC
    // against USD and EUR, posted in the last three weeks.
    let posted = anchor - 21 * DAY
    for (const coin of ["USDT", "BTC"]) {
      for (const fiat of ["USD", "EUR"]) {
        for (const side of ["buy", "sell"] as const) {
          this.advert(random, this.self, posted += DAY, anchor, { coin, fiat, side, status: "online" })
        }
      }
    }
    // Orders on the main merchant's adverts, every status, spread over the adverts' lives.
    const own = this.adverts.filter((a) => a.merchantId === this.self.merchantId)
    for (let i = 0; i < 600; i++) {
      const cTime = start + Math.floor((i * 269 * DAY) / 600) + random.int(0, 3_600_000)
      // Orders go to adverts posted in the month before (an advert draws its orders while new).
      const posted = own.filter((a) => a.cTime <= cTime)
      const fresh = posted.filter((a) => cTime - a.cTime < 30 * DAY)
      if (posted.length === 0) continue
      const advert = random.pick(fresh.length > 0 ? fresh : posted)
      // The last week's orders are still moving (every status); older ones are settled.
      const recent = anchor - cTime < 7 * DAY
      const status = recent ? ORDER_STATUSES[i % 5]! : random.next() < 0.8 ? "Completed" : "cancelled"
      this.addOrder(
        { advNo: advert.advNo, cTime, status, count: String(random.int(10, 5000)) },
        random
      )
    }
  }

  id(): string {
    this.counter += 1n
    return String(this.counter)
  }

  private merchant(random: Random, uid: string, nickName: string, anchor: number): Merchant {
    const buy = random.int(0, 900)
    const sell = random.int(0, 900)
    return {
      merchantId: this.id(),
      uid,
      nickName,
      registerTime: anchor - random.int(300, 1500) * DAY,
      online: random.next() < 0.6,
      avgPaymentTime: dec(String(random.int(2, 15))),
      avgReleaseTime: dec(String(random.int(1, 10))),
      totalBuy: buy,
      totalSell: sell,
      totalCompletionRate: dec(`0.${random.int(850, 999)}`),
      buy30d: random.int(0, 60),
      sell30d: random.int(0, 60),
      completionRate30d: dec(`0.${random.int(800, 999)}`)
    }
  }

  private advert(
    random: Random,
    owner: Merchant,
    cTime: number,
    anchor: number,
    fixed?: {
      readonly coin: string
      readonly fiat: string
      readonly side: "buy" | "sell"
      readonly status: AdvertStatus
    }
  ): Advert {
    const coin = fixed?.coin ?? random.pick(["USDT", "USDT", "BTC", "ETH"])
    const fiat = fixed?.fiat ?? random.pick(["USD", "EUR", "CNY"])
    const side = fixed?.side ?? random.pick(["buy", "sell"] as const)
    const market = dec(PRICES[coin]![fiat]!)
    // Buyers bid a little under the market, sellers ask a little over.
    const price = round(BD.multiply(market, dec(side === "buy" ? "0.995" : "1.005")), 2)
    const advSize = coin === "USDT" ? dec(String(random.int(1000, 50000))) : dec(`${random.int(1, 20)}.5`)
    const advId = this.id()
    const advert: Advert = {
      advId,
      advNo: `${advId.slice(-6)}${random.int(100, 999)}`,
      merchantId: owner.merchantId,
      side,
      coin,
      fiat,
      price,
      advSize,
      size: BD.fromBigInt(0n),
      status: fixed?.status ??
        (anchor - cTime > 200 * DAY ? random.pick(["completed", "offline"] as const) : random.pick(ADVERT_STATUSES)),
      minTradeAmount: dec("100"),
      maxTradeAmount: round(BD.multiply(price, advSize), 2),
      payDuration: random.pick([15, 30]),
      turnoverRate: owner.completionRate30d,
      payMethods: [PAY_METHODS[0]!, random.pick(PAY_METHODS.slice(1))],
      cTime,
      uTime: cTime
    }
    this.adverts.push(advert)
    return advert
  }

  advertByNo(advNo: string): Advert | undefined {
    return this.adverts.find((a) => a.advNo === advNo)
  }

  /**
   * An order on an advert (the main merchant's or any), created at `cTime` and taken through the
   * steps of `status`: `Paid` is paid, `Appeal` paid then appealed, `Completed` paid then
   * released, `cancelled` withdrawn; each step `step` ms after the previous one.
   */
  addOrder(input: OrderInput, random = new Random(input.cTime >>> 0)): Order {
    const advert = this.advertByNo(input.advNo)
    if (advert === undefined) throw new Error(`no advert ${input.advNo}`)
    const count = input.count === undefined
      ? dec("100")
      : typeof input.count === "string"
      ? dec(input.count)
      : input.count
    const step = input.step ?? 300_000
    const merchantName = "Sim Merchant"
    const other = random.pick(NAMES)
    const orderId = this.id()
    const order: Order = {
      orderId,
      orderNo: `P2P${orderId.slice(-10)}`,
      advNo: advert.advNo,
      merchantId: advert.merchantId,
      side: advert.side,
      coin: advert.coin,
      fiat: advert.fiat,
      price: advert.price,
      count,
      amount: round(BD.multiply(count, advert.price), 2),
      status: "pending_pay",
      buyerRealName: advert.side === "buy" ? merchantName : other,
      sellerRealName: advert.side === "buy" ? other : merchantName,
      payMethod: advert.payMethods[0]!,
      paymentTime: undefined,
      representTime: undefined,
      releaseTime: undefined,
      withdrawTime: undefined,
      cTime: input.cTime,
      uTime: input.cTime
    }
    this.orders.push(order)
    this.advance(order, input.status ?? "pending_pay", step)
    return order
  }

  /** Takes an order to `status` through the steps on the way, each `step` ms after the last. */
  advance(order: Order, status: OrderStatus, step = 300_000): void {
    let time = order.uTime
    const at = () => (time += step)
    if (status === "cancelled") {
      order.withdrawTime = at()
    } else if (status !== "pending_pay") {
      order.paymentTime ??= at()
      if (status === "Appeal") order.representTime = at()
      if (status === "Completed") {
        order.releaseTime = at()
        const advert = this.advertByNo(order.advNo)
        if (advert !== undefined) {
          advert.size = BD.sum(advert.size, order.count)
          advert.uTime = Math.max(advert.uTime, time)
        }
      }
    }
    order.status = status
    order.uTime = Math.max(order.uTime, time)
  }
}

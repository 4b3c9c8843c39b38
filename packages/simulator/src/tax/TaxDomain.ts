/**
 * The tax domain: no state of its own. Its records are read, at query time, from what the other
 * domains did: spot bills (fills, fees, deposits, withdrawals, transfers, conversions), futures
 * bills, and the main merchant's completed P2P orders, so a tax query after a simulated trading
 * day returns that day. Margin records come from a `MarginSource` the margin domain supplies
 * (`TaxDomain.make({ margin })` or `control.setMarginSource`); until then there are none.
 * Served newest id first by `idLessThan` = the last row's id, within `[startTime, endTime]`.
 */
import { Tax } from "@effect-bitget/tax"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { Context, Domain } from "../Domain.js"
import { MAIN_UID, route } from "../Domain.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { World as P2PWorld } from "../p2p/World.js"
import * as Paging from "../spot/Paging.js"
import type { Bill as SpotBill, World as SpotWorld } from "../spot/World.js"

type Dec = BD.BigDecimal

/** One change of a margin account, as the margin domain reports it for the tax records. */
export interface MarginMovement {
  readonly id: string
  readonly uid: string
  readonly marginType: "crossed" | "isolated"
  readonly coin: string
  readonly symbol?: string | undefined
  /** `transfer_in`, `borrow`, `repay`, `deal_in`, `interest_repay` … (`Tax.MarginTaxType`). */
  readonly taxType: string
  readonly amount: Dec
  readonly fee: Dec
  /** The coin's balance after the change. */
  readonly total: Dec
  readonly ts: number
}

/** Where margin movements come from: the margin domain's seam (another branch fills it). */
export type MarginSource = (uid: string) => Iterable<MarginMovement>

export interface Sources {
  readonly spot: SpotWorld
  readonly futures: FuturesWorld
  readonly p2p: P2PWorld
  readonly margin?: MarginSource | undefined
}

/** Test knobs of the tax domain, reached with `Simulator.control<TaxControl>("tax")`. */
export interface TaxControl {
  /** Plugs in the margin domain's movements (replacing any earlier source). */
  readonly setMarginSource: (source: MarginSource) => void
}

const PAGE = 500
const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
const time = (ms: number) => DateTime.unsafeMake(ms)

/** Bitget's readable `spotTaxType` label of a spot bill. */
export const spotTaxType = (bill: SpotBill): string => {
  switch (bill.groupType) {
    case "deposit":
      return "Deposit"
    case "withdraw":
      return "Withdrawal"
    case "transfer":
      return BD.isNegative(bill.size) ? "Transfer out" : "Transfer in"
    case "convert":
      return BD.isNegative(bill.size) ? "Exchange spending" : "Exchange income"
    case "transaction":
      return bill.businessType === "deduction of handling fee"
        ? "Transaction fee deduct"
        : bill.businessType === "sell"
        ? "Sell"
        : "Buy"
    default:
      return "System account"
  }
}

/**
 * The specification's `futureTaxType` of a futures bill: a buy leg (`open_long`, `close_short`)
 * is `deal_in`, a sell leg `deal_out`; a transfer `transfer_in`/`transfer_out`. Other business
 * types (margin added to or taken from a position) keep their own name, as Bitget's sample
 * (`close_long`) shows the exchange does.
 */
export const futureTaxType = (businessType: string): string => {
  switch (businessType) {
    case "open_long":
    case "close_short":
      return "deal_in"
    case "open_short":
    case "close_long":
      return "deal_out"
    case "trans_from_exchange":
    case "transfer_in":
      return "transfer_in"
    case "trans_to_exchange":
    case "transfer_out":
      return "transfer_out"
    default:
      return businessType
  }
}

export const make = (sources: Sources): Domain => {
  let margin: MarginSource | undefined = sources.margin

  const routes = [
    route(Tax.spotRecord.endpoint, (request, context) => {
      const uid = uidOf(context)
      const bills = sources.spot.bills.filter((b) =>
        b.uid === uid && (request.coin === undefined || b.coin === request.coin)
      )
      const page = Paging.byCursor(bills, { id: (b) => b.billId, time: (b) => b.cTime, limit: PAGE }, request)
      return Effect.succeed(page.map((b) => ({
        id: b.billId,
        coin: b.coin,
        spotTaxType: spotTaxType(b),
        amount: b.size,
        fee: b.fees,
        balance: b.balance,
        ts: time(b.cTime)
      })))
    }),

    route(Tax.futureRecord.endpoint, (request, context) => {
      const uid = uidOf(context)
      const productType = (request.productType ?? "USDT-FUTURES").toUpperCase()
      const bills = sources.futures.bills.filter((b) =>
        b.account === uid && b.productType === productType &&
        (request.marginCoin === undefined || b.coin === request.marginCoin.toUpperCase())
      )
      const page = Paging.byCursor(bills, { id: (b) => b.billId, time: (b) => b.cTime, limit: PAGE }, request)
      return Effect.succeed(page.map((b) => ({
        id: b.billId,
        ...(b.symbol === undefined ? {} : { symbol: b.symbol }),
        marginCoin: b.coin,
        futureTaxType: futureTaxType(b.businessType),
        amount: b.amount,
        fee: b.fee,
        ts: time(b.cTime)
      })))
    }),

    route(Tax.marginRecord.endpoint, (request, context) => {
      const uid = uidOf(context)
      const marginType = request.marginType ?? "crossed"
      const rows = margin === undefined ?
        [] :
        [...margin(uid)].filter((m) =>
          m.uid === uid && m.marginType === marginType && (request.coin === undefined || m.coin === request.coin)
        )
      const page = Paging.byCursor(rows, { id: (m) => m.id, time: (m) => m.ts, limit: PAGE }, request)
      return Effect.succeed(page.map((m) => ({
        id: m.id,
        coin: m.coin,
        ...(m.symbol === undefined ? {} : { symbol: m.symbol }),
        marginTaxType: m.taxType,
        amount: m.amount,
        fee: m.fee,
        total: m.total,
        ts: time(m.ts)
      })))
    }),

    route(Tax.p2pRecord.endpoint, (request, context) => {
      const merchant = sources.p2p.merchants.find((m) => m.uid === uidOf(context))
      // A P2P order moves coins when it completes: at its release time.
      const done = sources.p2p.orders.filter((o) =>
        o.merchantId === merchant?.merchantId && o.status === "Completed" && o.releaseTime !== undefined &&
        (request.coin === undefined || o.coin === request.coin)
      )
      const page = Paging.byCursor(done, { id: (o) => o.orderId, time: (o) => o.releaseTime!, limit: PAGE }, request)
      return Effect.succeed(page.map((o) => ({
        id: o.orderId,
        coin: o.coin,
        p2pTaxType: o.side,
        total: o.count,
        ts: time(o.releaseTime!)
      })))
    })
  ]

  const control: TaxControl = {
    setMarginSource: (source) => {
      margin = source
    }
  }
  return { name: "tax", routes, control }
}

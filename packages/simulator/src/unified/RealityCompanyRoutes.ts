/**
 * The Reality company reads in the simulator: seeded per stock code (the same answer for the same
 * code every time), consistent with each other and with the stock's price: the market cap is the
 * price times the shares outstanding (overview, valuation and share capital give the same count),
 * the 52-week range holds the price, P/E is price over EPS. Lists (dividends, insider trades,
 * executives, shareholders) are fixed histories served by the answer's `cursor`: the count of rows
 * still to come, so it falls as a walk goes on; the last page carries none.
 */
import * as RealityCompany from "@effect-bitget/unified/RealityCompany"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import { STOCKS } from "./RealityRoutes.js"

const DAY = PricePath.millis.DAY
/** The fixed "today" of the reference data: reports are dated before it, whatever the clock says. */
const ASOF = Date.UTC(2026, 0, 2)

const hash = (text: string) => {
  let h = 2166136261
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0
  return h
}

const dec = (value: number, places = 2) => PricePath.round(value, places)
const whole = (value: number) => BigDecimal.fromBigInt(BigInt(Math.round(value)))
const at = (ms: number) => DateTime.unsafeMake(ms)

interface Company {
  readonly code: string
  readonly name: string
  readonly price: number
  readonly shares: number
  readonly eps: number
  readonly bps: number
  /** A uniform [0, 1) draw of this company's `n`-th seeded value. */
  readonly draw: (n: number) => number
}

// Built when the routes are (RealityRoutes imports this module: STOCKS is not ready at load time).
const companiesOf = (): ReadonlyMap<string, Company> =>
  new Map(STOCKS.map((s) => {
    const seed = hash(s.code)
    const draw = (n: number) => PricePath.unit(seed, n)
    const price = Number(s.price)
    return [s.code, {
      code: s.code,
      name: s.name,
      price,
      shares: Math.round(2e9 + draw(1) * 14e9),
      eps: Number((price / (20 + draw(2) * 40)).toFixed(2)),
      bps: Number((price / (5 + draw(3) * 30)).toFixed(2)),
      draw
    }]
  }))

/** A page of `rows` after `cursor` (the count still to come), with the next cursor when any remain. */
const pageOf = <A>(
  rows: ReadonlyArray<A>,
  request: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
) => {
  const remaining = request.cursor === undefined || request.cursor === "" ? rows.length : Number(request.cursor)
  const from = rows.length - Math.max(0, Math.min(rows.length, remaining))
  const list = rows.slice(from, from + (request.limit ?? 20))
  const left = rows.length - from - list.length
  return left > 0 ? { list, cursor: String(left) } : { list }
}

const PEOPLE = ["A. Rivera", "B. Chen", "C. Okafor", "D. Larsen", "E. Haddad", "F. Novak", "G. Tanaka", "H. Silva"]
const FUNDS = ["Vanguard Group", "BlackRock", "State Street", "Fidelity", "Geode Capital", "Norges Bank"]

export const companyRoutes = () => {
  const companies = companiesOf()
  const company = (code: string) => {
    const found = companies.get(code.toUpperCase())
    return found === undefined ? reject("25100", `The stock ${code} does not exist`) : Effect.succeed(found)
  }
  const dividends = (c: Company) => {
    const rows: Array<RealityCompany.Dividend> = []
    for (let q = 0; q < 12; q++) {
      const ex = ASOF - (q * 91 + 10) * DAY
      rows.push({
        type: "cash_dividend",
        announcementDate: at(ex - 14 * DAY),
        recordDate: at(ex + DAY),
        exrightDate: at(ex),
        dividendDate: at(ex + 7 * DAY),
        dividendPerShare: dec(c.eps * 0.04, 4)
      })
    }
    rows.splice(5, 0, {
      type: "stock_split",
      announcementDate: at(ASOF - 480 * DAY),
      splitValidDate: at(ASOF - 450 * DAY),
      splitNumerator: whole(4),
      splitDenominator: whole(1)
    })
    return rows
  }
  const innerTrades = (c: Company) =>
    Array.from({ length: 45 }, (_, i): RealityCompany.InnerTrade => {
      const day = ASOF - (i * 6 + 2) * DAY
      const sale = c.draw(100 + i) < 0.7
      const volume = Math.round(1000 + c.draw(200 + i) * 90_000)
      return {
        reporterName: PEOPLE[i % PEOPLE.length]!,
        issueOrgName: c.name,
        endDate: at(day),
        announcementDate: at(day + 2 * DAY),
        innerType: i % 3 === 0 ? "Director" : "Officer",
        position: i % 3 === 0 ? "Director" : "Chief Operating Officer",
        securityTitle: "Common Stock",
        tradeDate: at(day),
        innerTradeType: sale ? "S" : "P",
        actionType: sale ? "decrease" : "add",
        tradeVolume: whole(volume),
        tradePrice: dec(c.price * (0.85 + c.draw(300 + i) * 0.2)),
        holdingType: "direct",
        postTradeQuantity: whole(volume * 10)
      }
    })
  const executives = (c: Company) =>
    Array.from({ length: 25 }, (_, i): RealityCompany.ExecutiveHolding => {
      const held = Math.round(c.shares * 0.0001 * (1 + c.draw(400 + i) * 20))
      return {
        name: `${PEOPLE[i % PEOPLE.length]} ${Math.floor(i / PEOPLE.length) + 1}`,
        holdingNum: whole(held),
        holdingRatio: dec((held / c.shares) * 100, 4),
        voteRatio: dec((held / c.shares) * 100, 4),
        period: `${2025 - Math.floor(i / 8)}`,
        announcementDate: at(ASOF - (30 + i * 14) * DAY)
      }
    })
  const shareholders = (c: Company) =>
    Array.from({ length: 30 }, (_, i): RealityCompany.Shareholder => {
      // Largest first; a fund comes once per reporting period (five periods).
      const ratio = 9 / (1 + (i % FUNDS.length)) * (0.9 + c.draw(500 + i) * 0.2)
      return {
        name: FUNDS[i % FUNDS.length]!,
        holdingNum: whole((c.shares * ratio) / 100),
        holdingRatio: dec(ratio, 4)
      }
    })

  return [
    Domain.route(RealityCompany.Overview, (request) =>
      Effect.map(company(request.code), (c) => ({
        code: c.code,
        name: c.name,
        peRatio: dec(c.price / c.eps),
        pbRatio: dec(c.price / c.bps),
        marketCap: whole(c.price * c.shares),
        high52Week: dec(c.price * (1.05 + c.draw(10) * 0.3)),
        low52Week: dec(c.price * (0.55 + c.draw(11) * 0.35)),
        totalShares: whole(c.shares),
        listingDate: `19${80 + Math.floor(c.draw(12) * 19)}-12-12`,
        employees: whole(10_000 + c.draw(13) * 150_000),
        companyAddress: "One Market Street, Cupertino, CA"
      }))),
    Domain.route(RealityCompany.Valuation, (request) =>
      Effect.map(company(request.code), (c) => {
        const cap = c.price * c.shares
        const pe = dec(c.price / c.eps)
        const pb = dec(c.price / c.bps)
        const ps = dec(cap / (c.shares * c.eps * 4))
        return {
          date: at(ASOF),
          pb,
          pbEd: pb,
          pbPd: pb,
          pbMrq: pb,
          pe,
          peLyr: pe,
          peTtmEd: pe,
          peTtmPd: pe,
          ps,
          psLyr: ps,
          psTtmEd: ps,
          psTtmPd: ps,
          pcf: dec(c.price / (c.eps * 1.2)),
          evEbitda: dec(c.price / c.eps * 0.8),
          equityValue: whole(cap),
          grossEv: whole(cap * 1.02),
          netEv: whole(cap * 0.99),
          tmvUsd: whole(cap),
          cirTmvUsd: whole(cap * 0.99),
          dividendYieldTtm: dec((c.eps * 0.16 / c.price) * 100, 4)
        }
      })),
    Domain.route(RealityCompany.Earnings, (request) =>
      Effect.map(company(request.code), (c) => {
        const revenue = (c.shares * c.eps * 4) / 1e6
        return {
          fiscalYear: "2026",
          publicationDeadline: at(Date.UTC(2026, 9, 30)),
          isActual: false,
          revenue: dec(revenue),
          ebit: dec(revenue * 0.3),
          netIncomeParent: dec((c.shares * c.eps) / 1e6),
          eps: dec(c.eps * 1.1),
          bps: dec(c.bps * 1.05),
          cfps: dec(c.eps * 1.3),
          roe: dec((c.eps / c.bps) * 100),
          roa: dec((c.eps / c.bps) * 40),
          currency: "USD"
        }
      })),
    Domain.route(RealityCompany.SuspensionResumption, (request) =>
      Effect.map(company(request.code), (c) => ({
        code: c.code,
        name: c.name,
        suspensionDate: at(ASOF - 200 * DAY),
        suspensionTime: "11:02:00",
        suspensionReason: "Volatility trading pause (LULD)",
        suspensionPrice: dec(c.price * 0.93),
        resumptionDate: at(ASOF - 200 * DAY),
        resumptionQuoteTime: "11:07:00",
        resumptionTradingTime: "11:07:00"
      }))),
    Domain.route(RealityCompany.ShareCapitalChange, (request) =>
      Effect.map(company(request.code), (c) => ({
        announcementDate: at(ASOF - 40 * DAY),
        changeDate: at(ASOF - 45 * DAY),
        totalShares: whole(c.shares),
        commonShares: whole(c.shares),
        preferredShares: whole(0),
        otherShares: whole(0),
        changeReason: "Share repurchase"
      }))),
    Domain.route(
      RealityCompany.Dividends,
      (request) => Effect.map(company(request.code), (c) => pageOf(dividends(c), request))
    ),
    Domain.route(
      RealityCompany.InnerTrades,
      (request) => Effect.map(company(request.code), (c) => pageOf(innerTrades(c), request))
    ),
    Domain.route(
      RealityCompany.ExecutiveShareholdings,
      (request) => Effect.map(company(request.code), (c) => pageOf(executives(c), request))
    ),
    Domain.route(
      RealityCompany.ShareholdDetail,
      (request) => Effect.map(company(request.code), (c) => pageOf(shareholders(c), request))
    )
  ]
}

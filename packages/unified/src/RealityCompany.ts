/**
 * V3 Reality reference data: the company behind a Reality pair, keyed by its stock's ticker
 * (`code`: `AAPL`, the `code` of `Reality.stockInfo`), not by the pair. Overview, valuation,
 * earnings forecast, the latest halt, dividends and splits, share capital, insider trades,
 * executives' and major shareholders' stakes. Public, 1/s per IP (ccxt's rate table). Paths:
 * ccxt; fields: go-bitget `uta/market_reality.go`, whose live test checks every field against
 * the exchange's raw answer (dates arrive as epoch milliseconds, `listingDate` excepted). Values
 * Bitget leaves null for some listings decode as absent. The four lists page by the answer's
 * `cursor` (passed back by hand: no Stream, see `PageRequest`).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

const rateLimit = RateLimit.ip(1)
export const ByCode = Lazy.schema(() => Schema.Struct({ code: Limit.NonEmpty }))
export interface ByCode extends Schema.Schema.Type<typeof ByCode> {}
const num = Lazy.schema(() => Absent.optional(Decimal))
const date = Lazy.schema(() => Absent.optional(Timestamp))

/**
 * The cursor lists' request: `limit` from 1 to 100 (go-bitget's `SetLimit`: "default 20, max
 * 100"), and the previous answer's `cursor`. No Bitget page of these reads was found, and a Stream
 * needs its page bound from Bitget's own page (core's registry test): these are plain calls that
 * pass the answer's `cursor` back, with the bound checked here.
 */
export const PageRequest = Lazy.schema(() =>
  Schema.Struct({
    code: Limit.NonEmpty,
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100, { message: () => "limit: at most 100" }))),
    cursor: Schema.optional(Schema.String)
  })
)
export interface PageRequest extends Schema.Schema.Type<typeof PageRequest> {}

export const CompanyOverview = Lazy.schema(() =>
  Schema.Struct({
    code: Schema.String,
    name: Schema.String,
    peRatio: num,
    pbRatio: num,
    marketCap: num,
    high52Week: num,
    low52Week: num,
    /** Empty for some listings (go-bitget): `shareCapitalChange` has the count. */
    totalShares: num,
    /** `yyyy-MM-dd`, unlike the other dates (go-bitget). */
    listingDate: Absent.optional(Schema.String),
    employees: num,
    companyAddress: Absent.optional(Schema.String)
  })
)
export interface CompanyOverview extends Schema.Schema.Type<typeof CompanyOverview> {}

export const Overview = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/company-overview", {
    name: "unified.realityCompany.overview",
    signed: false,
    rateLimit,
    request: Named.as<ByCode>()(ByCode),
    data: Named.as<CompanyOverview>()(CompanyOverview)
  })
)
/** `GET /api/v3/reality/market/company-overview`: the company's profile and headline valuation: P/E, P/B, market cap, 52-week range, shares, listing date. 1/s per IP. */
export const overview = Operation.make(Overview)

export const ValuationIndicators = Lazy.schema(() =>
  Schema.Struct({
    date: Timestamp,
    pb: num,
    pbEd: num,
    pbPd: num,
    pbMrq: num,
    pe: num,
    peLyr: num,
    peTtmEd: num,
    peTtmPd: num,
    ps: num,
    psLyr: num,
    psTtmEd: num,
    psTtmPd: num,
    pcf: num,
    pcfNet: num,
    pcfNetTtmEd: num,
    pcfNetTtmPd: num,
    pcfTtmEd: num,
    pcfTtmPd: num,
    evEbitda: num,
    equityValue: num,
    grossEv: num,
    netEv: num,
    /** Total market value, USD. */
    tmvUsd: num,
    /** Circulating market value, USD. */
    cirTmvUsd: num,
    dividendYieldTtm: num
  })
)
export interface ValuationIndicators extends Schema.Schema.Type<typeof ValuationIndicators> {}

export const Valuation = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/valuation-indicators", {
    name: "unified.realityCompany.valuation",
    signed: false,
    rateLimit,
    request: Named.as<ByCode>()(ByCode),
    data: Named.as<ValuationIndicators>()(ValuationIndicators)
  })
)
/** `GET /api/v3/reality/market/valuation-indicators`: the company's valuation ratios (P/B, P/E, P/S, P/CF in their TTM, LYR and period variants, EV/EBITDA, market values). 1/s per IP. */
export const valuation = Operation.make(Valuation)

export const EarningsForecast = Lazy.schema(() =>
  Schema.Struct({
    fiscalYear: Schema.String,
    publicationDeadline: date,
    /** A reported figure (a JSON boolean), not a forecast. */
    isActual: Schema.Boolean,
    /** Millions of `currency`. */
    revenue: num,
    ebit: num,
    netIncomeParent: num,
    eps: num,
    bps: num,
    cfps: num,
    roe: num,
    roa: num,
    currency: Schema.String
  })
)
export interface EarningsForecast extends Schema.Schema.Type<typeof EarningsForecast> {}

export const Earnings = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/earnings-forecast", {
    name: "unified.realityCompany.earningsForecast",
    signed: false,
    rateLimit,
    request: Named.as<ByCode>()(ByCode),
    data: Named.as<EarningsForecast>()(EarningsForecast)
  })
)
/** `GET /api/v3/reality/market/earnings-forecast`: one fiscal year's earnings forecast (or actuals): revenue, EBIT, net income, EPS, ROE. 1/s per IP. */
export const earningsForecast = Operation.make(Earnings)

export const Suspension = Lazy.schema(() =>
  Schema.Struct({
    code: Schema.String,
    name: Schema.String,
    suspensionDate: date,
    /** `HH:mm:ss`, the market's local time. */
    suspensionTime: Absent.optional(Schema.String),
    suspensionReason: Absent.optional(Schema.String),
    suspensionPrice: num,
    resumptionDate: date,
    resumptionQuoteTime: Absent.optional(Schema.String),
    resumptionTradingTime: Absent.optional(Schema.String)
  })
)
export interface Suspension extends Schema.Schema.Type<typeof Suspension> {}

export const SuspensionResumption = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/suspension-resumption-info", {
    name: "unified.realityCompany.suspension",
    signed: false,
    rateLimit,
    request: Named.as<ByCode>()(ByCode),
    data: Named.as<Suspension>()(Suspension)
  })
)
/** `GET /api/v3/reality/market/suspension-resumption-info`: the stock's latest trading halt and its resumption. 1/s per IP. */
export const suspension = Operation.make(SuspensionResumption)

export const Dividend = Lazy.schema(() =>
  Schema.Struct({
    type: OpenEnum("cash_dividend", "stock_split", "stock_dividend"),
    announcementDate: date,
    recordDate: date,
    exrightDate: date,
    dividendDate: date,
    dividendPerShare: num,
    stockDividendPerShare: num,
    splitValidDate: date,
    /** `splitNumerator` for `splitDenominator` shares: 10 and 1 is a ten-for-one split. */
    splitNumerator: num,
    splitDenominator: num
  })
)
export interface Dividend extends Schema.Schema.Type<typeof Dividend> {}

/** A page of dividends. */
export const DividendPage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<Dividend>()(Dividend)), cursor: Absent.optional(Schema.String) })
)
export interface DividendPage extends Schema.Schema.Type<typeof DividendPage> {}

export const Dividends = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/dividends", {
    name: "unified.realityCompany.dividends",
    signed: false,
    rateLimit,
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<DividendPage>()(DividendPage)
  })
)
/** `GET /api/v3/reality/market/dividends`: the stock's cash dividends, stock dividends and splits, newest first, at most 100 a page (default 20); pass the answer's `cursor` back for the next. 1/s per IP. */
export const dividends = Operation.make(Dividends)

export const ShareCapital = Lazy.schema(() =>
  Schema.Struct({
    announcementDate: date,
    changeDate: date,
    totalShares: num,
    commonShares: num,
    preferredShares: num,
    otherShares: num,
    specialExplain: Absent.optional(Schema.String),
    changeReason: Absent.optional(Schema.String)
  })
)
export interface ShareCapital extends Schema.Schema.Type<typeof ShareCapital> {}

export const ShareCapitalChange = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/share-capital-change", {
    name: "unified.realityCompany.shareCapitalChange",
    signed: false,
    rateLimit,
    request: Named.as<ByCode>()(ByCode),
    data: Named.as<ShareCapital>()(ShareCapital)
  })
)
/** `GET /api/v3/reality/market/share-capital-change`: the company's share structure after its latest change, and why it changed. 1/s per IP. */
export const shareCapitalChange = Operation.make(ShareCapitalChange)

export const InnerTrade = Lazy.schema(() =>
  Schema.Struct({
    reporterName: Schema.String,
    issueOrgName: Absent.optional(Schema.String),
    endDate: date,
    announcementDate: date,
    /** The insider's relation to the issuer (`Director`, `Officer`, …). */
    innerType: Absent.optional(Schema.String),
    position: Absent.optional(Schema.String),
    securityTitle: Absent.optional(Schema.String),
    tradeDate: date,
    designatedExerciseDate: date,
    /** The SEC transaction code: `P` purchase, `S` sale, `A` award, `F` tax withholding, … */
    innerTradeType: Absent.optional(Schema.String),
    actionType: Absent.optional(OpenEnum("add", "decrease")),
    tradeVolume: num,
    tradePrice: num,
    holdingType: Absent.optional(OpenEnum("direct", "indirect")),
    indirectHoldingStatement: Absent.optional(Schema.String),
    postTradeQuantity: num
  })
)
export interface InnerTrade extends Schema.Schema.Type<typeof InnerTrade> {}

/** A page of insider trades. */
export const InnerTradePage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<InnerTrade>()(InnerTrade)), cursor: Absent.optional(Schema.String) })
)
export interface InnerTradePage extends Schema.Schema.Type<typeof InnerTradePage> {}

export const InnerTrades = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/inner-trades", {
    name: "unified.realityCompany.innerTrades",
    signed: false,
    rateLimit,
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<InnerTradePage>()(InnerTradePage)
  })
)
/** `GET /api/v3/reality/market/inner-trades`: insider trades reported for the company, newest first, at most 100 a page (default 20); pass the answer's `cursor` back for the next. 1/s per IP. */
export const innerTrades = Operation.make(InnerTrades)

export const ExecutiveHolding = Lazy.schema(() =>
  Schema.Struct({
    name: Schema.String,
    holdingNum: num,
    /** Percent: `9.63` is 9.63%. */
    holdingRatio: num,
    voteRatio: num,
    /** The reporting period, localised. */
    period: Absent.optional(Schema.String),
    announcementDate: date
  })
)
export interface ExecutiveHolding extends Schema.Schema.Type<typeof ExecutiveHolding> {}

/** A page of executives' holdings. */
export const ExecutiveHoldingPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<ExecutiveHolding>()(ExecutiveHolding)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface ExecutiveHoldingPage extends Schema.Schema.Type<typeof ExecutiveHoldingPage> {}

export const ExecutiveShareholdings = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/executive-shareholdings", {
    name: "unified.realityCompany.executiveShareholdings",
    signed: false,
    rateLimit,
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<ExecutiveHoldingPage>()(ExecutiveHoldingPage)
  })
)
/** `GET /api/v3/reality/market/executive-shareholdings`: the shares the company's directors and officers hold, at most 100 a page (default 20); pass the answer's `cursor` back for the next. 1/s per IP. */
export const executiveShareholdings = Operation.make(ExecutiveShareholdings)

export const Shareholder = Lazy.schema(() =>
  Schema.Struct({
    name: Schema.String,
    holdingNum: num,
    /** Percent: `9.63` is 9.63%. */
    holdingRatio: num
  })
)
export interface Shareholder extends Schema.Schema.Type<typeof Shareholder> {}

/** A page of shareholders. */
export const ShareholderPage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<Shareholder>()(Shareholder)), cursor: Absent.optional(Schema.String) })
)
export interface ShareholderPage extends Schema.Schema.Type<typeof ShareholderPage> {}

export const ShareholdDetail = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/sharehold-detail", {
    name: "unified.realityCompany.shareholders",
    signed: false,
    rateLimit,
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<ShareholderPage>()(ShareholderPage)
  })
)
/** `GET /api/v3/reality/market/sharehold-detail`: the company's major shareholders (a holder may come once per reporting period), at most 100 a page (default 20); pass the answer's `cursor` back for the next. 1/s per IP. */
export const shareholders = Operation.make(ShareholdDetail)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Overview,
  Valuation,
  Earnings,
  SuspensionResumption,
  Dividends,
  ShareCapitalChange,
  InnerTrades,
  ExecutiveShareholdings,
  ShareholdDetail
]

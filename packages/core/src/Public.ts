/**
 * Public and common endpoints: server time, announcements, and the trade (fee) rate.
 */
import * as Schema from "effect/Schema"
import * as Absent from "./Absent.js"
import { Decimal } from "./Decimal.js"
import * as Endpoint from "./Endpoint.js"
import { ServerTime } from "./internal/serverTime.js"
import * as Limit from "./Limit.js"
import { OpenEnum } from "./OpenEnum.js"
import * as Operation from "./Operation.js"
import * as Pagination from "./Pagination.js"
import * as RateLimit from "./RateLimit.js"
import * as Spelling from "./Spelling.js"
import { Timestamp } from "./Timestamp.js"

export { ServerTime }

/**
 * `GET /api/v2/public/time`: the server's clock (ms, a string). Signing timestamps must be within
 * 30 s of it. 20/s per IP.
 */
export const serverTime = Operation.make(ServerTime)

/**
 * Announcement types: the first four are in Bitget's table
 * (https://www.bitget.com/api-doc/common/notice/Get-All-Notices), `symbol_delisting` in its
 * Chinese table, the last three in JKorf/Bitget.Net's `AnnouncementType` and public clients' use.
 */
export const announcementTypes = [
  "latest_news",
  "coin_listings",
  "trading_competitions_promotions",
  "maintenance_system_updates",
  "symbol_delisting",
  "product_updates",
  "security",
  "api_trading"
] as const

/** A request's `annType`: any letter case accepted, the documented lower case sent. */
export const AnnouncementType = Spelling.literal(...announcementTypes)

/** `en_US` or `zh_CN` (Bitget's table); any letter case accepted, the documented spelling sent. */
export const AnnouncementLanguage = Spelling.literal("en_US", "zh_CN")

export const Announcement = Schema.Struct({
  annId: Schema.String,
  annTitle: Schema.String,
  /** Deprecated by Bitget; usually empty. */
  annDesc: Absent.optional(Schema.String),
  cTime: Timestamp,
  language: Schema.String,
  annUrl: Schema.String,
  annType: Absent.optional(OpenEnum(...announcementTypes)),
  annSubType: Absent.optional(Schema.String)
})
export type Announcement = typeof Announcement.Type

export const Announcements = Endpoint.list("/api/v2/public/annoucements", {
  name: "core.public.announcements",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Schema.Struct({
    /**
     * Required. The exchange answers in English for a language it does not support; only the
     * two documented ones are taken here, so a misspelt `zh-CN` is refused rather than answered
     * in English.
     */
    language: AnnouncementLanguage,
    annType: Schema.optional(AnnouncementType),
    /** By announcement time; only about the last month is searched ("within one month"). */
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    /** The last `annId` of the previous page (the newer page of Bitget's docs; pagination-audit.md). */
    cursor: Schema.optional(Limit.Cursor),
    limit: Schema.optional(Limit.PageSize)
  }),
  data: Schema.Array(Announcement),
  pagination: {
    cursor: Pagination.lastRow("annId", "cursor"),
    limit: {
      param: "limit",
      max: 10,
      default: 10,
      source: "https://www.bitget.com/api-doc/common/notice/Get-All-Notices"
    }
  }
})

/**
 * `GET /api/v2/public/annoucements` (the exchange's own spelling): announcements in `en_US` or
 * `zh_CN`, of one `annType` or all, by announcement time (`startTime`/`endTime`), newest first; at
 * most 10 a page, cursor = the last `annId`; only about the last month is searchable. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `annId`; at most 10 a page (`limit`, 10 when omitted).
 */
export const announcements = Operation.make(Announcements)

export const TradeRate = Endpoint.get("/api/v2/common/trade-rate", {
  name: "core.public.tradeRate",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // Request table of https://www.bitget.com/api-doc/common/public/Get-Trade-Rate (its curl
  // example writes `business=mix`; the table's `businessType` is the parameter).
  request: Schema.Struct({
    symbol: Limit.NonEmpty,
    /** `spot`, `mix` (futures) or `margin`; any letter case accepted, lower case sent. */
    businessType: Spelling.literal("mix", "spot", "margin")
  }),
  data: Schema.Struct({ makerFeeRate: Decimal, takerFeeRate: Decimal })
})

/**
 * `GET /api/v2/common/trade-rate`: the account's maker and taker fee rates for a symbol.
 * `businessType` picks the line (`spot`, `mix`, `margin`). The V1→V2 table's
 * `/api/v2/public/trade-rate` does not exist.
 */
export const tradeRate = Operation.make(TradeRate)

export const AllTradeRate = Endpoint.get("/api/v2/common/all-trade-rate", {
  name: "core.public.allTradeRate",
  signed: true,
  // 10/s per UID (https://www.bitget.com/api-doc/common/public/Get-All-Trade-Rate, via
  // ../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Schema.Struct({
    /** `spot`, `mix` (futures) or `margin`; any letter case accepted, lower case sent. */
    businessType: Spelling.literal("mix", "spot", "margin")
  }),
  data: Schema.Array(Schema.Struct({ symbol: Schema.String, makerFeeRate: Decimal, takerFeeRate: Decimal }))
})

/**
 * `GET /api/v2/common/all-trade-rate`: the account's maker and taker fee rates for every symbol of
 * a line (`businessType`: `spot`, `mix` or `margin`). Beyond the specification's list. 10/s per UID.
 */
export const allTradeRate = Operation.make(AllTradeRate)

/** The declarations of this module, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [ServerTime, Announcements, TradeRate, AllTradeRate]

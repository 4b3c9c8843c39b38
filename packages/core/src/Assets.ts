/**
 * The whole account's assets, across its accounts (Bitget's "Common → Assets" pages): the USDT
 * value of each account type, the funding account's coins, and the trading bots' account.
 */
import * as Schema from "effect/Schema"
import * as Absent from "./Absent.js"
import { Decimal } from "./Decimal.js"
import * as Endpoint from "./Endpoint.js"
import { OpenEnum } from "./OpenEnum.js"
import * as Operation from "./Operation.js"
import * as RateLimit from "./RateLimit.js"

/** The account types the overview lists (https://www.bitget.com/api-doc/common/account/All-Account-Balance). */
export const OverviewAccountType = OpenEnum("spot", "futures", "funding", "earn", "bots", "margin")

export const AccountBalance = Schema.Struct({
  accountType: OverviewAccountType,
  /** The account's assets valued in USDT. */
  usdtBalance: Decimal
})
export interface AccountBalance extends Schema.Schema.Type<typeof AccountBalance> {}

export const AllAccountBalance = Endpoint.get("/api/v2/account/all-account-balance", {
  name: "core.assets.allAccountBalance",
  signed: true,
  // 1/s per UID (All-Account-Balance page above; ../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(1),
  request: Endpoint.NoParams,
  data: Schema.Array(AccountBalance)
})
/**
 * `GET /api/v2/account/all-account-balance`: the USDT value of each of the account's accounts
 * (spot, futures, funding, earn, bots, margin) in one call; their sum is the whole account. Beyond
 * the specification's list (https://www.bitget.com/api-doc/common/account/All-Account-Balance).
 * 1/s per UID.
 */
export const allAccountBalance = Operation.make(AllAccountBalance)

export const FundingAsset = Schema.Struct({
  coin: Schema.String,
  available: Decimal,
  frozen: Decimal,
  usdtValue: Absent.optional(Decimal)
})
export interface FundingAsset extends Schema.Schema.Type<typeof FundingAsset> {}

export const FundingAssets = Endpoint.get("/api/v2/account/funding-assets", {
  name: "core.assets.fundingAssets",
  signed: true,
  // 10/s per UID (https://www.bitget.com/api-doc/common/account/Funding-Assets, via rate-limits.tsv).
  rateLimit: RateLimit.uid(10),
  request: Schema.Struct({ coin: Schema.optional(Schema.String) }),
  data: Schema.Array(FundingAsset)
})
/**
 * `GET /api/v2/account/funding-assets`: the funding account's coins (all, or one `coin`), each with
 * its USDT value. Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/account/Funding-Assets). 10/s per UID.
 */
export const fundingAssets = Operation.make(FundingAssets)

export const BotAsset = Schema.Struct({
  coin: Schema.String,
  available: Decimal,
  /** Futures bots only. */
  equity: Absent.optional(Decimal),
  /** Futures bots only: trial funds. */
  bonus: Absent.optional(Decimal),
  frozen: Decimal,
  usdtValue: Absent.optional(Decimal)
})
export interface BotAsset extends Schema.Schema.Type<typeof BotAsset> {}

export const BotAssets = Endpoint.get("/api/v2/account/bot-assets", {
  name: "core.assets.botAssets",
  signed: true,
  // Bitget's pages disagree: 10/s (English) and 5/s (https://bitget.ng/zh-CN/api-doc/common/account/Bot-Assets);
  // the stricter is kept (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.uid(5),
  request: Schema.Struct({ accountType: Schema.optional(Schema.Literal("futures", "spot")) }),
  data: Schema.Array(BotAsset)
})
/**
 * `GET /api/v2/account/bot-assets`: the trading bots' account, its futures or spot side
 * (`accountType`), per coin. Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/account/Bot-Assets). 5/s per UID.
 */
export const botAssets = Operation.make(BotAssets)

/** The declarations of this module, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [AllAccountBalance, FundingAssets, BotAssets]

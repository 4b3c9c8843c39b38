/**
 * What the futures and spot copy routes share: starting or changing a follow, a trader's
 * figures, the profit share summary, the follower list and a follower's figures per trader.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BigDecimal from "effect/BigDecimal"
import type { Context } from "../Domain.js"
import {
  compact,
  type FollowRecord,
  type FollowSetting,
  inRange,
  type Line,
  numberedPage,
  type ProfitShare,
  refuse,
  type State,
  time,
  type Track,
  type TraderRecord
} from "./State.js"

type BD = BigDecimal.BigDecimal
export const ZERO = BigDecimal.fromBigInt(0n)
export const DAY = 86_400_000
export const sum = (values: ReadonlyArray<BD>) => values.reduce((a, b) => BigDecimal.sum(a, b), ZERO)
const HUNDRED = BigDecimal.fromBigInt(100n)
export const dec = (value: BD | string): BD => Decimal.toBigDecimal(value)
export const opt = (value: BD | string | undefined) => value === undefined ? undefined : dec(value)
/** The signed-in account (copy trading endpoints are all signed). */
export const uidOf = (context: Context) => context.account!.uid
export const byNo = (t: Track) => t.trackingNo
export const opened = (t: Track) => t.openTime

/** `part` as a percentage of `whole`, two places (0 when `whole` is 0). */
export const pct = (part: BD, whole: BD) =>
  BigDecimal.isZero(whole)
    ? ZERO
    : BigDecimal.normalize(
      BigDecimal.round(BigDecimal.unsafeDivide(BigDecimal.multiply(part, HUNDRED), whole), { scale: 2 })
    )

/**
 * Starts following `traderUid` on `line` (or changes the follow): every symbol must be one the
 * trader offers (`31052`); the settings replace those of the same symbols.
 */
export const setFollow = (
  state: State,
  request: {
    readonly followerUid: string
    readonly traderUid: string
    readonly line: Line
    readonly offered: (trader: TraderRecord, symbol: string) => boolean
    readonly autoCopy: string | undefined
    readonly mode: string | undefined
    readonly settings: ReadonlyArray<FollowSetting>
    readonly now: number
  }
): void => {
  const trader = state.followable(request.followerUid, request.traderUid, request.line)
  for (const s of request.settings) {
    if (!request.offered(trader, s.symbol)) refuse("31052", `${s.symbol} is not opened for copying by the trader`)
  }
  let follow = state.follow(request.followerUid, request.traderUid, request.line)
  if (follow === undefined) {
    follow = {
      followerUid: request.followerUid,
      traderUid: request.traderUid,
      line: request.line,
      settings: new Map(),
      autoCopy: "off",
      mode: "advanced",
      since: request.now
    }
    state.follows.push(follow)
  }
  if (request.autoCopy !== undefined) follow.autoCopy = request.autoCopy
  if (request.mode !== undefined) follow.mode = request.mode
  for (const s of request.settings) follow.settings.set(s.symbol, s)
}

/** A trader's tracking figures on a line, as the summaries show them. */
export const traderFigures = (state: State, uid: string, line: Line, now: number) => {
  const own = state.tracks.filter((t) => t.line === line && t.ownerUid === uid)
  const closed = own.filter((t) => t.closing !== undefined)
  const profit = sum(closed.map((t) => t.closing!.achievedPL))
  const gain = closed.filter((t) => BigDecimal.isPositive(t.closing!.achievedPL)).length
  const loss = closed.filter((t) => BigDecimal.isNegative(t.closing!.achievedPL)).length
  const current = state.followersOf(uid, line)
  const ever = new Set(
    state.tracks.filter((t) => t.line === line && t.traderUid === uid && !!t.parentNo).map((t) => t.ownerUid)
  )
  for (const f of current) ever.add(f.followerUid)
  const today = Math.floor(now / DAY) * DAY
  return {
    roi: pct(profit, sum(closed.map((t) => t.margin))),
    tradingOrderNum: own.length,
    totalFollowerNum: ever.size,
    currentFollowerNum: current.length,
    totalpl: BigDecimal.format(BigDecimal.round(profit, { scale: 2 })),
    gainNum: gain,
    lossNum: loss,
    winRate: pct(BigDecimal.fromNumber(gain), BigDecimal.fromNumber(gain + loss)),
    lastWeekRoiList: [],
    lastWeekProfitList: [{ amount: profit, ctime: time(today) }],
    lastMonthRoiList: [],
    lastMonthProfitList: [{ amount: profit, ctime: time(today) }]
  }
}

/** The paid shares of a trader: yesterday, in total (nothing waits: shares are paid at the close), per coin. */
export const shareSummary = (shares: ReadonlyArray<ProfitShare>, now: number) => {
  const today = Math.floor(now / DAY) * DAY
  const coins = [...new Set(shares.map((p) => p.coin))]
  return {
    summary: compact<any>({
      yesterdayProfit: sum(shares.filter((p) => p.time >= today - DAY && p.time < today).map((p) => p.profit)),
      sumProfit: sum(shares.map((p) => p.profit)),
      waitProfit: ZERO,
      yesterdayTime: time(today - DAY)
    }),
    perCoin: coins.map((coin) => {
      const of = shares.filter((p) => p.coin === coin)
      return {
        coin,
        shares: of,
        profitCount: sum(of.map((p) => p.profit)),
        lastProfitTime: time(of[of.length - 1]!.time)
      }
    })
  }
}

/** A trader's followers on a line (by follow time, page by page), with their equity in USDT. */
export const followerRows = (
  state: State,
  traderUid: string,
  line: Line,
  request: Parameters<typeof inRange>[2] & Parameters<typeof numberedPage>[1],
  equity: (uid: string) => BD
) =>
  numberedPage(inRange(state.followersOf(traderUid, line), (f) => f.since, request), request).map((f) => ({
    followerUid: f.followerUid,
    followerName: state.nameOf(f.followerUid),
    accountEquity: equity(f.followerUid),
    isRemove: true,
    followerTime: time(f.since)
  }))

/** The follows of a follower on a line, in the request's time range, page by page. */
export const followsOf = (
  state: State,
  followerUid: string,
  line: Line,
  request: Parameters<typeof inRange>[2] & Parameters<typeof numberedPage>[1]
): Array<FollowRecord> =>
  numberedPage(
    inRange(state.follows.filter((f) => f.followerUid === followerUid && f.line === line), (f) => f.since, request),
    request
  )

/** A follower's figures with one trader: margin in open copies, profit and net profit of closed ones. */
export const copyFigures = (state: State, follow: FollowRecord) => {
  const copies = state.tracks.filter((t) =>
    t.line === follow.line && t.ownerUid === follow.followerUid && t.traderUid === follow.traderUid && !!t.parentNo
  )
  const closed = copies.filter((t) => t.closing !== undefined)
  return {
    traderId: follow.traderUid,
    traderName: state.nameOf(follow.traderUid),
    certificationType: "Certified",
    maxFollowLimit: 1000,
    followCount: state.followersOf(follow.traderUid, follow.line).length,
    bgbMaxFollowLimit: 0,
    bgbFollowCount: 0,
    margin: sum(copies.filter((t) => t.closing === undefined).map((t) => t.margin)),
    traceTotalNetProfit: sum(closed.map((t) => t.closing!.netProfit)),
    traceTotalProfit: sum(closed.map((t) => t.closing!.achievedPL)),
    followerTime: time(follow.since)
  }
}

/** Ends a follow a trader or follower names; `code` when there is none. */
export const endFollow = (state: State, followerUid: string, traderUid: string, line: Line, code: string) => {
  const follow = state.follow(followerUid, traderUid, line)
  if (follow === undefined) {
    return refuse(code, code === "43062" ? "You do not follow this trader" : "The user does not follow you")
  }
  state.unfollow(follow)
  return "success"
}

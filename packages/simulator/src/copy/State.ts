/**
 * The copy trading domain's records and the roles they give accounts: who is a futures or spot
 * elite trader, who follows whom with which settings, the tracking orders of both lines, the
 * profit shares paid to traders, the copies that were skipped (and why), and brokers with their
 * customers. Role checks throw the futures world's `Refusal` with Bitget's copy trading codes.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import type { Accounts } from "../Accounts.js"
import { Refusal } from "../futures/Records.js"

type BD = BigDecimal.BigDecimal

export type Line = "futures" | "spot"

export const refuse = (code: string, msg: string): never => {
  throw new Refusal(code, msg)
}

export interface TraderRecord {
  readonly uid: string
  readonly lines: Set<Line>
  /** The share of each follower's net profit the trader earns (0.1 = 10%). */
  profitShareRatio: BD
  enable: boolean
  showTotalEquity: boolean
  showTpsl: boolean
  /** Futures symbols offered for copying, with the trader's default TP/SL ratios (percent). */
  readonly futuresSymbols: Map<string, { productType: string; stopSurplusRatio?: BD; stopLossRatio?: BD }>
  readonly spotSymbols: Set<string>
  readonly since: number
}

export interface FollowSetting {
  readonly symbol: string
  readonly productType: string
  readonly marginType: string
  readonly marginCoin: string
  readonly leverType: string
  readonly longLeverage: BD | undefined
  readonly shortLeverage: BD | undefined
  readonly traceType: "percent" | "amount" | "count"
  readonly traceValue: BD
  readonly maxHoldSize: BD | undefined
  readonly stopSurplusRatio: BD | undefined
  readonly stopLossRatio: BD | undefined
}

export interface FollowRecord {
  readonly followerUid: string
  readonly traderUid: string
  readonly line: Line
  readonly settings: Map<string, FollowSetting>
  autoCopy: string
  mode: string
  readonly since: number
}

export interface Closing {
  readonly orderId: string
  readonly price: BD
  readonly size: BD
  readonly fee: BD
  readonly time: number
  /** Price profit of the close. */
  readonly achievedPL: BD
  /** After open and close fees and, for a follower, the trader's share. */
  readonly netProfit: BD
  readonly stopType: string
}

/** A tracking order of either line: the trader's (`parentNo` undefined) or a follower's copy of one. */
export interface Track {
  readonly line: Line
  readonly trackingNo: string
  readonly ownerUid: string
  readonly traderUid: string
  /** The trader's tracking number this copy follows. */
  readonly parentNo: string | undefined
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly posSide: "long" | "short"
  readonly leverage: BD
  readonly openOrderId: string
  readonly openPrice: BD
  readonly openSize: BD
  readonly openFee: BD
  readonly margin: BD
  readonly openTime: number
  stopSurplusPrice: BD | undefined
  stopLossPrice: BD | undefined
  followCount: number
  closing: Closing | undefined
  /** Spot copies detached with `stop-order` no longer follow the trader's sells. */
  detached: boolean
}

export interface ProfitShare {
  readonly profitId: string
  readonly line: Line
  readonly traderUid: string
  readonly followerUid: string
  readonly coin: string
  readonly profit: BD
  /** Percent. */
  readonly ratio: BD
  readonly time: number
}

/** A copy that was not made, and why (Bitget shows this in the app, not the API). */
export interface Skip {
  readonly line: Line
  readonly traderTrackingNo: string
  readonly followerUid: string
  readonly reason: string
  readonly time: number
}

export class State {
  readonly traders = new Map<string, TraderRecord>()
  readonly follows: Array<FollowRecord> = []
  readonly tracks: Array<Track> = []
  readonly profits: Array<ProfitShare> = []
  readonly skips: Array<Skip> = []
  /** Broker uid → the uids of its customers. */
  readonly brokers = new Map<string, Set<string>>()
  private counter = 1_500_000_000_000_000_000n

  constructor(readonly accounts: Accounts) {}

  nextId(): string {
    this.counter += 1n
    return String(this.counter)
  }

  nameOf(uid: string): string {
    const label = this.accounts.accounts.get(uid)?.label
    return label !== undefined && label !== "" ? label : `user-${uid.slice(-4)}`
  }

  /** The trader record of `uid` on `line`, or Bitget's "not a trader" refusal. */
  trader(uid: string, line: Line): TraderRecord {
    const trader = this.traders.get(uid)
    if (trader === undefined || !trader.lines.has(line)) {
      return line === "futures"
        ? refuse("40732", "Not currently a trader")
        : refuse("31001", "The user is not a trader")
    }
    return trader
  }

  /** The trader a follower names: it must exist on the line and not be the caller. */
  followable(followerUid: string, traderUid: string, line: Line): TraderRecord {
    if (followerUid === traderUid) refuse("31032", "You cannot follow yourself")
    if (this.traders.get(followerUid)?.lines.has(line)) refuse("31031", "Traders cannot follow other traders")
    const trader = this.traders.get(traderUid)
    if (trader === undefined || !trader.lines.has(line)) refuse("40860", "The trader does not exist; cannot follow")
    return trader!
  }

  follow(followerUid: string, traderUid: string, line: Line): FollowRecord | undefined {
    return this.follows.find((f) => f.followerUid === followerUid && f.traderUid === traderUid && f.line === line)
  }

  followersOf(traderUid: string, line: Line): Array<FollowRecord> {
    return this.follows.filter((f) => f.traderUid === traderUid && f.line === line)
  }

  unfollow(record: FollowRecord): void {
    const index = this.follows.indexOf(record)
    if (index >= 0) this.follows.splice(index, 1)
  }

  /** A tracking order `uid` owns on `line`, by number: unknown numbers and others' orders are `43065`. */
  ownTrack(uid: string, trackingNo: string, line: Line): Track {
    const track = this.tracks.find((t) => t.trackingNo === trackingNo && t.line === line && t.ownerUid === uid)
    if (track === undefined) return refuse("43065", "The tracking number does not exist")
    return track
  }

  /** The tracking orders `uid` owns on `line`, open (`open`) or closed, that `filter` keeps. */
  ownTracks(line: Line, uid: string, open: boolean, filter: (track: Track) => boolean): Array<Track> {
    return this.tracks.filter((t) =>
      t.line === line && t.ownerUid === uid && (t.closing === undefined) === open && filter(t)
    )
  }

  openTracks(filter: (track: Track) => boolean): Array<Track> {
    return this.tracks.filter((t) => t.closing === undefined && filter(t))
  }

  /** Sets TP/SL on an open tracking order; a trader's change reaches its open copies. */
  setTpsl(track: Track, tp: BD | undefined, sl: BD | undefined): void {
    if (track.closing !== undefined) refuse("31009", "The tracking order is closed")
    // 0 cancels the one set; absent leaves it as it is.
    const apply = (t: Track) => {
      if (tp !== undefined) t.stopSurplusPrice = BigDecimal.isZero(tp) ? undefined : tp
      if (sl !== undefined) t.stopLossPrice = BigDecimal.isZero(sl) ? undefined : sl
    }
    apply(track)
    if (track.parentNo === undefined) {
      for (const copy of this.openTracks((t) => t.parentNo === track.trackingNo)) apply(copy)
    }
  }

  /** The broker record of `uid`, or `40029`. */
  broker(uid: string): Set<string> {
    return this.brokers.get(uid) ?? refuse("40029", "The account is not a broker")
  }
}

/** The TP (`profit`) or SL (`loss`) of a tracking order that `price` reaches, if any. */
export const reached = (track: Track, price: BD): "profit" | "loss" | undefined => {
  const long = track.posSide === "long"
  const tp = track.stopSurplusPrice
  const sl = track.stopLossPrice
  if (tp !== undefined && (long ? !BigDecimal.lessThan(price, tp) : !BigDecimal.greaterThan(price, tp))) return "profit"
  if (sl !== undefined && (long ? !BigDecimal.greaterThan(price, sl) : !BigDecimal.lessThan(price, sl))) return "loss"
  return undefined
}

/**
 * Closes what a new price reaches on `line`: traders' tracking orders first (their copies close
 * with them, marked the same way), then copies whose own TP/SL the price reached. A close the
 * world refuses leaves the order open.
 */
export const trigger = (
  state: State,
  line: Line,
  symbol: string,
  price: BD,
  close: (track: Track, stopType: "profit" | "loss") => void
): void => {
  const attempt = (track: Track) => {
    const hit = track.closing === undefined ? reached(track, price) : undefined
    if (hit === undefined) return
    try {
      close(track, hit)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
    }
  }
  const onSymbol = (t: Track) => t.line === line && t.symbol === symbol && !t.detached
  for (const track of state.openTracks((t) => onSymbol(t) && t.parentNo === undefined)) attempt(track)
  for (const track of state.openTracks((t) => onSymbol(t) && t.parentNo !== undefined)) attempt(track)
}

export const time = (ms: number) => DateTime.unsafeMake(ms)

/** Drops `undefined` values: optional fields are left out. */
export const compact = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

const millis = (value: DateTime.Utc | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)

export interface IdPage {
  readonly idLessThan?: string | undefined
  readonly idGreaterThan?: string | undefined
  readonly startTime?: DateTime.Utc | undefined
  readonly endTime?: DateTime.Utc | undefined
  readonly limit?: number | undefined
}

/**
 * One page by id: rows newest id first, in the time range, below `idLessThan` (or above
 * `idGreaterThan`), at most `limit` (default 20, as Bitget's pages default).
 */
export const idPage = <R>(rows: ReadonlyArray<R>, id: (row: R) => string, at: (row: R) => number, request: IdPage) => {
  const start = millis(request.startTime)
  const end = millis(request.endTime)
  const below = request.idLessThan === undefined ? undefined : BigInt(request.idLessThan)
  const above = request.idGreaterThan === undefined ? undefined : BigInt(request.idGreaterThan)
  const selected = [...rows]
    .sort((a, b) => (BigInt(id(b)) > BigInt(id(a)) ? 1 : BigInt(id(b)) < BigInt(id(a)) ? -1 : 0))
    .filter((row) =>
      (start === undefined || at(row) >= start) && (end === undefined || at(row) <= end) &&
      (below === undefined || BigInt(id(row)) < below) && (above === undefined || BigInt(id(row)) > above)
    )
    .slice(0, request.limit ?? 20)
  const last = selected[selected.length - 1]
  return { rows: selected, endId: last === undefined ? undefined : id(last) }
}

/** One page by page number (from 1), `size` rows (default 20). */
export const numberedPage = <R>(
  rows: ReadonlyArray<R>,
  request: { readonly pageNo?: number | undefined; readonly pageSize?: number | undefined }
) => {
  const size = request.pageSize ?? 20
  const number = request.pageNo ?? 1
  return rows.slice((number - 1) * size, number * size)
}

/** Rows whose time falls in the request's range. */
export const inRange = <R>(
  rows: ReadonlyArray<R>,
  at: (row: R) => number,
  request: { readonly startTime?: DateTime.Utc | undefined; readonly endTime?: DateTime.Utc | undefined }
) => {
  const start = millis(request.startTime)
  const end = millis(request.endTime)
  return rows.filter((row) => (start === undefined || at(row) >= start) && (end === undefined || at(row) <= end))
}

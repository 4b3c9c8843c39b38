/**
 * V3 grid bots: a bot's investment leaves the unified balance when it is created (25202 if the
 * balance cannot cover it) and returns with its profit when it is closed. Its levels split the
 * price range evenly (arithmetic) or by equal ratios (geometric); it rests buy orders below the
 * live price and sell orders above. Profit comes from the market's one price path: every level
 * the path crossed (sampled each minute since the bot started) fills one side of a grid, and
 * two crossings make one arbitrage earning the level gap less two taker fees. Simplified: the
 * orders are the bot's own book, not orders in the spot or futures world.
 */
import * as GridBot from "@effect-bitget/unified/GridBot"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import * as FuturesMarket from "../futures/MarketDataRoutes.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import * as Pairs from "../spot/Pairs.js"
import { fromWorld } from "./Funds.js"
import type { Routes } from "./UnifiedDomain.js"

type Dec = BD.BigDecimal
const { MINUTE, DAY } = PricePath.millis
const dec = (value: number, places: number) => BD.normalize(BD.unsafeFromString(value.toFixed(places)))
const num = BD.unsafeToNumber
const ZERO = BD.fromBigInt(0n)

/** The smallest order a grid level may place, in the quote coin (V3 spot `minOrderAmount`). */
export const MIN_ORDER_VALUE = 5
/** Taker fee a filled level pays (V3 futures `takerFeeRate`; spot's 0.1% rounds the same way here). */
const FEE = 0.0006

interface Bot {
  readonly botId: string
  readonly uid: string
  readonly neutral: boolean
  readonly category: string
  readonly symbol: string
  readonly quoteCoin: string
  readonly fundsType: string
  readonly gridType: string | undefined
  readonly mode: string
  readonly leverage: number
  readonly startPrice: Dec
  readonly created: number
  min: Dec
  max: Dec
  gridNum: number
  invested: Dec
  takeProfit: Dec | undefined
  stopLoss: Dec | undefined
  hodlMode: boolean | undefined
  autoTransferProfits: boolean | undefined
  closed: number | undefined
  /** What the bot had earned when it closed (the path's history moves with now: kept, not re-read). */
  final: { readonly count: number; readonly grid: number; readonly unpaired: number } | undefined
}

const FUNDS_TYPE: Record<string, string> = { uta: "uta", funding: "spot", otc: "otc" }
/** The row without its absent fields (the schemas' optional fields take no `undefined`). */
const compact = <A>(row: Record<string, unknown>): A =>
  Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as A

const gone = (botId: string) => reject("25204", `The grid bot ${botId} does not exist or has ended`)

export const routes: Routes = (control, environment) => {
  const { futures, spot } = control
  const funds = fromWorld(spot, environment.accounts)
  const bots = new Map<string, Bot>()
  let next = 1

  /** The market of a category's symbol: its live price, path and coins. */
  const market = (category: string, symbol: string, now: number) => {
    if (category === "SPOT") {
      const pair = Pairs.bySymbol.get(symbol.toUpperCase())
      if (pair === undefined) return undefined
      const live = spot.prices.get(pair.symbol)!
      const places = { price: pair.pricePrecision, size: pair.quantityPrecision }
      return { symbol: pair.symbol, live, path: PricePath.make(pair.symbol, live, now, places), quote: pair.quoteCoin }
    }
    const contract = futures.contracts.get(symbol.toUpperCase())
    if (contract === undefined || contract.productType !== category) return undefined
    const path = FuturesMarket.pathOf(futures, contract, now)
    return { symbol: contract.symbol, live: futures.mark(contract.symbol), path, quote: category.split("-")[0]! }
  }

  const levels = (bot: Pick<Bot, "min" | "max" | "gridNum" | "mode">, places: number): Array<Dec> => {
    const lo = num(bot.min)
    const hi = num(bot.max)
    return Array.from({ length: bot.gridNum + 1 }, (_, i) =>
      dec(
        bot.mode === "geometric" ? lo * Math.pow(hi / lo, i / bot.gridNum) : lo + ((hi - lo) * i) / bot.gridNum,
        places
      ))
  }

  /** Level crossings of the path since the bot started, sampled each minute (at most 30 days of them). */
  const crossings = (bot: Bot, path: PricePath.Path, now: number) => {
    const end = Math.min(bot.closed ?? now, now)
    const marks = levels(bot, path.pricePlace).map(num)
    const band = (price: number) => marks.filter((level) => level <= price).length
    let count = 0
    let last = band(num(bot.startPrice))
    for (let t = Math.max(bot.created, end - 30 * DAY) + MINUTE; t <= end; t += MINUTE) {
      const now = band(path.raw(Math.min(t, end)))
      count += Math.abs(now - last)
      last = now
    }
    return count
  }

  /** The quote a completed arbitrage of one level earns: its share of the investment times the gap, less fees. */
  const perArbitrage = (bot: Bot) => {
    const lo = num(bot.min)
    const hi = num(bot.max)
    const gap = bot.mode === "geometric"
      ? Math.pow(hi / lo, 1 / bot.gridNum) - 1
      : (hi - lo) / bot.gridNum / ((hi + lo) / 2)
    return (num(bot.invested) * bot.leverage / bot.gridNum) * (gap - 2 * FEE)
  }

  const check = (
    request: { readonly category: string; readonly symbol: string; readonly gridNum: number },
    investment: ReadonlyArray<{ readonly coin: string; readonly amount: Dec | string }> | undefined,
    now: number
  ) => {
    const m = market(request.category, request.symbol, now)
    if (m === undefined) return { m, reason: `The trading pair ${request.symbol} does not exist`, min: ZERO }
    const min = dec(MIN_ORDER_VALUE * request.gridNum, 2)
    const quote = (investment ?? []).find((i) => i.coin.toUpperCase() === m.quote)
    if (investment !== undefined && quote === undefined) {
      return { m, reason: `The investment must be in ${m.quote}`, min }
    }
    const amount = quote === undefined ? min : BD.unsafeFromString(String(quote.amount))
    if (BD.lessThan(amount, min)) return { m, reason: `The investment must be at least ${BD.format(min)}`, min }
    return { m, reason: undefined, min, amount }
  }

  const create = (
    request: typeof GridBot.CreateBot.request.Type | typeof GridBot.CreateNeutralBot.request.Type,
    neutral: boolean,
    uid: string,
    now: number
  ) =>
    Effect.gen(function*() {
      const verdict = check(request, request.investmentAmount, now)
      if (verdict.m === undefined) return yield* reject("25100", verdict.reason!)
      if (verdict.reason !== undefined) return yield* reject("25200", verdict.reason)
      const fundsType = FUNDS_TYPE[request.fundsSource[0]!] ?? "uta"
      yield* funds.move(uid, fundsType, verdict.m.quote, BD.negate(verdict.amount!), now, ["strategy", "grid-in"])
      const botId = String(9_100_000_000_000 + next++)
      const options = request as Partial<typeof GridBot.CreateBot.request.Type>
      bots.set(botId, {
        botId,
        uid,
        neutral,
        category: request.category,
        symbol: verdict.m.symbol,
        quoteCoin: verdict.m.quote,
        fundsType,
        gridType: neutral ? "netural" : options.gridType,
        mode: request.gridOrderMode,
        leverage: request.leverage ?? 1,
        startPrice: verdict.m.live,
        created: now,
        min: BD.unsafeFromString(String(request.minPrice)),
        max: BD.unsafeFromString(String(request.maxPrice)),
        gridNum: request.gridNum,
        invested: verdict.amount!,
        takeProfit: request.takeProfit === undefined ? undefined : BD.unsafeFromString(String(request.takeProfit)),
        stopLoss: request.stopLoss === undefined ? undefined : BD.unsafeFromString(String(request.stopLoss)),
        hodlMode: options.hodlMode,
        autoTransferProfits: request.autoTransferProfits,
        closed: undefined,
        final: undefined
      })
      return { botId }
    })

  /** The caller's bot of the right kind, running unless `ended` is allowed. */
  const own = (botId: string, uid: string, neutral: boolean | undefined, ended = false) => {
    const bot = bots.get(botId)
    if (bot === undefined || bot.uid !== uid || (neutral !== undefined && bot.neutral !== neutral)) return gone(botId)
    return bot.closed !== undefined && !ended ? gone(botId) : Effect.succeed(bot)
  }

  const figures = (bot: Bot, now: number) => {
    const m = market(bot.category, bot.symbol, now)!
    const count = bot.final?.count ?? Math.floor(crossings(bot, m.path, now) / 2)
    const grid = bot.final?.grid ?? count * perArbitrage(bot)
    const invested = num(bot.invested)
    const lean = bot.gridType === "short" ? -1 : bot.neutral ? 0 : 1
    // Half the investment sits in the base coin, bought at the start price.
    const unpaired = bot.final?.unpaired ?? lean * (invested / 2) * (num(m.live) / num(bot.startPrice) - 1)
    const days = Math.max(1, ((bot.closed ?? now) - bot.created) / DAY)
    return {
      m,
      count,
      grid,
      unpaired,
      common: {
        botId: bot.botId,
        symbol: bot.symbol,
        status: bot.closed === undefined ? "running" : "terminated",
        totalProfit: dec(grid + unpaired, 4),
        roi: dec((grid + unpaired) / invested, 6),
        gridProfit: dec(grid, 4),
        gridProfitRate: dec(grid / invested, 6),
        unpairedProfit: dec(unpaired, 4),
        unpairedProfitRate: dec(unpaired / invested, 6),
        arbitrageAPR: dec((grid / invested) * 365 / days, 6),
        totalAPR: dec(((grid + unpaired) / invested) * 365 / days, 6),
        createdTime: DateTime.unsafeMake(bot.created),
        runningTime: BD.fromBigInt(BigInt((bot.closed ?? now) - bot.created)),
        gridStartPrice: bot.startPrice,
        maxPrice: bot.max,
        minPrice: bot.min,
        gridNum: bot.gridNum,
        gridOrderMode: bot.mode,
        stopLoss: bot.stopLoss,
        takeProfit: bot.takeProfit,
        autoTransferProfits: bot.autoTransferProfits
      }
    }
  }

  const orders = (bot: Bot, now: number) => {
    const m = market(bot.category, bot.symbol, now)!
    const live = num(m.live)
    const perLevel = (num(bot.invested) * bot.leverage) / bot.gridNum
    const rows = bot.closed !== undefined ? [] : levels(bot, m.path.pricePlace).map((price, i) => ({
      orderId: `${bot.botId}${String(i).padStart(3, "0")}`,
      delegateCount: dec(perLevel / num(price), m.path.sizePlace),
      delegatePrice: price,
      changeRequired: dec((Math.abs(num(price) - live) / live) * 100, 2)
    }))
    return {
      botId: bot.botId,
      symbol: bot.symbol,
      buyOrderList: rows.filter((r) => BD.lessThan(r.delegatePrice, m.live)),
      sellOrderList: rows.filter((r) => BD.greaterThan(r.delegatePrice, m.live))
    }
  }

  const validation = (verdict: ReturnType<typeof check>) =>
    compact<GridBot.Validation>({
      valid: verdict.reason === undefined,
      reason: verdict.reason,
      minInvestment: verdict.min
    })

  const move = (
    bot: Bot,
    request: {
      readonly category: string
      readonly minPrice: unknown
      readonly maxPrice: unknown
      readonly gridNum: number
    }
  ) => {
    if (request.category !== bot.category) return reject("25200", `The bot ${bot.botId} trades ${bot.category}`)
    bot.min = BD.unsafeFromString(String(request.minPrice))
    bot.max = BD.unsafeFromString(String(request.maxPrice))
    bot.gridNum = request.gridNum
    return Effect.succeed({ botId: bot.botId })
  }

  const uidOf = (context: Domain.Context) => context.account!.uid

  return [
    Domain.route(
      GridBot.Validate,
      (request, context) => Effect.succeed(validation(check(request, request.investmentAmount, context.now)))
    ),
    Domain.route(
      GridBot.ValidateNeutral,
      (request, context) => Effect.succeed(validation(check(request, request.investmentAmount, context.now)))
    ),
    Domain.route(GridBot.CreateBot, (request, context) => create(request, false, uidOf(context), context.now)),
    Domain.route(GridBot.CreateNeutralBot, (request, context) => create(request, true, uidOf(context), context.now)),
    Domain.route(
      GridBot.ModifyBot,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), false), (bot) => {
          // An omitted take-profit or stop-loss is cleared (go-bitget).
          bot.takeProfit = request.takeProfit === undefined
            ? undefined
            : BD.unsafeFromString(String(request.takeProfit))
          bot.stopLoss = request.stopLoss === undefined ? undefined : BD.unsafeFromString(String(request.stopLoss))
          if (request.hodlMode !== undefined) bot.hodlMode = request.hodlMode
          if (request.autoTransferProfits !== undefined) bot.autoTransferProfits = request.autoTransferProfits
          return { botId: bot.botId }
        })
    ),
    Domain.route(
      GridBot.ModifyNeutralBot,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), true), (bot) => {
          bot.takeProfit = request.takeProfit === undefined
            ? undefined
            : BD.unsafeFromString(String(request.takeProfit))
          bot.stopLoss = request.stopLoss === undefined ? undefined : BD.unsafeFromString(String(request.stopLoss))
          if (request.autoTransferProfits !== undefined) bot.autoTransferProfits = request.autoTransferProfits
          return { botId: bot.botId }
        })
    ),
    Domain.route(
      GridBot.ModifyGridInterval,
      (request, context) => Effect.flatMap(own(request.botId, uidOf(context), false), (bot) => move(bot, request))
    ),
    Domain.route(
      GridBot.ModifyNeutralGridInterval,
      (request, context) => Effect.flatMap(own(request.botId, uidOf(context), true), (bot) => move(bot, request))
    ),
    Domain.route(GridBot.AddInvestment, (request, context) =>
      Effect.gen(function*() {
        const bot = yield* own(request.botId, uidOf(context), undefined)
        if (request.category !== bot.category) {
          return yield* reject("25200", `The bot ${bot.botId} trades ${bot.category}`)
        }
        if (request.coin.toUpperCase() !== bot.quoteCoin) {
          return yield* reject("25200", `The investment must be in ${bot.quoteCoin}`)
        }
        const size = BD.unsafeFromString(String(request.size))
        const out = request.adjustType === "decrease"
        if (out && BD.greaterThan(size, bot.invested)) {
          return yield* reject("25202", "Insufficient investment to take out")
        }
        const fundsType = FUNDS_TYPE[request.fundsSource[0] ?? "uta"] ?? bot.fundsType
        yield* funds.move(bot.uid, fundsType, bot.quoteCoin, out ? size : BD.negate(size), context.now, [
          "strategy",
          out ? "grid-out" : "grid-in"
        ])
        bot.invested = out ? BD.subtract(bot.invested, size) : BD.sum(bot.invested, size)
        return { botId: bot.botId }
      })),
    Domain.route(GridBot.CloseBot, (request, context) =>
      Effect.gen(function*() {
        const bot = yield* own(request.botId, uidOf(context), undefined)
        const { count, grid, unpaired } = figures(bot, context.now)
        bot.closed = context.now
        bot.final = { count, grid, unpaired }
        const back = BD.sum(bot.invested, dec(Math.max(grid + unpaired, -num(bot.invested)), 4))
        yield* funds.move(bot.uid, bot.fundsType, bot.quoteCoin, back, context.now, ["strategy", "grid-out"])
        return null
      })),
    Domain.route(
      GridBot.GetBotDetail,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), false, true), (bot) => {
          const { common, count } = figures(bot, context.now)
          const base = bot.category === "SPOT" ? bot.symbol.slice(0, -bot.quoteCoin.length) : undefined
          return compact<GridBot.BotDetail>({
            ...common,
            gridType: bot.gridType,
            margin: bot.category === "SPOT" ? undefined : bot.invested,
            quoteInvestmentCoin: bot.quoteCoin,
            quoteInvestmentAmount: bot.invested,
            baseInvestmentCoin: base,
            hodlMode: bot.hodlMode,
            arbitrageCount: count,
            terminationReason: bot.closed === undefined ? undefined : "MANUAL_END"
          })
        })
    ),
    Domain.route(
      GridBot.GetNeutralBotDetail,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), true, true), (bot) => {
          const { common } = figures(bot, context.now)
          const one = perArbitrage(bot)
          return compact<GridBot.NeutralBotDetail>({
            ...common,
            margin: bot.invested,
            leverage: bot.leverage,
            oneGridMinProfit: dec(one, 4),
            oneGridMaxProfit: dec(one, 4)
          })
        })
    ),
    Domain.route(
      GridBot.ListDetails,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), false, true), (bot) => orders(bot, context.now))
    ),
    Domain.route(
      GridBot.NeutralListDetails,
      (request, context) =>
        Effect.map(own(request.botId, uidOf(context), true, true), (bot) => orders(bot, context.now))
    )
  ]
}

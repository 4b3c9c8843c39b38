/**
 * The spot domain: balances, orders that rest and fill, plan orders, transfers and bills.
 * Orders fill against a deterministic book around each symbol's price, which tests move with
 * `control.setPrice`; resting limit orders fill and plan orders trigger when the price crosses.
 * Endpoints not answered here (symbols, coins, candles, …) get generated, schema-valid data.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/spot/Account"
import * as Market from "@effect-bitget/spot/Market"
import * as PlanOrder from "@effect-bitget/spot/PlanOrder"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Wallet from "@effect-bitget/spot/Wallet"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Domain, route } from "../Domain.js"
import { codes, reject, type Rejection } from "../Rejection.js"
import * as Paging from "./Paging.js"
import * as Rows from "./Rows.js"
import { type Dec, type Order, type Plan, World, zero } from "./World.js"

/** The simulator's main account (`Simulator.UID`), which control calls act on by default. */
export const MAIN_UID = "1000000001"

/** Test knobs of the spot domain, reached with `Simulator.control<SpotControl>("spot")`. */
export interface SpotControl {
  /** Moves a symbol's price: resting orders it crosses fill, plan orders it reaches trigger. */
  readonly setPrice: (symbol: string, price: string | BD.BigDecimal) => void
  readonly price: (symbol: string) => BD.BigDecimal | undefined
  /** Adds to (or, negative, takes from) an available balance, without a record. */
  readonly credit: (
    coin: string,
    amount: string | BD.BigDecimal,
    options?: { readonly uid?: string; readonly accountType?: string }
  ) => void
  /** Records a deposit (credited, with a bill) at `time` (ms, default now); returns its id. */
  readonly deposit: (coin: string, amount: string | BD.BigDecimal, time?: number) => string
  /**
   * Writes `count` rounds of history, one every `step` ms from `from`: each a filled market
   * order (fill, fee, bills), a deposit, a withdrawal, a transfer and a cancelled plan order.
   */
  readonly history: (options: {
    readonly count: number
    readonly from: number
    readonly step: number
    readonly symbol?: string
  }) => void
  /** The world itself, for assertions. */
  readonly world: World
}

const toDec = (value: string | BD.BigDecimal): Dec => typeof value === "string" ? Decimal.unsafeMake(value) : value
const input = (value: BD.BigDecimal | string): Dec => Decimal.toBigDecimal(value)
const opt = (value: BD.BigDecimal | string | undefined): Dec | undefined =>
  value === undefined ? undefined : input(value)
const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID

const orderRule = { id: (o: Order) => o.orderId, time: (o: Order) => o.cTime, limit: 100 }
const planRule = { id: (p: Plan) => p.orderId, time: (p: Plan) => p.cTime, limit: 100 }
const isOpen = (o: Order) => o.status === "live" || o.status === "partially_filled"

const failure = (rejection: Rejection, ids: { orderId?: string | undefined; clientOid?: string | undefined }) => {
  const row: { orderId?: string; clientOid?: string; errorMsg: string; errorCode: string } = {
    errorMsg: rejection.msg,
    errorCode: rejection.code
  }
  if (ids.orderId !== undefined) row.orderId = ids.orderId
  if (ids.clientOid !== undefined) row.clientOid = ids.clientOid
  return row
}

const success = (ids: { orderId?: string | undefined; clientOid?: string | undefined }) => {
  const row: { orderId?: string; clientOid?: string } = {}
  if (ids.orderId !== undefined) row.orderId = ids.orderId
  if (ids.clientOid !== undefined) row.clientOid = ids.clientOid
  return row
}

export const make = (): Domain => {
  const world = new World()

  const transferFunds = (
    args: {
      readonly fromUid: string
      readonly toUid: string
      readonly owner: string
      readonly fromType: string
      readonly toType: string
      readonly coin: string
      readonly amount: Dec
      readonly clientOid: string | undefined
    },
    now: number
  ) =>
    Effect.gen(function*() {
      if (args.fromUid === args.toUid && args.fromType === args.toType) {
        return yield* reject(codes.parameter, "fromType and toType must differ")
      }
      yield* world.move(args.fromUid, args.coin, BD.negate(args.amount), now, args.fromType)
      yield* world.move(args.toUid, args.coin, args.amount, now, args.toType)
      if (args.fromType === "spot") {
        world.bill(args.fromUid, args.coin, "transfer", "transfer-out", BD.negate(args.amount), zero, now)
      }
      if (args.toType === "spot") world.bill(args.toUid, args.coin, "transfer", "transfer-in", args.amount, zero, now)
      const transferId = world.id()
      world.transfers.push({
        transferId,
        clientOid: args.clientOid,
        uid: args.owner,
        coin: args.coin,
        fromType: args.fromType,
        toType: args.toType,
        fromUserId: args.fromUid,
        toUserId: args.toUid,
        size: args.amount,
        ts: now
      })
      return transferId
    })

  const withdraw = (
    uid: string,
    args: { coin: string; size: Dec; address: string; chain: string; dest: string; clientOid: string | undefined },
    now: number
  ) =>
    Effect.gen(function*() {
      yield* world.move(uid, args.coin, BD.negate(args.size), now)
      world.bill(uid, args.coin, "withdraw", "withdraw", BD.negate(args.size), zero, now)
      const orderId = world.id()
      world.wallet.push({ orderId, uid, kind: "withdraw", fee: zero, ...args, cTime: now })
      return orderId
    })

  const deposit = (uid: string, coin: string, amount: Dec, now: number) => {
    Effect.runSync(world.move(uid, coin, amount, now))
    world.bill(uid, coin, "deposit", "deposit", amount, zero, now)
    const orderId = world.id()
    world.wallet.push({
      orderId,
      clientOid: undefined,
      uid,
      coin,
      kind: "deposit",
      size: amount,
      fee: zero,
      address: "sim-deposit-address",
      chain: "erc20",
      dest: "on_chain",
      cTime: now
    })
    return orderId
  }

  const placePlan = (
    uid: string,
    request: typeof PlanOrder.PlacePlanOrder.request.Type,
    now: number
  ): Effect.Effect<Plan, Rejection> =>
    Effect.gen(function*() {
      const { price } = yield* world.pair(request.symbol)
      if (request.clientOid !== undefined && world.planClientOids.has(`${uid}:${request.clientOid}`)) {
        return yield* reject(codes.duplicateClientOid, "Duplicate clientOrderId")
      }
      const triggerPrice = input(request.triggerPrice)
      const plan: Plan = {
        orderId: world.id(),
        clientOid: request.clientOid,
        uid,
        symbol: request.symbol,
        side: request.side,
        orderType: request.orderType,
        triggerPrice,
        executePrice: opt(request.executePrice),
        size: input(request.size),
        planType: request.planType ?? "amount",
        triggerType: request.triggerType,
        force: request.force ?? "gtc",
        direction: BD.greaterThanOrEqualTo(triggerPrice, price) ? "up" : "down",
        status: "not_trigger",
        placedOrderId: undefined,
        cTime: now,
        uTime: now
      }
      world.plans.set(plan.orderId, plan)
      if (request.clientOid !== undefined) world.planClientOids.set(`${uid}:${request.clientOid}`, plan.orderId)
      return plan
    })

  const findPlan = (uid: string, orderId: string | undefined, clientOid: string | undefined) => {
    const id = orderId ?? (clientOid === undefined ? undefined : world.planClientOids.get(`${uid}:${clientOid}`))
    const plan = id === undefined ? undefined : world.plans.get(id)
    return plan?.uid === uid && plan.status === "not_trigger"
      ? Effect.succeed(plan)
      : reject("43025", "Plan order does not exist")
  }

  const tradeRoutes = [
    route(Trade.PlaceOrder, (request, context) =>
      Effect.map(
        world.place({
          uid: uidOf(context),
          symbol: request.symbol,
          side: request.side,
          orderType: request.orderType,
          force: request.force,
          price: opt(request.price),
          size: input(request.size),
          clientOid: request.clientOid
        }, context.now),
        (order) => success(order)
      )),
    route(Trade.BatchOrders, (request, context) =>
      Effect.gen(function*() {
        const successList: Array<ReturnType<typeof success>> = []
        const failureList: Array<ReturnType<typeof failure>> = []
        for (const item of request.orderList) {
          const symbol = item.symbol ?? request.symbol
          const placed = symbol === undefined
            ? yield* Effect.either(reject(codes.parameterEmpty, "symbol cannot be empty"))
            : yield* Effect.either(world.place({
              uid: uidOf(context),
              symbol,
              side: item.side,
              orderType: item.orderType,
              force: item.force,
              price: opt(item.price),
              size: input(item.size),
              clientOid: item.clientOid
            }, context.now))
          if (placed._tag === "Right") successList.push(success(placed.right))
          else failureList.push(failure(placed.left, { clientOid: item.clientOid }))
        }
        return { successList, failureList }
      })),
    route(
      Trade.CancelOrder,
      (request, context) =>
        Effect.map(world.cancel(uidOf(context), request.orderId, request.clientOid, context.now), success)
    ),
    route(Trade.CancelSymbolOrder, (request, context) => {
      const uid = uidOf(context)
      for (const order of world.orders.values()) {
        if (order.uid === uid && order.symbol === request.symbol && isOpen(order)) {
          Effect.runSync(Effect.either(world.cancel(uid, order.orderId, undefined, context.now)))
        }
      }
      return Effect.succeed({ symbol: request.symbol })
    }),
    route(Trade.BatchCancelOrder, (request, context) =>
      Effect.gen(function*() {
        const successList: Array<ReturnType<typeof success>> = []
        const failureList: Array<ReturnType<typeof failure>> = []
        for (const item of request.orderList) {
          const done = yield* Effect.either(world.cancel(uidOf(context), item.orderId, item.clientOid, context.now))
          if (done._tag === "Right") successList.push(success(done.right))
          else failureList.push(failure(done.left, item))
        }
        return { successList, failureList }
      })),
    route(Trade.OrderInfo, (request, context) => {
      const order = world.find(uidOf(context), request.orderId, request.clientOid)
      return order === undefined
        ? reject(codes.orderNotFound, "Order does not exist")
        : Effect.succeed([Rows.order(order)])
    }),
    route(Trade.UnfilledOrders, (request, context) => {
      const uid = uidOf(context)
      const rows = [...world.orders.values()].filter((o) =>
        o.uid === uid && isOpen(o) && (request.symbol === undefined || o.symbol === request.symbol) &&
        (request.orderId === undefined || o.orderId === request.orderId)
      )
      return Effect.succeed(Paging.byCursor(rows, orderRule, request).map(Rows.openOrder))
    }),
    route(Trade.HistoryOrders, (request, context) => {
      const uid = uidOf(context)
      const rows = [...world.orders.values()].filter((o) =>
        o.uid === uid && !isOpen(o) && (request.symbol === undefined || o.symbol === request.symbol) &&
        (request.orderId === undefined || o.orderId === request.orderId)
      )
      return Effect.succeed(Paging.byCursor(rows, orderRule, request).map(Rows.order))
    }),
    route(Trade.Fills, (request, context) => {
      const uid = uidOf(context)
      const rows = world.fills.filter((f) =>
        f.uid === uid && (request.symbol === undefined || f.symbol === request.symbol) &&
        (request.orderId === undefined || f.orderId === request.orderId)
      )
      return Effect.succeed(
        Paging.byCursor(rows, { id: (f) => f.tradeId, time: (f) => f.cTime, limit: 100 }, request).map(Rows.fill)
      )
    })
  ]

  const planRoutes = [
    route(
      PlanOrder.PlacePlanOrder,
      (request, context) => Effect.map(placePlan(uidOf(context), request, context.now), success)
    ),
    route(
      PlanOrder.ModifyPlanOrder,
      (request, context) =>
        Effect.map(findPlan(uidOf(context), request.orderId, request.clientOid), (plan) => {
          plan.triggerPrice = input(request.triggerPrice)
          plan.orderType = request.orderType
          plan.executePrice = opt(request.executePrice)
          plan.size = input(request.size)
          plan.uTime = context.now
          const price = world.prices.get(plan.symbol)
          if (price !== undefined) plan.direction = BD.greaterThanOrEqualTo(plan.triggerPrice, price) ? "up" : "down"
          return success(plan)
        })
    ),
    route(
      PlanOrder.CancelPlanOrder,
      (request, context) =>
        Effect.map(findPlan(uidOf(context), request.orderId, request.clientOid), (plan) => {
          plan.status = "cancelled"
          plan.uTime = context.now
          return { result: "success" }
        })
    ),
    route(PlanOrder.BatchCancelPlanOrder, (request, context) => {
      const uid = uidOf(context)
      const successList: Array<ReturnType<typeof success>> = []
      for (const plan of world.plans.values()) {
        if (plan.uid !== uid || plan.status !== "not_trigger") continue
        if (request.symbolList !== undefined && !request.symbolList.includes(plan.symbol)) continue
        plan.status = "cancelled"
        plan.uTime = context.now
        successList.push(success(plan))
      }
      return Effect.succeed({ successList, failureList: [] })
    }),
    route(PlanOrder.CurrentPlanOrder, (request, context) => {
      const uid = uidOf(context)
      const rows = [...world.plans.values()].filter((p) =>
        p.uid === uid && p.status === "not_trigger" && p.symbol === request.symbol
      )
      return Effect.succeed(planPage(Paging.byCursor(rows, planRule, request), request.limit ?? 100))
    }),
    route(PlanOrder.HistoryPlanOrder, (request, context) => {
      const uid = uidOf(context)
      const rows = [...world.plans.values()].filter((p) =>
        p.uid === uid && p.status !== "not_trigger" && p.symbol === request.symbol
      )
      return Effect.succeed(planPage(Paging.byCursor(rows, planRule, request), request.limit ?? 100))
    })
  ]

  const planPage = (page: ReadonlyArray<Plan>, limit: number) => {
    const last = page[page.length - 1]
    const data: { nextFlag: boolean; idLessThan?: string; orderList: Array<PlanOrder.PlanOrder> } = {
      nextFlag: page.length === limit,
      orderList: page.map(Rows.plan)
    }
    if (last !== undefined) data.idLessThan = last.orderId
    return data
  }

  const walletRoutes = [
    route(Wallet.Transfer, (request, context) =>
      Effect.map(
        transferFunds({
          fromUid: uidOf(context),
          toUid: uidOf(context),
          owner: uidOf(context),
          fromType: request.fromType,
          toType: request.toType,
          coin: request.coin,
          amount: input(request.amount),
          clientOid: request.clientOid
        }, context.now),
        (transferId) => request.clientOid === undefined ? { transferId } : { transferId, clientOid: request.clientOid }
      )),
    route(Wallet.SubaccountTransfer, (request, context) =>
      Effect.map(
        transferFunds({
          fromUid: request.fromUserId,
          toUid: request.toUserId,
          owner: uidOf(context),
          fromType: request.fromType,
          toType: request.toType,
          coin: request.coin,
          amount: input(request.amount),
          clientOid: request.clientOid
        }, context.now),
        (transferId) => request.clientOid === undefined ? { transferId } : { transferId, clientOid: request.clientOid }
      )),
    route(Wallet.Withdrawal, (request, context) =>
      Effect.map(
        withdraw(uidOf(context), {
          coin: request.coin,
          size: input(request.size),
          address: request.address,
          chain: request.chain ?? "",
          dest: request.transferType,
          clientOid: request.clientOid
        }, context.now),
        (orderId) => request.clientOid === undefined ? { orderId } : { orderId, clientOid: request.clientOid }
      )),
    route(Wallet.DepositRecords, (request, context) => {
      const uid = uidOf(context)
      const rows = world.wallet.filter((r) =>
        r.uid === uid && r.kind === "deposit" && (request.coin === undefined || r.coin === request.coin) &&
        (request.orderId === undefined || r.orderId === request.orderId)
      )
      return Effect.succeed(
        Paging.byCursor(rows, { id: (r) => r.orderId, time: (r) => r.cTime, limit: 100 }, request).map(Rows.deposit)
      )
    }),
    route(Wallet.WithdrawalRecords, (request, context) => {
      const uid = uidOf(context)
      const rows = world.wallet.filter((r) =>
        r.uid === uid && r.kind === "withdraw" && (request.coin === undefined || r.coin === request.coin) &&
        (request.orderId === undefined || r.orderId === request.orderId) &&
        (request.clientOid === undefined || r.clientOid === request.clientOid)
      )
      return Effect.succeed(
        Paging.byCursor(rows, { id: (r) => r.orderId, time: (r) => r.cTime, limit: 100 }, request).map(
          Rows.withdrawal
        )
      )
    })
  ]

  const accountRoutes = [
    route(Account.AccountAssets, (request, context) => {
      const coins = world.account(uidOf(context))
      const rows: Array<Account.Asset> = []
      for (const [coin, balance] of coins) {
        if (request.coin !== undefined && request.coin !== coin) continue
        const empty = BD.isZero(BD.sum(BD.sum(balance.available, balance.frozen), balance.locked))
        if (request.coin === undefined && request.assetType !== "all" && empty) continue
        rows.push({
          coin,
          available: balance.available,
          frozen: balance.frozen,
          locked: balance.locked,
          limitAvailable: zero,
          uTime: DateTime.unsafeMake(balance.uTime)
        } as Account.Asset)
      }
      return Effect.succeed(rows)
    }),
    route(Account.Info, (_, context) =>
      Effect.succeed({
        userId: uidOf(context),
        inviterId: "0",
        ips: "127.0.0.1",
        authorities: ["stor", "stow", "wtdr"],
        parentId: uidOf(context),
        traderType: "normal",
        regisTime: DateTime.unsafeMake(1_600_000_000_000)
      } as Account.AccountInfo)),
    route(Account.Bills, (request, context) => {
      const uid = uidOf(context)
      const rows = world.bills.filter((b) =>
        b.uid === uid && (request.coin === undefined || b.coin === request.coin) &&
        (request.groupType === undefined || b.groupType === request.groupType) &&
        (request.businessType === undefined || b.businessType === request.businessType)
      )
      return Effect.succeed(
        Paging.byCursor(rows, { id: (b) => b.billId, time: (b) => b.cTime, limit: 100 }, request).map(Rows.bill)
      )
    }),
    route(Account.TransferRecords, (request, context) => {
      const uid = uidOf(context)
      const rows = world.transfers.filter((t) =>
        t.uid === uid && t.coin === request.coin && t.fromType === request.fromType &&
        (request.clientOid === undefined || t.clientOid === request.clientOid)
      )
      return Effect.succeed(
        Paging.byPage(rows, { id: (t) => t.transferId, time: (t) => t.ts, limit: 100 }, request).map(Rows.transfer)
      )
    })
  ]

  const DEPTH: Record<string, number> = { "1": 1, "5": 5, "15": 15, "50": 50, max: 150 }
  const marketRoutes = [
    route(Market.Tickers, (request, context) => {
      const rows: Array<Market.Ticker> = []
      for (const [symbol, price] of world.prices) {
        if (request.symbol !== undefined && request.symbol !== symbol) continue
        rows.push({
          symbol,
          high24h: Rows.offset(price, "0.01"),
          open: price,
          low24h: Rows.offset(price, "-0.01"),
          lastPr: price,
          quoteVolume: Decimal.unsafeMake("1000000"),
          baseVolume: Decimal.unsafeMake("100"),
          usdtVolume: Decimal.unsafeMake("1000000"),
          bidPr: Rows.offset(price, "-0.0001"),
          askPr: Rows.offset(price, "0.0001"),
          bidSz: Decimal.unsafeMake("1"),
          askSz: Decimal.unsafeMake("1"),
          openUtc: price,
          ts: DateTime.unsafeMake(context.now),
          changeUtc24h: zero,
          change24h: zero
        } as Market.Ticker)
      }
      if (request.symbol !== undefined && rows.length === 0) return reject("40034", "symbol does not exist")
      return Effect.succeed(rows)
    }),
    route(Market.OrderBook, (request, context) =>
      Effect.map(world.pair(request.symbol), ({ price }) => {
        const depth = request.limit === undefined ? 100 : DEPTH[String(request.limit)]!
        const asks: Array<Market.Level> = []
        const bids: Array<Market.Level> = []
        for (let k = 1; k <= depth; k++) {
          const size = Decimal.unsafeMake((0.1 * k).toFixed(4))
          asks.push({ price: Rows.offset(price, (0.0001 * k).toFixed(6)), size })
          bids.push({ price: Rows.offset(price, (-0.0001 * k).toFixed(6)), size })
        }
        return { asks, bids, ts: DateTime.unsafeMake(context.now) }
      }))
  ]

  const control: SpotControl = {
    world,
    setPrice: (symbol, price) => world.setPrice(symbol, toDec(price), Date.now()),
    price: (symbol) => world.prices.get(symbol),
    credit: (coin, amount, options) => {
      const balance = world.balance(options?.uid ?? MAIN_UID, coin, options?.accountType ?? "spot")
      balance.available = BD.sum(balance.available, toDec(amount))
      balance.uTime = Date.now()
    },
    deposit: (coin, amount, time) => deposit(MAIN_UID, coin, toDec(amount), time ?? Date.now()),
    history: ({ count, from, step, symbol = "BTCUSDT" }) => {
      for (let i = 0; i < count; i++) {
        const now = from + i * step
        deposit(MAIN_UID, "USDT", Decimal.unsafeMake("100"), now)
        // The order's spend, so any symbol's history can be written whatever the balances.
        const { quote } = Effect.runSync(world.pair(symbol))
        const wallet = world.balance(MAIN_UID, quote)
        wallet.available = BD.sum(wallet.available, Decimal.unsafeMake("10"))
        Effect.runSync(world.place({
          uid: MAIN_UID,
          symbol,
          side: "buy",
          orderType: "market",
          force: "gtc",
          price: undefined,
          size: Decimal.unsafeMake("10"),
          clientOid: undefined
        }, now))
        Effect.runSync(withdraw(MAIN_UID, {
          coin: "USDT",
          size: Decimal.unsafeMake("5"),
          address: "sim-withdraw-address",
          chain: "erc20",
          dest: "on_chain",
          clientOid: undefined
        }, now))
        Effect.runSync(transferFunds({
          fromUid: MAIN_UID,
          toUid: MAIN_UID,
          owner: MAIN_UID,
          fromType: "spot",
          toType: "usdt_futures",
          coin: "USDT",
          amount: Decimal.unsafeMake("1"),
          clientOid: undefined
        }, now))
        const price = world.prices.get(symbol)!
        const plan = Effect.runSync(placePlan(MAIN_UID, {
          symbol,
          side: "buy",
          triggerPrice: Rows.offset(price, "-0.5"),
          orderType: "market",
          size: Decimal.unsafeMake("10"),
          triggerType: "fill_price"
        }, now))
        plan.status = "cancelled"
      }
    }
  }

  return {
    name: "spot",
    routes: [...tradeRoutes, ...planRoutes, ...walletRoutes, ...accountRoutes, ...marketRoutes],
    control
  }
}

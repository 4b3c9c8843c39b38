/**
 * The margin domain's order and record routes. Orders are the spot world's own (its prices and
 * matching) placed on a margin account's balances; `autoLoan` borrows what an order lacks before
 * it is placed and `autoRepay` repays from what a fill brings (see `MarginDomain`). Histories
 * page as Bitget's do: newest id first, `[startTime, endTime]` of at most 90 days, `idLessThan`,
 * and the page's `minId`/`maxId` beside the rows.
 */
import * as Margin from "@effect-bitget/margin"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Route, route } from "../Domain.js"
import { codes, reject, type Rejection } from "../Rejection.js"
import * as Ops from "../spot/Operations.js"
import type { Fill, Order } from "../spot/World.js"
import { cross, isolated } from "./AccountRoutes.js"
import { keyOf, type Ledger, marginCodes, type Ref } from "./Ledger.js"

const { Records, Trade } = Margin
const DAY = 86_400_000

/** What the margin domain remembers of each order beyond the spot world's record. */
export interface OrderMeta {
  readonly loanType: string
  readonly baseSize: BD.BigDecimal | undefined
  readonly quoteSize: BD.BigDecimal | undefined
}

/** The key under which `meta` holds the order being placed (it has no id yet). */
export const PLACING = ""

const ms = (value: DateTime.DateTime | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)

interface Query {
  readonly startTime: DateTime.Utc
  readonly endTime?: DateTime.Utc | undefined
  readonly limit?: number | undefined
  readonly idLessThan?: string | undefined
}

/** One page of `rows` as Bitget pages margin histories, or 00001 for a window over 90 days. */
const page = <Row>(
  rows: ReadonlyArray<Row>,
  id: (row: Row) => string,
  time: (row: Row) => number,
  request: Query
): Effect.Effect<{ rows: Array<Row>; minId?: string; maxId?: string }, Rejection> => {
  const start = ms(request.startTime)!
  const end = ms(request.endTime)
  if (end !== undefined && end - start > 90 * DAY) {
    return reject(marginCodes.window, "startTime and endTime must be within 90 days")
  }
  const below = request.idLessThan === undefined ? undefined : BigInt(request.idLessThan)
  const out = rows.filter((row) => {
    const t = time(row)
    return t >= start && (end === undefined || t <= end) && (below === undefined || BigInt(id(row)) < below)
  }).sort((a, b) => {
    const x = BigInt(id(a))
    const y = BigInt(id(b))
    return x < y ? 1 : x > y ? -1 : 0
  }).slice(0, request.limit ?? 100)
  const ids = out.length === 0 ? {} : { maxId: id(out[0]!), minId: id(out[out.length - 1]!) }
  return Effect.succeed({ rows: out, ...ids })
}

const status = (order: Order) => order.status === "partially_filled" ? "partial_fill" : order.status

const orderRow = (meta: Map<string, OrderMeta>) => (order: Order): Margin.Trade.Order => {
  const m = meta.get(order.orderId)
  return {
    orderId: order.orderId,
    symbol: order.symbol,
    orderType: order.orderType,
    enterPointSource: order.source,
    ...(order.clientOid === undefined ? {} : { clientOid: order.clientOid }),
    loanType: m?.loanType ?? "normal",
    ...(order.price === undefined ? {} : { price: order.price }),
    side: order.side,
    status: status(order),
    ...(m?.baseSize === undefined ? {} : { baseSize: m.baseSize }),
    ...(m?.quoteSize === undefined ? {} : { quoteSize: m.quoteSize }),
    ...(order.priceAvg === undefined ? {} : { priceAvg: order.priceAvg }),
    size: order.baseVolume,
    amount: order.quoteVolume,
    force: order.force,
    cTime: DateTime.unsafeMake(order.cTime),
    uTime: DateTime.unsafeMake(order.uTime)
  }
}

const fillRow = (fill: Fill): Margin.Trade.Fill => ({
  orderId: fill.orderId,
  tradeId: fill.tradeId,
  symbol: fill.symbol,
  orderType: fill.orderType,
  side: fill.side,
  priceAvg: fill.price,
  size: fill.size,
  amount: fill.amount,
  tradeScope: fill.scope,
  feeDetail: { deduction: false, feeCoin: fill.feeCoin, totalFee: BD.negate(fill.fee) },
  cTime: DateTime.unsafeMake(fill.cTime),
  uTime: DateTime.unsafeMake(fill.cTime)
})

type PlaceRequest = typeof Margin.Trade.crossPlaceOrder.endpoint.request.Type
type BatchItem = typeof Margin.Trade.BatchOrderItem.Type

/** Places a margin order: `autoLoan` first borrows what the account lacks for it. */
const place = (
  ledger: Ledger,
  meta: Map<string, OrderMeta>,
  ref: Ref,
  request: BatchItem,
  symbol: string,
  now: number
) =>
  Effect.gen(function*() {
    const { base, quote } = yield* ledger.pair(symbol)
    const key = keyOf(ref)
    if (request.clientOid !== undefined && ledger.spot.find(ref.uid, undefined, request.clientOid, key) !== undefined) {
      return yield* reject(marginCodes.duplicateClientOid, "Duplicate clientOid")
    }
    const baseSize = Ops.opt(request.baseSize)
    const quoteSize = Ops.opt(request.quoteSize)
    const price = Ops.opt(request.price)
    const marketBuy = request.side === "buy" && request.orderType === "market"
    const size = marketBuy ? quoteSize! : baseSize!
    if (request.loanType === "autoLoan" || request.loanType === "autoLoanAndRepay") {
      const coin = request.side === "buy" ? quote : base
      const need = request.side === "buy" && request.orderType === "limit" ? BD.multiply(price!, size) : size
      const held = ledger.coins(ref).get(coin)?.available ?? BD.unsafeFromString("0")
      const lack = BD.subtract(need, held)
      if (BD.isPositive(lack)) {
        yield* ledger.borrow(ref, coin, BD.round(lack, { scale: 8, mode: "ceil" }), "auto_loan", now)
      }
    }
    const own = { loanType: request.loanType, baseSize, quoteSize }
    // A market order fills inside `place`: the fill hook reads the order being placed under "".
    meta.set(PLACING, own)
    const order = yield* ledger.spot.place({
      uid: ref.uid,
      symbol,
      side: request.side,
      orderType: request.orderType,
      force: request.force,
      price,
      size,
      clientOid: request.clientOid,
      account: key
    }, now).pipe(
      Effect.catchIf(
        (rejection) => rejection.code === codes.insufficientBalance,
        () => reject(marginCodes.insufficient, "Insufficient balance in the margin account")
      ),
      Effect.ensuring(Effect.sync(() => meta.delete(PLACING)))
    )
    meta.set(order.orderId, own)
    return order
  })

const refs = {
  cross: (context: Context, _symbol: string) => cross(context),
  isolated: (context: Context, symbol: string) => isolated(context, symbol)
}

/** The trade routes of one side (cross or isolated), from the declarations of that side. */
const sideRoutes = (
  ledger: Ledger,
  meta: Map<string, OrderMeta>,
  refOf: (context: Context, symbol: string) => Ref,
  ops: {
    readonly place: typeof Trade.crossPlaceOrder
    readonly batch: typeof Trade.crossBatchPlaceOrder
    readonly cancel: typeof Trade.crossCancelOrder
    readonly batchCancel: typeof Trade.crossBatchCancelOrder
    readonly open: typeof Trade.crossOpenOrders
    readonly history: typeof Trade.crossHistoryOrders
    readonly fills: typeof Trade.crossFills
  }
): ReadonlyArray<Route> => {
  const orders = (context: Context, symbol: string, open: boolean) => {
    const ref = refOf(context, symbol)
    const key = keyOf(ref)
    return [...ledger.spot.orders.values()].filter((o) =>
      o.uid === ref.uid && o.account === key && o.symbol === symbol && Ops.isOpen(o) === open
    )
  }
  // An order that exists but is closed: 50062; one that does not: 43001.
  const cancel = (ref: Ref, ids: { orderId?: string | undefined; clientOid?: string | undefined }, now: number) => {
    const key = keyOf(ref)
    const order = ledger.spot.find(ref.uid, ids.orderId, ids.clientOid, key)
    return order !== undefined && !Ops.isOpen(order)
      ? reject(marginCodes.orderClosed, "Order already cancelled or fully filled")
      : ledger.spot.cancel(ref.uid, ids.orderId, ids.clientOid, now, key)
  }
  const orderPage = (
    request: typeof Trade.crossOpenOrders.endpoint.request.Type & { readonly enterPointSource?: string | undefined },
    rows: Array<Order>
  ) =>
    Effect.map(
      page(
        rows.filter((o) =>
          (request.orderId === undefined || o.orderId === request.orderId) &&
          (request.clientOid === undefined || o.clientOid === request.clientOid) &&
          (request.enterPointSource === undefined || o.source === request.enterPointSource)
        ),
        (o) => o.orderId,
        (o) => o.cTime,
        request
      ),
      ({ rows, ...ids }) => ({ orderList: rows.map(orderRow(meta)), ...ids })
    )
  return [
    route(ops.place.endpoint, (request: PlaceRequest, context) =>
      Effect.map(
        place(ledger, meta, refOf(context, request.symbol), request, request.symbol, context.now),
        Ops.placed
      )),
    route(ops.batch.endpoint, (request, context) =>
      Effect.gen(function*() {
        const successList: Array<ReturnType<typeof Ops.success>> = []
        const failureList: Array<ReturnType<typeof Ops.failure>> = []
        for (const item of request.orderList) {
          const placed = yield* Effect.either(
            place(ledger, meta, refOf(context, request.symbol), item, request.symbol, context.now)
          )
          if (placed._tag === "Right") successList.push(Ops.success(placed.right))
          else failureList.push(Ops.failure(placed.left, { clientOid: item.clientOid }))
        }
        return { successList, failureList }
      })),
    route(
      ops.cancel.endpoint,
      (request, context) => Effect.map(cancel(refOf(context, request.symbol), request, context.now), Ops.success)
    ),
    route(ops.batchCancel.endpoint, (request, context) =>
      Effect.gen(function*() {
        const ref = refOf(context, request.symbol)
        const successList: Array<ReturnType<typeof Ops.success>> = []
        const failureList: Array<ReturnType<typeof Ops.failure>> = []
        for (const item of request.orderIdList) {
          const done = yield* Effect.either(cancel(ref, item, context.now))
          if (done._tag === "Right") successList.push(Ops.success(done.right))
          else failureList.push(Ops.failure(done.left, item))
        }
        return { successList, failureList }
      })),
    route(ops.open.endpoint, (request, context) => orderPage(request, orders(context, request.symbol, true))),
    route(ops.history.endpoint, (request, context) => orderPage(request, orders(context, request.symbol, false))),
    route(ops.fills.endpoint, (request, context) => {
      const ref = refOf(context, request.symbol)
      const key = keyOf(ref)
      const rows = ledger.spot.fills.filter((f) =>
        f.uid === ref.uid && f.account === key && f.symbol === request.symbol &&
        (request.orderId === undefined || f.orderId === request.orderId)
      )
      return Effect.map(
        page(rows, (f) => f.tradeId, (f) => f.cTime, request),
        ({ rows, ...ids }) => ({ fills: rows.map(fillRow), ...ids })
      )
    })
  ]
}

export const tradeRoutes = (ledger: Ledger, meta: Map<string, OrderMeta>): ReadonlyArray<Route> => [
  ...sideRoutes(ledger, meta, refs.cross, {
    place: Trade.crossPlaceOrder,
    batch: Trade.crossBatchPlaceOrder,
    cancel: Trade.crossCancelOrder,
    batchCancel: Trade.crossBatchCancelOrder,
    open: Trade.crossOpenOrders,
    history: Trade.crossHistoryOrders,
    fills: Trade.crossFills
  }),
  ...sideRoutes(ledger, meta, refs.isolated, {
    place: Trade.isolatedPlaceOrder,
    batch: Trade.isolatedBatchPlaceOrder,
    cancel: Trade.isolatedCancelOrder,
    batchCancel: Trade.isolatedBatchCancelOrder,
    open: Trade.isolatedOpenOrders,
    history: Trade.isolatedHistoryOrders,
    fills: Trade.isolatedFills
  })
]

const times = (cTime: number) => ({ cTime: DateTime.unsafeMake(cTime), uTime: DateTime.unsafeMake(cTime) })
const sym = (symbol: string | undefined) => symbol === undefined ? {} : { symbol }

/** The records of one account, newest first, as a history page. */
const records = <Row extends { readonly uid: string; readonly key: string; readonly cTime: number }, Out>(
  rows: ReadonlyArray<Row>,
  id: (row: Row) => string,
  toRow: (row: Row) => Out,
  filter: (row: Row) => boolean
) =>
(ref: Ref, request: Query) =>
  Effect.map(
    page(rows.filter((r) => r.uid === ref.uid && r.key === keyOf(ref) && filter(r)), id, (r) => r.cTime, request),
    ({ rows, ...ids }) => ({ resultList: rows.map(toRow), ...ids })
  )

export const recordRoutes = (ledger: Ledger): ReadonlyArray<Route> => {
  const borrows = (request: { loanId?: string | undefined; coin?: string | undefined }) =>
    records(
      ledger.borrows,
      (r) => r.loanId,
      (r) => ({
        loanId: r.loanId,
        ...sym(r.symbol),
        coin: r.coin,
        borrowAmount: r.amount,
        borrowType: r.type,
        ...times(r.cTime)
      }),
      (r) =>
        (request.loanId === undefined || r.loanId === request.loanId) &&
        (request.coin === undefined || r.coin === request.coin)
    )
  const repays = (request: { repayId?: string | undefined; coin?: string | undefined }) =>
    records(
      ledger.repays,
      (r) => r.repayId,
      (r) => ({
        repayId: r.repayId,
        ...sym(r.symbol),
        coin: r.coin,
        repayAmount: r.amount,
        repayType: r.type,
        repayInterest: r.interest,
        repayPrincipal: r.principal,
        ...times(r.cTime)
      }),
      (r) =>
        (request.repayId === undefined || r.repayId === request.repayId) &&
        (request.coin === undefined || r.coin === request.coin)
    )
  const interests = (request: { coin?: string | undefined }) =>
    records(ledger.interests, (r) => r.interestId, (r) => ({
      interestId: r.interestId,
      ...sym(r.symbol),
      interestCoin: r.coin,
      loanCoin: r.coin,
      dailyInterestRate: r.rate,
      interestAmount: r.amount,
      interstType: r.type,
      ...times(r.cTime)
    }), (r) => request.coin === undefined || r.coin === request.coin)
  const liquidations = records(ledger.liquidations, (r) => r.liqId, (r) => ({
    liqId: r.liqId,
    ...sym(r.symbol),
    liqStartTime: DateTime.unsafeMake(r.cTime),
    liqEndTime: DateTime.unsafeMake(r.cTime),
    liqRiskRatio: r.ratio,
    totalAssets: r.assets,
    totalDebt: r.debt,
    liqFee: r.fee,
    ...times(r.cTime)
  }), () => true)
  const finance = (request: { coin?: string | undefined; marginType?: string | undefined }) =>
    records(
      ledger.finance,
      (r) => r.marginId,
      (r) => ({
        marginId: r.marginId,
        ...sym(r.symbol),
        coin: r.coin,
        amount: r.amount,
        balance: r.balance,
        fee: r.fee,
        marginType: r.type,
        ...times(r.cTime)
      }),
      (r) =>
        (request.coin === undefined || r.coin === request.coin) &&
        (request.marginType === undefined || r.type === request.marginType)
    )
  const withPair = <A>(symbol: string, effect: Effect.Effect<A, Rejection>) =>
    Effect.zipRight(ledger.pair(symbol), effect)
  return [
    route(Records.crossBorrowHistory.endpoint, (q, c) => borrows(q)(cross(c), q)),
    route(Records.isolatedBorrowHistory.endpoint, (q, c) => withPair(q.symbol, borrows(q)(isolated(c, q.symbol), q))),
    route(Records.crossRepayHistory.endpoint, (q, c) => repays(q)(cross(c), q)),
    route(Records.isolatedRepayHistory.endpoint, (q, c) => withPair(q.symbol, repays(q)(isolated(c, q.symbol), q))),
    route(Records.crossInterestHistory.endpoint, (q, c) => interests(q)(cross(c), q)),
    route(
      Records.isolatedInterestHistory.endpoint,
      (q, c) => withPair(q.symbol, interests(q)(isolated(c, q.symbol), q))
    ),
    route(Records.crossLiquidationHistory.endpoint, (q, c) => liquidations(cross(c), q)),
    route(
      Records.isolatedLiquidationHistory.endpoint,
      (q, c) => withPair(q.symbol, liquidations(isolated(c, q.symbol), q))
    ),
    route(Records.crossFinancialRecords.endpoint, (q, c) => finance(q)(cross(c), q)),
    route(
      Records.isolatedFinancialRecords.endpoint,
      (q, c) => withPair(q.symbol, finance(q)(isolated(c, q.symbol), q))
    )
  ]
}

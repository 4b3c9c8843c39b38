/**
 * Margin values shared by the cross and isolated endpoints: the order model (`loanType`), the
 * request fields every margin call names (`coin`, `symbol`, amounts of at most 8 decimals), the
 * paged-list shape (`minId`/`maxId` around the rows) and the request fields of every history.
 * Sides, order types, time in force, STP modes and client order ids are the spot line's own.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { DecimalInput, toBigDecimal } from "@effect-bitget/core/Decimal"
import * as Limit from "@effect-bitget/core/Limit"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"

export {
  BatchResult,
  ClientOid,
  Force,
  OrderResult,
  OrderType,
  PlacedOrder,
  Side,
  StpMode,
  time
} from "@effect-bitget/spot/Schemas"

const loanTypes = ["normal", "autoLoan", "autoRepay", "autoLoanAndRepay"] as const

/**
 * How a margin order borrows and repays: `normal`, `autoLoan` (borrow what a buy or sell
 * lacks), `autoRepay` (repay from what the order brings), `autoLoanAndRepay`. Any letter case is
 * accepted and the parameter table's spelling sent: Bitget's own pages write it `autoLoan` in the
 * request tables and `auto-repay` in the order channel's push
 * (https://www.bitget.com/api-doc/margin/cross/trade/Cross-Place-Order, .../isolated/websocket/private/Isolated-Orders).
 */
export const LoanType = Spelling.literal(...loanTypes)
export const LoanTypeOut = OpenEnum(...loanTypes)

const sources = ["WEB", "API", "SYS", "ANDROID", "IOS"] as const

/**
 * Where an order came from, a history-orders filter: `WEB`, `API`, `SYS` (the system's, e.g.
 * liquidation), `ANDROID`, `IOS`. The request table writes them in capitals, the order channel
 * pushes `web`: any letter case is accepted, capitals sent
 * (https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Order-History).
 */
export const EnterPointSource = Spelling.literal(...sources)

/**
 * The refusals a margin write may end in beyond the common ones, by kind of write. Bitget's codes
 * behind them (../shared/reference/error-codes.tsv): 50020/43012 insufficient balance, 50060
 * duplicate clientOid, 50062/43001 unknown or closed order.
 */
export const refusals = {
  /** Placing an order: the account lacks the funds, or the clientOid was used. */
  place: ["InsufficientBalance", "DuplicateClientOid"],
  /** Cancelling an order: no such open order. */
  cancel: ["OrderNotFound"],
  /** Borrowing and repaying: more than the account holds or may borrow. */
  funds: ["InsufficientBalance"]
} as const

/** A coin name such as `USDT`: cross calls need one. */
export const Coin = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9]{1,20}$/, { message: () => "coin: a coin name such as USDT is required" })
)

/** A trading pair such as `BTCUSDT`: isolated calls need one. */
export const Symbol = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9_]{2,40}$/, { message: () => "symbol: a trading pair such as BTCUSDT is required" })
)

/**
 * A local rule as a filter whose failure reads as the rule's own one-line reason ("price: a limit
 * order needs a price"), not the schema's whole report.
 */
export const rule = <S extends Schema.Schema.Any>(self: S, check: (value: Schema.Schema.Type<S>) => true | string) =>
  self.pipe(Schema.filter((value: Schema.Schema.Type<S>) => check(value), {
    message: (issue) => {
      const reason = check(issue.actual as Schema.Schema.Type<S>)
      return reason === true ? "invalid" : reason
    }
  }))

/**
 * A borrow or repay amount: greater than zero with at most 8 decimals ("up to 8 decimal
 * places", https://www.bitget.com/api-doc/margin/cross/account/Cross-Borrow and Cross-Repay).
 */
export const Amount = (field: string) =>
  rule(DecimalInput, (input) => {
    const value = toBigDecimal(input)
    if (!BigDecimal.isPositive(value)) return `${field}: an amount greater than zero is required`
    return BigDecimal.normalize(value).scale <= 8 || `${field}: at most 8 decimal places`
  })

/** Cross and isolated order sides in answers, including the system's liquidation and repay orders. */
export const OrderSideOut = OpenEnum(
  "buy",
  "sell",
  "liquidation-buy",
  "liquidation-sell",
  "systemRepay-buy",
  "systemRepay-sell"
)

/** An order's state (`live`, `partial_fill`, `filled`, `cancelled`, `reject`). */
export const OrderStatus = OpenEnum("live", "partial_fill", "filled", "cancelled", "reject")

/** The smallest and largest id of a history page; the rows sit beside them. */
export const idRange = {
  /** The smallest id of the page: the next page's `idLessThan`. */
  minId: Absent.optional(Schema.String),
  maxId: Absent.optional(Schema.String)
}

/**
 * The request fields of every margin history: `startTime` is required, `endTime` at most 90
 * days after it, up to 500 rows a page (default 100), `idLessThan` the previous page's `minId`
 * (https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Interest-Records).
 */
export const historyQuery = {
  startTime: Limit.Time,
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
}

/**
 * How every margin history pages: rows under `list`, `idLessThan` ← `data.minId`, at most 500
 * a page, `[startTime, endTime]` at most 90 days (Bitget's margin record and trade pages, e.g.
 * https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Finance-Flow-History).
 */
export const idPages = <const L extends string>(list: L, id: string, time = "cTime") => ({
  list,
  cursor: Pagination.dataField("minId", id),
  limit: {
    param: "limit",
    max: 500,
    default: 100,
    source: "https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Finance-Flow-History"
  },
  window: Pagination.window("90 days", time)
})

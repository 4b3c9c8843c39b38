/**
 * The id cursor of every list endpoint of every line, as Bitget's page (or, where a page was not
 * found, the reference file or another client) documents it: the request parameter that carries
 * the cursor, where its next value comes from, and the rows' own id. Written by hand, not read
 * from the declarations: `cursorWalk.test.ts` serves each list by these facts, so a declaration
 * naming another field or parameter walks differently and fails there.
 *
 * Pages whose address starts `https://www.bitget.com/api-doc/` are Bitget's own; "JK" is
 * JKorf/Bitget.Net's link to the page it implements (reference/pagination-audit.md, Sources).
 */
import * as DateTime from "effect/DateTime"

export interface Documented {
  /** The request parameter carrying the cursor (`idLessThan`, `cursor`). */
  readonly param: string
  /** Where its next value comes from: `"row"` (the last row's `id`) or the key of `data` (`endId`). */
  readonly from: string
  /** The rows' own id, the field the exchange pages by; `null` when the rows carry none. */
  readonly id: string | null
  readonly source: string
  /** The fields the request needs besides the cursor and the page size, at `now` (ms). */
  readonly request?: (now: number) => Record<string, unknown>
}

const BITGET = "https://www.bitget.com/api-doc"

/** `now − 1 hour` to `now`: inside every list's window and history. */
const lastHour = (now: number) => ({
  startTime: DateTime.unsafeMake(now - 3_600_000),
  endTime: DateTime.unsafeMake(now)
})
const since = (now: number) => ({ startTime: DateTime.unsafeMake(now - 3_600_000) })
const symbol = { symbol: "BTCUSDT" }
const usdt = { productType: "USDT-FUTURES" }

/** `idLessThan` ← the last row's `id`. */
const lastRow = (id: string, source: string, request?: Documented["request"]): Documented => ({
  param: "idLessThan",
  from: "row",
  id,
  source,
  ...(request === undefined ? {} : { request })
})

/** `idLessThan` ← `data[from]`, rows identified by `id`. */
const endId = (from: string, id: string | null, source: string, request?: Documented["request"]): Documented => ({
  param: "idLessThan",
  from,
  id,
  source,
  ...(request === undefined ? {} : { request })
})

/** V3: `cursor` ← `data[from]` (the page's own `cursor`, or P2P's `nextId`). */
const v3 = (from: string, id: string, source: string, request?: Documented["request"]): Documented => ({
  param: "cursor",
  from,
  id,
  source,
  ...(request === undefined ? {} : { request })
})

const margin = (line: "cross" | "isolated", page: string, from: string, id: string): Documented =>
  endId(
    from,
    id,
    `${BITGET}/margin/${line}/${page} (idLessThan: the ${from} of the previous answer; rows by ${id})`,
    // Orders and fills are per symbol in both lines; records per symbol only in the isolated one.
    line === "cross" && page.startsWith("record/") ? since : (now) => ({ ...symbol, ...since(now) })
  )

const copy = (page: string, request?: Documented["request"]): Documented =>
  endId(
    "endId",
    "trackingNo",
    `${BITGET}/copytrading/${page} (idLessThan: "the endId of the corresponding interface"; ` +
      `endId: "the id value is the tracking number")`,
    request
  )

export const documented: Readonly<Record<string, Documented>> = {
  // --- core ---
  "core.public.announcements": {
    param: "cursor",
    from: "row",
    id: "annId",
    source: `${BITGET}/common/notice/Get-All-Notices (cursor: the last annId); reference pagination-audit.md #1`,
    request: () => ({ language: "en_US" })
  },

  // --- spot ---
  "spot.market.fillsHistory": lastRow(
    "tradeId",
    `${BITGET}/spot/market/Get-Market-Trades (idLessThan: trades before this tradeId); pagination-audit.md #7`,
    () => symbol
  ),
  "spot.account.subaccountAssets": lastRow(
    "id",
    "JK IBitgetRestClientSpotApiAccount.GetSubAccountBalancesAsync (idLessThan, row id \"Cursor id\"); " +
      "pagination-audit.md #2"
  ),
  "spot.account.bills": lastRow("billId", `${BITGET}/spot/account/Get-Account-Bills; pagination-audit.md #3`),
  "spot.account.subMainTransRecord": lastRow(
    "transferId",
    `${BITGET}/spot/account/Get-SubAccount-TransferRecords (idLessThan: the last transferId)`
  ),
  "spot.wallet.depositRecords": lastRow(
    "orderId",
    `${BITGET}/spot/account/Get-Deposit-Record; pagination-audit.md #13`,
    lastHour
  ),
  "spot.wallet.withdrawalRecords": lastRow(
    "orderId",
    `${BITGET}/spot/account/Get-Withdraw-Record; pagination-audit.md #14`,
    lastHour
  ),
  "spot.wallet.subaccountDepositRecords": lastRow(
    "orderId",
    `${BITGET}/spot/account/Get-SubAccount-Deposit-Record (idLessThan: the last orderId)`,
    () => ({ subUid: "1" })
  ),
  "spot.trade.unfilledOrders": lastRow("orderId", `${BITGET}/spot/trade/Get-Unfilled-Orders; pagination-audit.md #10`),
  "spot.trade.historyOrders": lastRow("orderId", `${BITGET}/spot/trade/Get-History-Orders; pagination-audit.md #11`),
  "spot.trade.fills": lastRow(
    "tradeId",
    `${BITGET}/spot/trade/Get-Fills (idLessThan = tradeId, not the orderId); pagination-audit.md #12`
  ),
  "spot.planOrder.currentPlanOrder": endId(
    "idLessThan",
    "orderId",
    `${BITGET}/spot/plan/Get-Current-Plan-Order (response {nextFlag, idLessThan, orderList}); pagination-audit.md #8`,
    () => symbol
  ),
  "spot.planOrder.historyPlanOrder": endId(
    "idLessThan",
    "orderId",
    `${BITGET}/spot/plan/Get-History-Plan-Order (response carries idLessThan); pagination-audit.md #9`,
    (now) => ({ ...symbol, ...lastHour(now) })
  ),

  // --- futures ---
  "futures.market.fillsHistory": lastRow(
    "tradeId",
    `${BITGET}/contract/market/Get-Fills-History (data is the bare rows: the last tradeId); pagination-audit.md #21`,
    () => ({ ...symbol, ...usdt })
  ),
  "futures.account.bill": endId(
    "endId",
    "billId",
    `${BITGET}/contract/account/Get-Account-Bill (idLessThan: endId)`,
    () => usdt
  ),
  "futures.position.historyPosition": endId(
    "endId",
    "positionId",
    `${BITGET}/contract/position/Get-History-Position (idLessThan: endId of the last query)`
  ),
  "futures.orderQuery.ordersPending": endId(
    "endId",
    "orderId",
    `${BITGET}/contract/trade/Get-Orders-Pending; pagination-audit.md #22`,
    () => usdt
  ),
  "futures.orderQuery.ordersHistory": endId(
    "endId",
    "orderId",
    `${BITGET}/contract/trade/Get-Orders-History; pagination-audit.md #23`,
    () => usdt
  ),
  "futures.orderQuery.fills": endId(
    "endId",
    "tradeId",
    `${BITGET}/contract/trade/Get-Order-Fills ("before the tradeId", endId); pagination-audit.md #24`,
    () => usdt
  ),
  "futures.orderQuery.fillHistory": endId(
    "endId",
    "tradeId",
    `${BITGET}/contract/trade/Get-Fill-History (as Get-Order-Fills)`,
    () => usdt
  ),
  "futures.planOrder.ordersPlanPending": endId(
    "endId",
    "orderId",
    `${BITGET}/contract/plan/get-orders-plan-pending; pagination-audit.md #25`,
    () => ({ ...usdt, planType: "normal_plan" })
  ),
  "futures.planOrder.ordersPlanHistory": endId(
    "endId",
    "orderId",
    `${BITGET}/contract/plan/orders-plan-history; pagination-audit.md #26`,
    () => ({ ...usdt, planType: "normal_plan" })
  ),
  "futures.union.interestHistory": endId(
    "endId",
    null,
    `${BITGET}/contract/account/Interest-History (idLessThan: endId; the rows carry no id of their own)`,
    () => usdt
  ),

  // --- margin ---
  "margin.trade.crossOpenOrders": margin("cross", "trade/Get-Cross-Open-Orders", "minId", "orderId"),
  "margin.trade.isolatedOpenOrders": margin("isolated", "trade/Isolated-Open-Orders", "minId", "orderId"),
  "margin.trade.crossHistoryOrders": margin("cross", "trade/Get-Cross-Order-History", "minId", "orderId"),
  "margin.trade.isolatedHistoryOrders": margin("isolated", "trade/Get-Isolated-Order-History", "minId", "orderId"),
  "margin.trade.crossFills": margin("cross", "trade/Get-Cross-Order-Fills", "minId", "tradeId"),
  "margin.trade.isolatedFills": margin("isolated", "trade/Get-Isolated-Transaction-Details", "minId", "tradeId"),
  "margin.records.crossBorrowHistory": margin("cross", "record/Get-Cross-Borrow-History", "minId", "loanId"),
  "margin.records.isolatedBorrowHistory": margin("isolated", "record/Get-Isolated-Loan-Records", "minId", "loanId"),
  "margin.records.crossRepayHistory": margin("cross", "record/Get-Cross-Repay-History", "minId", "repayId"),
  "margin.records.isolatedRepayHistory": margin("isolated", "record/Get-Isolated-Repay-History", "minId", "repayId"),
  "margin.records.crossInterestHistory": margin("cross", "record/Get-Cross-Interest-Records", "minId", "interestId"),
  "margin.records.isolatedInterestHistory": margin(
    "isolated",
    "record/Get-Isolated-Interest-Records",
    "minId",
    "interestId"
  ),
  "margin.records.crossLiquidationHistory": margin("cross", "record/Get-Cross-Liquidation-Records", "minId", "liqId"),
  "margin.records.isolatedLiquidationHistory": margin(
    "isolated",
    "record/Get-Isolated-Liquidation-Records",
    "minId",
    "liqId"
  ),
  "margin.records.crossFinancialRecords": margin(
    "cross",
    "record/Get-Cross-Finance-Flow-History",
    "minId",
    "marginId"
  ),
  "margin.records.isolatedFinancialRecords": margin(
    "isolated",
    "record/Get-Isolated-Finance-History",
    "minId",
    "marginId"
  ),
  "margin.records.crossLiquidationOrder": endId(
    "idLessThan",
    "orderId",
    `${BITGET}/margin/cross/trade/Get-Cross-Liquidation-Orders (data.idLessThan: the last orderId in the example)`
  ),
  "margin.records.isolatedLiquidationOrder": endId(
    "idLessThan",
    "orderId",
    `${BITGET}/margin/isolated/trade/Get-Isolated-Liquidation-Orders (as the cross page)`
  ),

  // --- P2P (V2) ---
  "p2p.merchant.merchantList": endId(
    "minMerchantId",
    "merchantId",
    `${BITGET}/common/p2p/Get-P2P-Merchant-List (idLessThan: the minMerchantId of the previous answer)`
  ),
  "p2p.merchant.advList": endId(
    "minAdvId",
    "advId",
    `${BITGET}/common/p2p/Get-P2P-Adv-List (idLessThan: the minAdvId of the previous answer)`,
    (now) => ({ ...since(now), status: "online", side: "buy", coin: "USDT", fiat: "USD" })
  ),
  "p2p.merchant.orderList": endId(
    "minOrderId",
    "orderId",
    `${BITGET}/common/p2p/Get-P2P-Order-List ("idLessThan: the minOrderId returned from the previous query")`,
    (now) => ({ ...since(now), advNo: "1", language: "en-US" })
  ),

  // --- convert ---
  "convert.convert.convertRecord": endId(
    "endId",
    "id",
    `${BITGET}/common/convert/Get-Convert-Record ("idLessThan: ID of the last record endId"; rows by id)`,
    lastHour
  ),
  "convert.bgbConvert.records": lastRow(
    "orderId",
    `${BITGET}/common/bgb-convert/Get-BGB-Convert-Record (idLessThan: the last orderId; data is the rows)`
  ),

  // --- tax (V2) ---
  "tax.tax.spotRecord": lastRow(
    "id",
    `${BITGET}/common/tax/Get-Spot-Account-Record ("idLessThan: the last recorded ID"; bizOrderId is another id)`,
    lastHour
  ),
  "tax.tax.futureRecord": lastRow("id", `${BITGET}/common/tax/Get-Future-Account-Record (as spot-record)`, lastHour),
  "tax.tax.marginRecord": lastRow("id", `${BITGET}/common/tax/Get-Margin-Account-Record (as spot-record)`, lastHour),
  "tax.tax.p2pRecord": lastRow("id", `${BITGET}/common/tax/Get-P2P-Account-Record (as spot-record)`, lastHour),

  // --- broker ---
  "broker.virtualSubaccount.virtualSubaccountList": endId(
    "endId",
    "subAccountUid",
    `${BITGET}/common/vsubaccount/Get-Virtual-Subaccount-List; spec bitget-v2-rest-api.md (idLessThan = the last ` +
      "sub-account id, response endId)"
  ),
  "broker.brokerSubaccount.subaccountList": lastRow(
    "subUid",
    `${BITGET}/broker/subaccount/Get-Subaccount-List ("idLessThan: … the subUid of the corresponding interface")`
  ),
  "broker.commission.orderCommission": endId(
    "endId",
    "fillId",
    `${BITGET}/broker/subaccount/Get-Order-Commission (rows by fillId; orderId and clientOid are the order's)`
  ),
  "broker.commission.allSubDepositWithdrawal": endId(
    "endId",
    "txId",
    `${BITGET}/broker/subaccount/Get-Subaccount-All-Deposit-Withdrawal-Records (endId; rows by txId, ` +
      "the endId of the V3 twin's example is its row's txId)"
  ),
  "broker.commission.subaccountDeposit": endId(
    "endId",
    "orderId",
    `${BITGET}/broker/subaccount/Subaccount-Deposit-Records (endId; rows by orderId, txId is the chain's)`
  ),
  "broker.commission.subaccountWithdrawal": endId(
    "endId",
    "orderId",
    `${BITGET}/broker/subaccount/Subaccount-Withdrawal-Records (as the deposit records)`
  ),
  "broker.agent.agentCommission": endId(
    "endId",
    null,
    `${BITGET}/affiliate/commission/GetAgentCommissionDetail (endId; the rows name a customer uid, no id of their own)`
  ),
  "broker.agent.customerCommissions": endId(
    "endId",
    null,
    `${BITGET}/affiliate/commission/GetAgentDirectCommissions; JK ${BITGET}/classic/affiliate/customerInfo/` +
      "GetDirectCommissions (endId; rows per customer uid and date, no id of their own)"
  ),
  "broker.agent.customerKycResult": endId(
    "endId",
    "uid",
    `${BITGET}/affiliate/customerInfo/GetCustomerKycResult (endId; one row per customer uid)`
  ),
  "broker.agent.subCustomerList": endId(
    "minId",
    "uid",
    `${BITGET}/affiliate/customerInfo/GetSubCustomerList (JK: the classic page; idLessThan: minId; one row per uid)`
  ),

  // --- copy trading ---
  "copyTrading.futuresTrader.currentTrack": copy("future-copytrade/trader/Trader-Order-Current-Track", () => usdt),
  "copyTrading.futuresTrader.historyTrack": copy("future-copytrade/trader/Trader-Order-History-Track", () => usdt),
  "copyTrading.futuresTrader.profitHistoryDetails": endId(
    "endId",
    "profitId",
    `${BITGET}/copytrading/future-copytrade/trader/Trader-Profit-History-Details ("endId: the last profit share ID")`
  ),
  "copyTrading.futuresFollower.currentOrders": lastRow(
    "trackingNo",
    `${BITGET}/copytrading/future-copytrade/follower/Query-Current-Orders (JK; data is the rows: the last trackingNo)`,
    () => usdt
  ),
  "copyTrading.futuresFollower.historyOrders": copy("future-copytrade/follower/Query-History-Orders", () => usdt),
  "copyTrading.futuresBroker.historyTraces": copy(
    "future-copytrade/broker/Broker-Query-History-Traces",
    () => ({ ...usdt, traderId: "1" })
  ),
  "copyTrading.futuresBroker.currentTraces": lastRow(
    "trackingNo",
    `${BITGET}/copytrading/future-copytrade/broker/Broker-Query-Current-Traces (data is the bare rows: the last ` +
      "trackingNo)",
    () => ({ ...usdt, traderId: "1" })
  ),
  "copyTrading.spotTrader.profitHistoryDetails": endId(
    "endId",
    "profitId",
    `${BITGET}/copytrading/spot-copytrade/trader/Profit-History-Details (endId; rows by profitId)`
  ),
  "copyTrading.spotTrader.currentTrack": copy("spot-copytrade/trader/Order-Current-Track"),
  "copyTrading.spotTrader.historyTrack": copy("spot-copytrade/trader/Order-History-Track"),
  "copyTrading.spotFollower.currentOrders": copy("spot-copytrade/follower/Query-Current-Orders"),
  "copyTrading.spotFollower.historyOrders": copy("spot-copytrade/follower/Query-History-Orders"),

  // --- unified (V3): `cursor` fed from the page's `cursor` ---
  "unified.bills.financialRecords": v3(
    "cursor",
    "id",
    `${BITGET}/uta/account/Get-Financial-Records`,
    () => ({ category: "SPOT" })
  ),
  "unified.trade.unfilledOrders": v3("cursor", "orderId", `${BITGET}/uta/trade/Get-Order-Pending`),
  "unified.trade.historyOrders": v3(
    "cursor",
    "orderId",
    `${BITGET}/uta/trade/Get-Order-History`,
    () => ({ category: "SPOT" })
  ),
  "unified.trade.fills": v3(
    "cursor",
    "execId",
    `${BITGET}/uta/trade/Get-Order-Fills (rows by execId; orderId and clientOid are the order's)`
  ),
  "unified.position.historyPosition": v3(
    "cursor",
    "positionId",
    `${BITGET}/uta/trade/Get-Position-History`,
    () => ({ category: "USDT-FUTURES" })
  ),
  "unified.position.movePositionHistory": v3(
    "cursor",
    "orderId",
    `${BITGET}/uta/trade/Get-Move-Position-History`,
    () => ({ category: "USDT-FUTURES" })
  ),
  "unified.strategy.historyStrategyOrders": v3(
    "cursor",
    "orderId",
    `${BITGET}/uta/strategy/Get-History-Strategy-Orders`,
    () => ({ category: "USDT-FUTURES" })
  ),
  "unified.transfer.subTransferRecords": v3(
    "cursor",
    "transferId",
    `${BITGET}/uta/account/transfer/Get-Sub-Transfer-Record (rows by transferId; oldTransferId, clientOid besides)`
  ),
  "unified.deposit.depositRecords": {
    param: "cursor",
    from: "row",
    id: "orderId",
    source: `${BITGET}/uta/account/deposit/Get-Deposit-Records (data is the rows: cursor = the last orderId)`,
    request: lastHour
  },
  "unified.deposit.subDepositRecords": {
    param: "cursor",
    from: "row",
    id: "orderId",
    source: `${BITGET}/uta/account/deposit/Get-Sub-Deposit-Records (as Get-Deposit-Records)`,
    request: (now) => ({ subUid: "1", ...lastHour(now) })
  },
  "unified.withdrawal.withdrawalRecords": {
    param: "cursor",
    from: "row",
    id: "orderId",
    source: `${BITGET}/uta/account/withdrawal/Get-Withdrawal-Records (data is the rows: cursor = the last orderId)`,
    request: lastHour
  },
  "unified.withdrawal.withdrawAddress": v3(
    "cursor",
    "address",
    `${BITGET}/uta/account/withdrawal/Get-Withdraw-Address (addressList, cursor)`
  ),
  "unified.subAccount.subList": v3("cursor", "subUid", `${BITGET}/uta/account/sub-account/Get-SubAccount-List`),
  "unified.subAccount.subUnifiedAssets": {
    param: "cursor",
    from: "row",
    id: "cursor",
    source: `${BITGET}/uta/account/sub-account/Get-SubAccount-Unified-Assets (each row carries its own cursor)`
  },
  "unified.subAccountApiKey.subApiList": v3(
    "cursor",
    "apiKey",
    `${BITGET}/uta/account/sub-account/Get-SubAccount-API-Keys`,
    () => ({ subUid: "1" })
  ),
  "unified.tax.records": {
    param: "cursor",
    from: "row",
    id: "id",
    source: `${BITGET}/uta/tax/Get-Tax-Records (data is the rows: cursor = the last id)`,
    request: (now) => ({ bizType: "SPOT", ...lastHour(now) })
  },
  "unified.p2PAds.myAds": v3(
    "nextId",
    "advId",
    `${BITGET}/uta/p2p/ad-management/Get-My-Ads ("cursor: pass the nextId returned in the previous response")`
  ),
  "unified.p2POrders.pendingOrders": v3(
    "nextId",
    "orderId",
    `${BITGET}/uta/p2p/order-management/Get-Pending-Orders (cursor = nextId)`
  ),
  "unified.p2POrders.allOrders": v3(
    "nextId",
    "orderId",
    `${BITGET}/uta/p2p/order-management/Get-All-Orders (cursor = nextId)`
  ),

  // --- earn (V2) ---
  "earn.savings.assets": endId(
    "endId",
    "orderId",
    `${BITGET}/earn/savings/Savings-Assets ("idLessThan: the end ID of the last request"; orderId: "assets order ID")`,
    () => ({ periodType: "flexible" })
  ),
  "earn.savings.records": endId(
    "endId",
    "orderId",
    `${BITGET}/earn/savings/Savings-Records (idLessThan: endId)`,
    () => ({ periodType: "flexible" })
  ),
  "earn.sharkFin.product": endId(
    "endId",
    "productId",
    `${BITGET}/earn/sharkfin/Sharkfin-Products (idLessThan: endId)`,
    () => ({ coin: "USDT" })
  ),
  "earn.sharkFin.assets": endId(
    "endId",
    "productId",
    `${BITGET}/earn/sharkfin/Shark-Assets ("idLessThan: the end ID of the last request")`,
    () => ({ status: "subscribed" })
  ),
  "earn.sharkFin.records": endId(
    "endId",
    "orderId",
    `${BITGET}/earn/sharkfin/Shark-Records ("the end ID of the last request"; rows by orderId, "RecordId")`,
    () => ({ type: "subscribe" })
  ),
  "earn.elite.records": {
    param: "cursor",
    from: "endId",
    id: "recordId",
    source: `${BITGET}/classic/earn/elite/Get-Elite-Records ("cursor: the value passed should be the endId"; recordId)`,
    request: () => ({ type: "subscribe" })
  }
}

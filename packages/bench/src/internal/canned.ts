/**
 * Canned Bitget bodies: the exact texts the loopback server answers with. Built once, so the
 * server's own cost per request is a string write; rows of the endless fills history are made
 * from a template with only the ids and times changed.
 */

const envelope = (data: string, requestTime = 1_700_000_000_000): string =>
  `{"code":"00000","msg":"success","requestTime":${requestTime},"data":${data}}`

/** One spot asset, as `GET /api/v2/spot/account/assets` sends it. */
const assetRow = JSON.stringify({
  coin: "USDT",
  available: "10234.56781234",
  frozen: "0.00000000",
  locked: "0.00000000",
  limitAvailable: "0",
  uTime: "1700000000123"
})

/** `GET /api/v2/spot/account/assets`: one row. */
export const assets = envelope(`[${assetRow}]`)

/** One spot fill with `tradeId` and times derived from `id` (newest first when ids fall). */
export const fillRow = (id: number): string => {
  const time = 1_700_000_000_000 + (id % 1_000_000_000)
  return `{"userId":"1234567890","symbol":"BTCUSDT","orderId":"${id + 7_000_000}","tradeId":"${id}",` +
    `"orderType":"limit","side":"${id % 2 === 0 ? "buy" : "sell"}","priceAvg":"37125.42",` +
    `"size":"0.012345","amount":"458.313309","feeDetail":{"deduction":"no","feeCoin":"USDT",` +
    `"totalDeductionFee":"","totalFee":"-0.458313309"},"tradeScope":"${id % 3 === 0 ? "maker" : "taker"}",` +
    `"cTime":"${time}","uTime":"${time + 5}"}`
}

/** The first id of the endless history; each page goes down from the cursor. */
export const FIRST_ID = 9_000_000_000_000

/** A page of `size` fills whose ids are just below `below`. */
export const fillsPage = (below: number, size: number): string => {
  let rows = ""
  for (let i = 1; i <= size && below - i > 0; i++) rows += (i === 1 ? "" : ",") + fillRow(below - i)
  return envelope(`[${rows}]`)
}

/** `GET /api/v2/spot/trade/fills` without a cursor: the newest 100 rows. */
export const fills = fillsPage(FIRST_ID, 100)

/** `GET /api/v3/account/assets` (V3, unified account): the account's totals and one coin. */
export const v3Assets = envelope(JSON.stringify({
  accountEquity: "10234.56781234",
  usdtEquity: "10234.56781234",
  btcEquity: "0.27563412",
  unrealisedPnl: "0",
  usdtUnrealisedPnl: "0",
  btcUnrealizedPnl: "0",
  effEquity: "10234.56781234",
  mmr: "0",
  imr: "0",
  mgnRatio: "0",
  positionMgnRatio: "0",
  assets: [{
    coin: "USDT",
    equity: "10234.56781234",
    usdValue: "10234.56781234",
    balance: "10234.56781234",
    available: "10234.56781234",
    debt: "0",
    locked: "0"
  }]
}))

/** One V3 fill (`GET /api/v3/trade/fills`), `execId` and times derived from `id`. */
export const v3FillRow = (id: number): string => {
  const time = 1_700_000_000_000 + (id % 1_000_000_000)
  return `{"execId":"${id}","execLinkId":"${id + 3}","orderId":"${id + 7_000_000}","clientOid":"c${id}",` +
    `"category":"SPOT","symbol":"BTCUSDT","orderType":"limit","side":"${id % 2 === 0 ? "buy" : "sell"}",` +
    `"execPrice":"37125.42","execQty":"0.012345","execValue":"458.313309",` +
    `"tradeScope":"${id % 3 === 0 ? "maker" : "taker"}","feeDetail":[{"feeCoin":"USDT","fee":"0.458313309"}],` +
    `"execPnl":"0","isRPI":"no","createdTime":"${time}","updatedTime":"${time + 5}"}`
}

/** A V3 page of `size` fills just below `below`; `cursor` is its last id (Bitget's own). */
export const v3FillsPage = (below: number, size: number): string => {
  let rows = ""
  for (let i = 1; i <= size && below - i > 0; i++) rows += (i === 1 ? "" : ",") + v3FillRow(below - i)
  return envelope(`{"list":[${rows}],"cursor":"${below - size}"}`)
}

/** `GET /api/v3/trade/fills` without a cursor: the newest 100 rows. */
export const v3Fills = v3FillsPage(FIRST_ID, 100)

/**
 * `POST /api/v3/trade/place-order`. The server does not read bodies: the answer names no
 * `clientOid` (Bitget may leave it blank), so every client keeps the one it sent.
 */
export const v3Placed = envelope(`{"orderId":"1300000000000012345","clientOid":""}`)

/** `GET /api/v2/public/time`. */
export const serverTime = (now: number): string => envelope(`{"serverTime":"${now}"}`, now)

/** HTTP 429 as Bitget answers it. */
export const tooMany = (now: number): string =>
  `{"code":"429","msg":"Too Many Requests","requestTime":${now},"data":null}`

/** Any path the server does not know. */
export const notFound = (now: number): string =>
  `{"code":"40404","msg":"Request URL NOT FOUND","requestTime":${now},"data":null}`

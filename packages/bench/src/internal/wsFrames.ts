/**
 * Case 6's frames, as Bitget's V2 public socket sends them (compact, `seq`/`pseq` bare numbers):
 * a BTCUSDT ticker, a 50-level book snapshot and book updates chained by `seq`/`pseq`. Shared by
 * the server (`wsServer.ts`) and the in-process driver (`tools/wsDriver.ts`).
 */
export const SENTINEL = "99999.9"

const tickerArg = `{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"}`
const booksArg = `{"instType":"SPOT","channel":"books","instId":"BTCUSDT"}`
export const DEPTH = 50

export const ticker = (last: string, ts: number) =>
  `{"action":"snapshot","arg":${tickerArg},"data":[{"instId":"BTCUSDT","lastPr":"${last}","open24h":"64210.5","high24h":"65500.1","low24h":"63900.2","change24h":"0.0123","bidPr":"64999.9","askPr":"65000.1","bidSz":"1.2345","askSz":"0.5432","baseVolume":"12345.6789","quoteVolume":"801234567.12","openUtc":"64300.1","changeUtc24h":"0.0109","ts":"${ts}"}],"ts":${ts}}`

const level = (cents: number, size: string) => `["${(cents / 100).toFixed(2)}","${size}"]`

export const snapshot = (seq: bigint, ts: number) => {
  const asks: Array<string> = []
  const bids: Array<string> = []
  for (let k = 0; k < DEPTH; k++) {
    asks.push(level(6_500_010 + k * 10, "1.000"))
    bids.push(level(6_499_990 - k * 10, "1.000"))
  }
  return `{"action":"snapshot","arg":${booksArg},"data":[{"asks":[${asks.join(",")}],"bids":[${
    bids.join(",")
  }],"seq":${seq},"pseq":0,"ts":"${ts}"}],"ts":${ts}}`
}

/** Update `n`: one ask and one bid level resized (never emptied, so the book stays whole and uncrossed). */
export const update = (n: number, seq: bigint, ts: number) => {
  const k = n % DEPTH
  const size = (1 + (n % 997) / 1000).toFixed(3)
  return `{"action":"update","arg":${booksArg},"data":[{"asks":[${level(6_500_010 + k * 10, size)}],"bids":[${
    level(6_499_990 - k * 10, size)
  }],"seq":${seq + 1n},"pseq":${seq},"ts":"${ts}"}],"ts":${ts}}`
}

/** The first `seq` of the snapshot. */
export const FIRST_SEQ = 1_304_314_508_780_744_705n

/**
 * Push `sent` of a run of `count` (after the snapshot): one ticker for every three book updates,
 * the last one the sentinel ticker. `seq` is the book's last `seq` (advanced by the caller on updates).
 */
export const push = (
  sent: number,
  count: number,
  seq: bigint,
  ts: number
): { readonly text: string; readonly book: boolean } =>
  sent === count - 1
    ? { text: ticker(SENTINEL, ts), book: false }
    : sent % 4 === 0
    ? { text: ticker(`6500${sent % 10}.5`, ts), book: false }
    : { text: update(sent, seq, ts), book: true }

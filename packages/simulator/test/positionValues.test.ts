import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import * as PositionValues from "@effect-bitget/simulator/futures/PositionValues"
import type { Position } from "@effect-bitget/simulator/futures/Records"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import { type Client, connect, type Keys, keysOf, restAs } from "./ws/client.js"

// A V2 futures position's `available`, `locked` (`frozen` on the socket) and `breakEvenPrice`,
// computed from the world (futures/PositionValues.ts): the same values on V2 REST and on the V2
// `positions` push, moved by resting closing orders and by fees, for each account on its own;
// and the unified account's `positionMgnRatio` (unified/Ledger.ts), apart from its `mgnRatio`.

/** A signed REST call of the account `keys` that must succeed; its `data`. */
const rest = async (simulator: Simulator.Service, keys: Keys, method: "GET" | "POST", path: string, body?: object) => {
  const answer = await restAs(simulator, keys, method, path, body)
  expect(answer.code, `${path}: ${answer.msg}`).toBe("00000")
  return answer.data
}

const positionsSocket = async (simulator: Simulator.Service, keys: Keys) => {
  const client = await connect(`${simulator.wsUrl}/v2/ws/private`)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const sign = Crypto.createHmac("sha256", keys.secret).update(`${timestamp}GET/user/verify`).digest("base64")
  client.send({ op: "login", args: [{ apiKey: keys.apiKey, passphrase: keys.passphrase, timestamp, sign }] })
  await client.next((f) => f.startsWith(`{"event":"login","code":0`))
  const arg = { instType: "USDT-FUTURES", channel: "positions", instId: "default" }
  client.send({ op: "subscribe", args: [arg] })
  await client.next((f) => f === `{"event":"subscribe","arg":${JSON.stringify(arg)}}`)
  await client.next(isPositions)
  return client
}

const isPositions = (f: string) => f.startsWith(`{"action"`) && f.includes(`"channel":"positions"`)

/** The next `positions` push (from the frames not yet read) whose row of `side` carries every `fields` text. */
const nextPush = async (client: Client, from: number, side: string, fields: ReadonlyArray<string>) => {
  const frame = await client.next(
    (f) => isPositions(f) && f.includes(`"holdSide":"${side}"`) && fields.every((x) => f.includes(x)),
    2000,
    from
  )
  return (JSON.parse(frame).data as Array<Record<string, unknown>>).find((row) => row.holdSide === side)!
}

const allPositions = (simulator: Simulator.Service, keys: Keys) =>
  rest(simulator, keys, "GET", "/api/v2/mix/position/all-position?productType=USDT-FUTURES&marginCoin=USDT")

const order = (fields: Record<string, string>) => ({
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginMode: "crossed",
  marginCoin: "USDT",
  ...fields
})

const withSimulator = (body: (simulator: Simulator.Service) => Promise<void>) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    yield* Effect.promise(() => body(simulator))
  }).pipe(Effect.provide(Simulator.layer({ subAccounts: 1, ws: { tickMillis: 20 } })))

describe("futures position values", () => {
  it("break-even: Bitget's captured values, to the last of their 12 decimals (the live taker rate, 0.06%)", () => {
    const position = (total: string, openPriceAvg: string, paid: string) =>
      ({
        holdSide: "long",
        marginCoin: "USDT",
        total: BigDecimal.unsafeFromString(total),
        openPriceAvg: BigDecimal.unsafeFromString(openPriceAvg),
        totalFee: BigDecimal.unsafeFromString(paid)
      }) as Position
    const breakEven = (p: Position) => BigDecimal.format(PositionValues.breakEvenPrice(p)!)
    // pybotters' captured XRPUSDT pushes (2025-03): one fill, then a second.
    expect(breakEven(position("3", "2.2366", "0.002818116"))).toBe("2.238882701621")
    expect(breakEven(position("6", "2.23675", "0.00563661"))).toBe("2.239032854713")
  })
  it.live("locked by resting closing orders, break-even moved by fees: REST and the positions push agree, per account", () =>
    withSimulator(async (simulator) => {
      const futures = simulator.domains.get("futures")!.control as FuturesControl
      futures.setMarkPrice("BTCUSDT", "60000")
      const main = keysOf(simulator.credentials)
      const sub = keysOf(simulator.subAccounts[0]!.credentials)
      // A sub-account starts empty: the test's knob funds its futures account.
      futures.setBalance("USDT", "10000", { uid: simulator.subAccounts[0]!.uid })
      const mainSocket = await positionsSocket(simulator, main)
      const subSocket = await positionsSocket(simulator, sub)

      // One-way mode: a market buy of 0.1 at 60000 pays 3.6 USDT (0.06% taker): break-even (60000 + 3.6 / 0.1) / (1 − 0.0006),
      // the taker fee of the close included (PositionValues.breakEvenPrice).
      let from = mainSocket.frames.length
      await rest(
        simulator,
        main,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "buy",
          orderType: "market",
          size: "0.1"
        })
      )
      const opened = { total: "0.1", available: "0.1", breakEvenPrice: "60072.043225935561" }
      expect(await nextPush(mainSocket, from, "long", [`"total":"0.1"`])).toMatchObject({ ...opened, frozen: "0" })
      expect(await allPositions(simulator, main)).toEqual([expect.objectContaining({ ...opened, locked: "0" })])

      // A reduce-only sell resting above the market holds 0.04 of it; an opening buy holds nothing of it.
      from = mainSocket.frames.length
      const resting = await rest(
        simulator,
        main,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "sell",
          orderType: "limit",
          price: "70000",
          size: "0.04",
          reduceOnly: "YES"
        })
      )
      await rest(
        simulator,
        main,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "buy",
          orderType: "limit",
          price: "50000",
          size: "0.5"
        })
      )
      const held = { total: "0.1", available: "0.06", breakEvenPrice: "60072.043225935561" }
      expect(await nextPush(mainSocket, from, "long", [`"frozen":"0.04"`])).toMatchObject({ ...held, frozen: "0.04" })
      expect(await allPositions(simulator, main)).toEqual([expect.objectContaining({ ...held, locked: "0.04" })])

      // The sub-account, in hedge mode: its long and its close order are its own; the main account's stay as they were.
      await rest(simulator, sub, "POST", "/api/v2/mix/account/set-position-mode", {
        productType: "USDT-FUTURES",
        posMode: "hedge_mode"
      })
      let subFrom = subSocket.frames.length
      await rest(
        simulator,
        sub,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "buy",
          tradeSide: "open",
          orderType: "market",
          size: "0.2"
        })
      )
      // 0.2 × 60000 × 0.0006 = 7.2 USDT: break-even (60000 + 7.2 / 0.2) / (1 − 0.0006).
      expect(await nextPush(subSocket, subFrom, "long", [`"total":"0.2"`])).toMatchObject({
        available: "0.2",
        frozen: "0",
        breakEvenPrice: "60072.043225935561"
      })
      subFrom = subSocket.frames.length
      await rest(
        simulator,
        sub,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "buy",
          tradeSide: "close",
          orderType: "limit",
          price: "65000",
          size: "0.15"
        })
      )
      expect(await nextPush(subSocket, subFrom, "long", [`"frozen":"0.15"`])).toMatchObject({
        total: "0.2",
        available: "0.05"
      })
      expect(await allPositions(simulator, sub)).toEqual([
        expect.objectContaining({ holdSide: "long", total: "0.2", available: "0.05", locked: "0.15" })
      ])
      expect(await allPositions(simulator, main)).toEqual([expect.objectContaining(held)])

      // Closing half at the market pays 1.8 more: the 0.05 left must return 5.4, (60000 + 5.4 / 0.05) / (1 − 0.0006);
      // the resting close of 0.04 still holds its part of what is left.
      from = mainSocket.frames.length
      await rest(
        simulator,
        main,
        "POST",
        "/api/v2/mix/order/place-order",
        order({
          side: "sell",
          orderType: "market",
          size: "0.05",
          reduceOnly: "YES"
        })
      )
      const closedHalf = { total: "0.05", available: "0.01", breakEvenPrice: "60144.086451871123" }
      expect(await nextPush(mainSocket, from, "long", [`"total":"0.05"`])).toMatchObject({
        ...closedHalf,
        frozen: "0.04"
      })
      expect(await allPositions(simulator, main)).toEqual([expect.objectContaining({ ...closedHalf, locked: "0.04" })])
      const single = await rest(
        simulator,
        main,
        "GET",
        "/api/v2/mix/position/single-position?productType=USDT-FUTURES&symbol=BTCUSDT&marginCoin=USDT"
      )
      expect(single).toEqual([expect.objectContaining({ ...closedHalf, locked: "0.04" })])

      // Cancelling the close order frees the position again.
      from = mainSocket.frames.length
      await rest(simulator, main, "POST", "/api/v2/mix/order/cancel-order", {
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        orderId: resting.orderId
      })
      expect(await nextPush(mainSocket, from, "long", [`"frozen":"0"`])).toMatchObject({ available: "0.05" })
      expect(await allPositions(simulator, main)).toEqual([expect.objectContaining({ available: "0.05", locked: "0" })])
      mainSocket.close()
      subSocket.close()
    }))
  it.live("fees: deductedFee the trading fees paid (positive), totalFee the funding (blank, none settled), REST and push alike", () =>
    withSimulator(async (simulator) => {
      const futures = simulator.domains.get("futures")!.control as FuturesControl
      futures.setMarkPrice("BTCUSDT", "60000")
      const main = keysOf(simulator.credentials)
      const socket = await positionsSocket(simulator, main)
      const buy = () =>
        rest(
          simulator,
          main,
          "POST",
          "/api/v2/mix/order/place-order",
          order({ side: "buy", orderType: "market", size: "0.1" })
        )

      // 0.1 at 60000, 0.06% taker: 3.6 USDT paid. Bitget (captured REST and push bodies, sources in
      // futures/Rows.ts): `deductedFee` positive, `totalFee` "" (accumulated funding, none yet).
      let from = socket.frames.length
      await buy()
      const pushed = await nextPush(socket, from, "long", [`"total":"0.1"`])
      expect(pushed).toMatchObject({ deductedFee: "3.6", totalFee: "" })
      const [position] = await allPositions(simulator, main)
      expect(position).toMatchObject({ deductedFee: "3.6" })
      expect(position).not.toHaveProperty("totalFee")
      // The fill itself shows the same fee as a debit, negative (Bitget's fills' `feeDetail`).
      const fills = await rest(
        simulator,
        main,
        "GET",
        "/api/v2/mix/order/fills?productType=USDT-FUTURES&symbol=BTCUSDT"
      )
      expect(fills.fillList.map((f: any) => f.feeDetail[0].totalFee)).toEqual(["-3.6"])

      // A second fill adds its fee (the capture's `deductedFee` grows fill by fill): 7.2 on both.
      from = socket.frames.length
      await buy()
      expect(await nextPush(socket, from, "long", [`"total":"0.2"`])).toMatchObject({
        deductedFee: "7.2",
        totalFee: ""
      })
      expect(await allPositions(simulator, main)).toEqual([
        expect.objectContaining({ total: "0.2", deductedFee: "7.2" })
      ])
      socket.close()
    }))
  it.live("V3 positionMgnRatio: the positions' maintenance margin over their own equity, on REST and the account push", () =>
    withSimulator(async (simulator) => {
      const world = (simulator.domains.get("unified")!.control as UnifiedControl).futures
      world.setMark("BTCUSDT", BigDecimal.unsafeFromString("60000"), Date.now())
      const keys = keysOf(simulator.unified.credentials)
      const assets = () => rest(simulator, keys, "GET", "/api/v3/account/assets")
      const flat = await assets()
      expect([flat.mgnRatio, flat.positionMgnRatio]).toEqual(["0", "0"])
      await rest(simulator, keys, "POST", "/api/v3/trade/place-order", {
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        qty: "0.1"
      })
      // 0.1 at 60000 at 20×: margin 300; maintenance 6000 × 0.4% = 24; 24 / 300.
      const held = await assets()
      expect([held.mmr, held.positionMgnRatio]).toEqual(["24", "0.08"])
      // The account's ratio counts all its equity (the starting coins): far below the positions' own.
      expect(Number(held.mgnRatio)).toBeGreaterThan(0)
      expect(Number(held.mgnRatio)).toBeLessThan(0.001)

      const client = await connect(`${simulator.wsUrl}/v3/ws/private`)
      const timestamp = String(Math.floor(Date.now() / 1000))
      const sign = Crypto.createHmac("sha256", keys.secret).update(`${timestamp}GET/user/verify`).digest("base64")
      client.send({ op: "login", args: [{ apiKey: keys.apiKey, passphrase: keys.passphrase, timestamp, sign }] })
      await client.next((f) => f.startsWith(`{"event":"login","code":0`))
      client.send({ op: "subscribe", args: [{ instType: "UTA", topic: "account" }] })
      const push = JSON.parse(await client.next((f) => f.startsWith(`{"data":`) && f.includes(`"topic":"account"`)))
      expect(push.data[0]).toMatchObject({ mmr: "24", positionMgnRatio: "0.08", mgnRatio: held.mgnRatio })
      client.close()

      // The mark falls 1000: unrealised −100 leaves 200 of equity for 23.6 of maintenance.
      world.setMark("BTCUSDT", BigDecimal.unsafeFromString("59000"), Date.now())
      const fallen = await assets()
      expect([fallen.mmr, fallen.positionMgnRatio]).toEqual(["23.6", "0.118"])
    }))
})

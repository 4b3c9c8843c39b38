/**
 * The wallet, sub-account and loan examples of `docs/unified.md`, kept here so the type check
 * proves they compile and `test/walletGuide.test.ts` runs each against the simulator's unified
 * account. Run them yourself with `npx tsx packages/unified/examples/wallet.ts` (simulator) or
 * against Bitget with `BITGET_*` set to a unified account's key (they move money: read first).
 */
import { BitgetClient } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { CryptoLoan, Deposit, SubAccount, SubAccountApiKey, Transfer, Withdrawal } from "@effect-bitget/unified"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: a unified account's key from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator, signing as its funded unified account.
export const Local = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

// — A year of deposits as one Stream: each page follows the smallest orderId of the last.
export const depositsOfTheYear = Effect.gen(function*() {
  const now = yield* DateTime.now
  const rows = yield* Stream.runCollect(Deposit.depositRecords.items({
    startTime: DateTime.subtract(now, { days: 365 }),
    endTime: now
  }))
  return Chunk.toReadonlyArray(rows)
})

// #region withdrawAndCancel
// — Move USDT from the unified account to the funding (spot) account, withdraw some from there
//   on chain, and take the withdrawal back while it is still in its cooling-off period.
export const withdrawAndCancel = Effect.gen(function*() {
  yield* Transfer.transfer({ fromType: "uta", toType: "spot", coin: "USDT", amount: "100" })
  const { orderId } = yield* Withdrawal.withdrawal({
    coin: "USDT",
    transferType: "on_chain",
    chain: "trc20",
    address: "TXyz",
    size: "25",
    accountType: ["funding"]
  })
  yield* Withdrawal.cancelWithdrawal({ orderId })
  return orderId
})
// #endregion

// #region readOnlySubAccount
// — A sub-account with a read-only key, funded from the main account.
export const readOnlySubAccount = (mainUid: string) =>
  Effect.gen(function*() {
    const sub = yield* SubAccount.createSub({ username: "desk", accountMode: "unified" })
    const key = yield* SubAccountApiKey.createSubApi({
      subUid: sub.subUid,
      note: "reporting",
      type: "read_only",
      passphrase: "reporting1",
      permissions: ["uta_mgt"],
      ips: []
    })
    yield* Transfer.subTransfer({
      fromType: "uta",
      toType: "uta",
      coin: "USDT",
      amount: "50",
      fromUserId: mainUid,
      toUserId: sub.subUid,
      clientOid: "fund-desk-1"
    })
    return { subUid: sub.subUid, apiKey: key.apiKey, secret: key.secret }
  })
// #endregion

// #region borrowAndRepay
// — Borrow 500 USDT against BTC, see what is owed, repay it all (the BTC comes back).
export const borrowAndRepay = Effect.gen(function*() {
  const { orderId } = yield* CryptoLoan.borrow({
    loanCoin: "USDT",
    pledgeCoin: "BTC",
    daily: "FLEXIBLE",
    loanAmount: "500"
  })
  const [loan] = yield* CryptoLoan.borrowOngoing({ orderId })
  yield* Console.log(`owe ${loan!.loanAmount.value} + interest, ${loan!.pledgeRate.value} LTV`)
  return yield* CryptoLoan.repay({ orderId, method: "borrowed_coin", repayAll: true })
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    const deposits = yield* depositsOfTheYear
    yield* Console.log(`${deposits.length} deposits this year`)
    yield* Console.log(`withdrawal ${yield* withdrawAndCancel} cancelled`)
    const repaid = yield* borrowAndRepay
    yield* Console.log(`repaid ${repaid.repayAmount.value}`)
  })
  const main: Effect.Effect<void, unknown> = process.env.BITGET_API_KEY === undefined
    ? Effect.provide(walk, Local)
    : Effect.provide(walk, Live)
  NodeRuntime.runMain(main)
}

/**
 * The examples of `docs/broker.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the whole walk yourself with
 * `npx tsx packages/broker/examples/guide.ts` (against the local simulator).
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import { BitgetClient, type BitgetConfig, Decimal } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { Account, Trade, Wallet } from "@effect-bitget/spot"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, Effect, Layer, Redacted, Stream } from "effect"

// — The main account's client, against the local simulator (`BitgetClient.layerConfig` for Bitget).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

// #region strategyAccount
// — A virtual sub-account for a strategy, funded from the main account, with a key that may
//   trade spot and nothing else. The secret is in this answer only: store it now.
export const strategyAccount = (name: string, mainUid: string) =>
  Effect.gen(function*() {
    const created = yield* VirtualSubaccount.createVirtualSubaccount({ subAccountList: [name] })
    const [sub] = created.successList
    if (sub === undefined) return yield* Effect.dieMessage(`${name} is taken`)
    yield* Wallet.subaccountTransfer({
      fromType: "spot",
      toType: "spot",
      coin: "USDT",
      amount: "500",
      fromUserId: mainUid,
      toUserId: sub.subAccountUid
    })
    const key = yield* VirtualSubaccountApiKey.createVirtualSubaccountApikey({
      subAccountUid: sub.subAccountUid,
      passphrase: "strategy42",
      label: `${name} spot`,
      permList: ["spot_trade"]
    })
    return {
      uid: sub.subAccountUid,
      credentials: {
        apiKey: Redacted.make(key.subAccountApiKey),
        secret: Redacted.make(key.secretKey),
        passphrase: Redacted.make("strategy42")
      }
    }
  })
// #endregion

// #region asSubAccount
// — A client that signs as the sub-account: the same layers as the main account's, its credentials.
export const asSubAccount = (credentials: BitgetConfig.Credentials, baseUrl?: string) =>
  BitgetClient.layerWith({ credentials, ...(baseUrl === undefined ? {} : { baseUrl }) }).pipe(
    Layer.provide(Transport.layerUndici)
  )
// #endregion

// #region tradeThenFreeze
// — The sub-account trades with its own balance; its key cannot trade futures, and when the
//   main account freezes it, every call is refused until it is unfrozen.
export const tradeThenFreeze = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const strategy = yield* strategyAccount("alphabot", simulator.uid)
  const sub = asSubAccount(strategy.credentials, simulator.url)

  const placed = yield* Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "20000",
    size: "0.001"
  }).pipe(Effect.provide(sub))
  const [usdt] = yield* Account.assets({ coin: "USDT" }).pipe(Effect.provide(sub))
  yield* Console.log(`order ${placed.orderId}; USDT frozen ${Decimal.format(usdt!.frozen)}`)

  yield* VirtualSubaccount.modifyVirtualSubaccount({
    subAccountUid: strategy.uid,
    permList: ["spot_trade"],
    status: "freeze"
  })
  return yield* Account.assets().pipe(
    Effect.provide(sub),
    Effect.as("allowed"),
    Effect.catchTag("PermissionError", (error) => Effect.succeed(`refused: ${error.code}`))
  )
})
// #endregion

// #region allSubAccounts
// — Every virtual sub-account, one Stream across pages (cursor `endId`, up to 500 a page).
export const allSubAccounts = VirtualSubaccount.virtualSubaccountList.items().pipe(
  Stream.map((sub) => `${sub.subAccountUid} ${sub.subAccountName} ${sub.status}`),
  Stream.runCollect,
  Effect.map(Chunk.toReadonlyArray)
)
// #endregion

// #region longLabel
// — Local rules: a label over 20 characters fails before anything is sent.
export const longLabel = VirtualSubaccountApiKey.createVirtualSubaccountApikey({
  subAccountUid: "1000000002",
  passphrase: "strategy42",
  label: "a label far longer than twenty"
}).pipe(Effect.flip, Effect.map((error) => error._tag))
// #endregion

// #region brokerCustomer
// — An ND broker: a customer's sub-account, its deposit address, and a read-only key for a dashboard.
export const brokerCustomer = Effect.gen(function*() {
  const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "customer7", label: "customer 7" })
  const address = yield* BrokerSubaccount.subaccountAddress({ subUid: sub.subUid, coin: "USDT", chain: "TRC20" })
  const key = yield* BrokerApiKey.createSubaccountApikey({
    subUid: sub.subUid,
    passphrase: "dash2024",
    label: "dashboard",
    permType: "readonly",
    permList: []
  })
  const { assetsList } = yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid })
  yield* Console.log(`${sub.subaccountName}: deposit to ${address.address} (${address.chain}); key ${key.apiKey}`)
  return { sub, address, key, assets: assetsList }
})
// #endregion

const walk = Effect.gen(function*() {
  yield* Console.log(`after freezing: ${yield* tradeThenFreeze}`)
  yield* Console.log((yield* allSubAccounts).join("\n"))
  yield* Console.log(`long label: ${yield* longLabel}`)
  yield* brokerCustomer
})

if (import.meta.url === `file://${process.argv[1]}`) {
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}

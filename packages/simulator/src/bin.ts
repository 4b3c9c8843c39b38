#!/usr/bin/env node
/**
 * `effect-bitget-simulator` (in the workspace: `pnpm simulator`): starts the simulated exchange
 * on loopback and serves until stopped. For people it prints its URL and test credentials as
 * `BITGET_*=` lines; with `--json` it prints exactly one JSON line
 * `{"url":…,"wsUrl":…,"apiKey":…,"secret":…,"passphrase":…,"unified":{"apiKey":…,"secret":…,"passphrase":…}}`
 * for scripts (`unified`: a funded unified (UTA) main account, for V3). `--port N` (or `PORT`)
 * picks the port, default a free one; `--ws-port N` the WebSocket server's (`BITGET_WS_URL`, Bitget's
 * paths under it: `/v2/ws/public` …), default a free one; `--host` the address, default 127.0.0.1.
 *
 * `--api-key`, `--secret`, `--passphrase` fix the main account's credentials (the secret is
 * random at every start otherwise). `--fault ENDPOINT=CODE[@STATUS][:MESSAGE]` (repeatable) makes
 * an endpoint, by declaration name or `METHOD /path`, answer that Bitget code every time, e.g.
 * `--fault spot.trade.placeOrder=40725@503:service maintenance`. `--sub-accounts N` opens N virtual
 * sub-accounts of the main account, each with a key (printed as `BITGET_SUB<i>_*=` lines, or the
 * JSON's `subAccounts`: `[{"uid":…,"apiKey":…,"secret":…,"passphrase":…}]`);
 * `--unified-sub-accounts N` opens N unified sub-accounts of the unified main account, each with a
 * key (`BITGET_UTA_SUB<i>_*=` lines, or the JSON's `unified.subAccounts`). `--history DAYS` seeds
 * DAYS of history before the start for the main account, its sub-accounts, its demo side, the
 * unified account and its unified sub-accounts (spot, margin and futures fills, orders, bills,
 * loans, deposits, withdrawals, transfers; V3 fills and orders; see `History.ts`), so history
 * streams have rows to walk.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { parseArgs } from "node:util"
import { MAX_VIRTUAL } from "./broker/State.js"
import { MAX_DAYS } from "./History.js"
import { layer, type Service, Simulator } from "./Simulator.js"

const { values } = parseArgs({
  options: {
    json: { type: "boolean", default: false },
    port: { type: "string" },
    "ws-port": { type: "string" },
    host: { type: "string" },
    "api-key": { type: "string" },
    secret: { type: "string" },
    passphrase: { type: "string" },
    fault: { type: "string", multiple: true },
    history: { type: "string" },
    "sub-accounts": { type: "string" },
    "unified-sub-accounts": { type: "string" },
    help: { type: "boolean", short: "h", default: false }
  }
})

if (values.help) {
  console.log(
    "Usage: effect-bitget-simulator [--json] [--port N] [--ws-port N] [--host ADDRESS] [--api-key KEY]" +
      " [--secret SECRET] [--passphrase PASSPHRASE] [--fault ENDPOINT=CODE[@STATUS][:MESSAGE]]... [--history DAYS]" +
      " [--sub-accounts N] [--unified-sub-accounts N]"
  )
  process.exit(0)
}

const port = Number(values.port ?? process.env.PORT ?? 0)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port: expected an integer from 0 to 65535, got ${values.port ?? process.env.PORT}`)
  process.exit(2)
}

const wsPort = Number(values["ws-port"] ?? 0)
if (!Number.isInteger(wsPort) || wsPort < 0 || wsPort > 65535) {
  console.error(`--ws-port: expected an integer from 0 to 65535, got ${values["ws-port"]}`)
  process.exit(2)
}
const history = Number(values.history ?? 0)
if (!/^\d+$/.test(values.history ?? "0") || history > MAX_DAYS) {
  console.error(`--history: expected a whole number of days from 0 to ${MAX_DAYS}, got ${values.history}`)
  process.exit(2)
}

const subAccounts = Number(values["sub-accounts"] ?? 0)
if (!/^\d+$/.test(values["sub-accounts"] ?? "0") || subAccounts > MAX_VIRTUAL) {
  console.error(`--sub-accounts: expected a whole number from 0 to ${MAX_VIRTUAL}, got ${values["sub-accounts"]}`)
  process.exit(2)
}

const unifiedSubAccounts = Number(values["unified-sub-accounts"] ?? 0)
if (!/^\d+$/.test(values["unified-sub-accounts"] ?? "0") || unifiedSubAccounts > MAX_VIRTUAL) {
  console.error(
    `--unified-sub-accounts: expected a whole number from 0 to ${MAX_VIRTUAL}, got ${values["unified-sub-accounts"]}`
  )
  process.exit(2)
}

/** `ENDPOINT=CODE[@STATUS][:MESSAGE]`. */
const FAULT = /^([^=]+)=(\d{1,10})(?:@(\d{3}))?(?::(.*))?$/s
const faults = (values.fault ?? []).map((text) => {
  const match = FAULT.exec(text)
  if (match === null) {
    console.error(`--fault: expected ENDPOINT=CODE[@STATUS][:MESSAGE], got ${JSON.stringify(text)}`)
    process.exit(2)
  }
  return {
    endpoints: [match[1]!.trim()],
    code: match[2]!,
    msg: match[4] ?? "simulated fault",
    ...(match[3] === undefined ? {} : { status: Number(match[3]) })
  }
})

const main = Effect.gen(function*() {
  const simulator = yield* Simulator
  for (const fault of faults) simulator.faults.answer(fault)
  // Test credentials of a throwaway local exchange: printing them is the point.
  const credentials = {
    url: simulator.url,
    wsUrl: simulator.wsUrl,
    apiKey: Redacted.value(simulator.credentials.apiKey),
    secret: Redacted.value(simulator.credentials.secret),
    passphrase: Redacted.value(simulator.credentials.passphrase)
  }
  const subsOf = (list: Service["subAccounts"]) =>
    list.map((sub) => ({
      uid: sub.uid,
      apiKey: Redacted.value(sub.credentials.apiKey),
      secret: Redacted.value(sub.credentials.secret),
      passphrase: Redacted.value(sub.credentials.passphrase)
    }))
  const subs = subsOf(simulator.subAccounts)
  const unifiedSubs = subsOf(simulator.unified.subAccounts)
  const unified = {
    apiKey: Redacted.value(simulator.unified.credentials.apiKey),
    secret: Redacted.value(simulator.unified.credentials.secret),
    passphrase: Redacted.value(simulator.unified.credentials.passphrase),
    ...(unifiedSubs.length === 0 ? {} : { subAccounts: unifiedSubs })
  }
  if (values.json) {
    yield* Console.log(JSON.stringify({ ...credentials, unified, ...(subs.length === 0 ? {} : { subAccounts: subs }) }))
  } else {
    yield* Console.log(`Bitget simulator listening on ${simulator.url}`)
    yield* Console.log(`BITGET_BASE_URL=${credentials.url}`)
    yield* Console.log(`BITGET_WS_URL=${credentials.wsUrl}`)
    yield* Console.log(`BITGET_API_KEY=${credentials.apiKey}`)
    yield* Console.log(`BITGET_API_SECRET=${credentials.secret}`)
    yield* Console.log(`BITGET_API_PASSPHRASE=${credentials.passphrase}`)
    // A funded unified (UTA) main account, for V3 (@effect-bitget/unified, RestClientV3, ccxt's uta).
    yield* Console.log(`BITGET_UTA_API_KEY=${unified.apiKey}`)
    yield* Console.log(`BITGET_UTA_API_SECRET=${unified.secret}`)
    yield* Console.log(`BITGET_UTA_API_PASSPHRASE=${unified.passphrase}`)
    for (const [i, sub] of subs.entries()) {
      yield* Console.log(`BITGET_SUB${i + 1}_UID=${sub.uid}`)
      yield* Console.log(`BITGET_SUB${i + 1}_API_KEY=${sub.apiKey}`)
      yield* Console.log(`BITGET_SUB${i + 1}_API_SECRET=${sub.secret}`)
      yield* Console.log(`BITGET_SUB${i + 1}_API_PASSPHRASE=${sub.passphrase}`)
    }
    for (const [i, sub] of unifiedSubs.entries()) {
      yield* Console.log(`BITGET_UTA_SUB${i + 1}_UID=${sub.uid}`)
      yield* Console.log(`BITGET_UTA_SUB${i + 1}_API_KEY=${sub.apiKey}`)
      yield* Console.log(`BITGET_UTA_SUB${i + 1}_API_SECRET=${sub.secret}`)
      yield* Console.log(`BITGET_UTA_SUB${i + 1}_API_PASSPHRASE=${sub.passphrase}`)
    }
    yield* Console.log("Ctrl-C to stop.")
  }
  return yield* Effect.never
})

main.pipe(
  Effect.provide(Layer.fresh(layer({
    port,
    wsPort,
    history,
    subAccounts,
    unifiedSubAccounts,
    ...(values.host === undefined ? {} : { host: values.host }),
    credentials: { apiKey: values["api-key"], secret: values.secret, passphrase: values.passphrase }
  }))),
  NodeRuntime.runMain({ disableErrorReporting: false })
)

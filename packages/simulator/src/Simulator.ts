/**
 * A local Bitget-compatible exchange on loopback. `Simulator.layer()` starts it on a free port
 * and provides its URL and test credentials; `Simulator.layerClient()` adds a `BitgetClient`
 * pointed at it, so tests and demos run the same code path users run against the real one.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as HttpServer from "@effect/platform/HttpServer"
import type * as HttpServerError from "@effect/platform/HttpServerError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import * as Http from "node:http"
import { Accounts, type IssuedKey } from "./Accounts.js"
import type { BrokerControl } from "./broker/BrokerDomain.js"
import { MAX_VIRTUAL } from "./broker/State.js"
import { type Domain, MAIN_UID } from "./Domain.js"
import * as Exchange from "./Exchange.js"
import { Faults } from "./Faults.js"
import type { FuturesControl } from "./futures/FuturesDomain.js"
import * as History from "./History.js"
import { RateLimits } from "./RateLimits.js"
import * as Registry from "./Registry.js"
import type { SpotControl } from "./spot/SpotDomain.js"
import { UNIFIED_UID, type UnifiedControl } from "./unified/UnifiedDomain.js"
import type * as WsControl from "./ws/Control.js"
import * as WsServer from "./ws/WsServer.js"

export interface Credentials {
  readonly apiKey: Redacted.Redacted<string>
  readonly secret: Redacted.Redacted<string>
  readonly passphrase: Redacted.Redacted<string>
}

export interface Service {
  /** `http://127.0.0.1:<port>`: pass it as the client's base URL. */
  readonly url: string
  /** The main account's uid. */
  readonly uid: string
  /** An HMAC key of the main account. */
  readonly credentials: Credentials
  /**
   * A funded unified (UTA) main account and its HMAC key: V3 answers it, private V2 endpoints
   * refuse it with 40085 (public ones still answer). `layerClient({ unified: true })` signs with it;
   * with `demo: true` too, its requests (`paptrading: 1`) trade its demo side, a ledger of its own.
   */
  readonly unified: {
    readonly uid: string
    readonly credentials: Credentials
    /** The unified sub-accounts opened at the start (`Options.unifiedSubAccounts`), with a key each. */
    readonly subAccounts: ReadonlyArray<{ readonly uid: string; readonly credentials: Credentials }>
  }
  /** An RSA key of the main account: its key and passphrase, and the private key (PEM) to sign with. */
  readonly rsa: Credentials & { readonly privateKey: Redacted.Redacted<string> }
  readonly faults: Faults
  readonly limits: RateLimits
  /** Requests received, per `METHOD /path`. */
  readonly traffic: Exchange.Traffic
  /** The newest time of seeded histories (ms). */
  readonly anchor: number
  /** The virtual sub-accounts opened at the start (`Options.subAccounts`), with a key each. */
  readonly subAccounts: ReadonlyArray<{ readonly uid: string; readonly credentials: Credentials }>
  /** Every account and API key (the main account's, and those domains or tests create). */
  readonly accounts: Accounts
  /** The live domains of this simulator, by name (`public`, `spot`, `futures`, …). */
  readonly domains: ReadonlyMap<string, Domain>
  /** `ws://127.0.0.1:<port>`, the WebSocket server: append `/v2/ws/public`, `/v2/ws/private`, `/v3/ws/public`, `/v3/ws/private`. */
  readonly wsUrl: string
  /** The WebSocket server's timings, faults and counters. */
  readonly ws: WsControl.Control
}

export class Simulator extends Context.Tag("@effect-bitget/simulator/Simulator")<Simulator, Service>() {}

export interface Options {
  /** Declarations served in addition to the registry's (e.g. a user's own). */
  readonly endpoints?: ReadonlyArray<Endpoint.Any>
  /** Domains in addition to the registry's. */
  readonly domains?: ReadonlyArray<Domain>
  /** The newest time of seeded histories (ms); defaults to the wall clock at start. */
  readonly anchor?: number
  readonly port?: number
  readonly host?: string
  /** The WebSocket server's port; default a free one. */
  readonly wsPort?: number
  /** The WebSocket server's settings (e.g. a short `idleMillis` for tests). */
  readonly ws?: Partial<WsControl.Settings>
  /**
   * Enforce Bitget's rate limits (default `true`). Off, no request is ever answered 429 for its
   * rate: for tests of something else that would otherwise wait out 1/s windows (pair it with
   * `layerClient({ limiter: "none" })`).
   */
  readonly rateLimits?: boolean
  /**
   * Days of history to seed before the start (default 0), four rounds a day at the prices of the
   * one price path, for the main account and its sub-accounts (`subAccounts`): spot and futures
   * fills, orders and bills, deposits, withdrawals, transfers and plan orders, cross and isolated
   * margin trades, loans, repayments and interest, the same trades on the demo side (`paptrading`),
   * and the unified account's V3 fills and orders (see `History.ts`). At most three years.
   */
  readonly history?: number
  /**
   * Virtual sub-accounts of the main account to open at the start (default 0, at most 20), each
   * with an API key (`Service.subAccounts`); seeded with their own history when `history` is given.
   */
  readonly subAccounts?: number
  /**
   * Unified (UTA) sub-accounts of the unified main account (`Service.unified`) to open at the start
   * (default 0, at most 20), each with an API key (`Service.unified.subAccounts`); seeded with their
   * own V3 history (funded by a deposit first: a sub-account starts empty) when `history` is given.
   */
  readonly unifiedSubAccounts?: number
  /**
   * The main account's HMAC key, secret and passphrase (each left out keeps its default; the
   * secret is random at every start unless given), so a script can keep its credentials.
   */
  readonly credentials?: {
    readonly apiKey?: string | undefined
    readonly secret?: string | undefined
    readonly passphrase?: string | undefined
  }
}

export const UID = MAIN_UID

let rsaPair: Crypto.KeyPairSyncResult<string, string> | undefined
const rsaKeys = () =>
  rsaPair ??= Crypto.generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" }
  })

/** Opens `count` virtual sub-accounts of the main account through the broker domain, each with a key. */
const openSubAccounts = (
  domains: ReadonlyMap<string, Domain>,
  accounts: Accounts,
  count: number,
  now: number
): ReadonlyArray<{ readonly uid: string; readonly key: IssuedKey }> => {
  if (!Number.isInteger(count) || count < 0 || count > MAX_VIRTUAL) {
    throw new Error(`subAccounts: expected a whole number from 0 to ${MAX_VIRTUAL}, got ${count}`)
  }
  const broker = domains.get("broker")?.control as BrokerControl | undefined
  return Array.from({ length: count }, (_, i) => {
    const name = `simsub${String(i + 1).padStart(2, "0")}`
    const uid = broker === undefined
      ? accounts.open({ parentUid: UID, kind: "virtual", label: name, now }).uid
      : broker.state.open(UID, "virtual", name, name, now).record.uid
    return { uid, key: accounts.issueKey(uid, { passphrase: `sim-passphrase-${name}`, label: name, now }) }
  })
}

/** Opens `count` unified sub-accounts of the unified main account, each with a key (every permission). */
const openUnifiedSubAccounts = (
  accounts: Accounts,
  count: number,
  now: number
): ReadonlyArray<{ readonly uid: string; readonly key: IssuedKey }> => {
  if (!Number.isInteger(count) || count < 0 || count > MAX_VIRTUAL) {
    throw new Error(`unifiedSubAccounts: expected a whole number from 0 to ${MAX_VIRTUAL}, got ${count}`)
  }
  return Array.from({ length: count }, (_, i) => {
    const name = `simuta${String(i + 1).padStart(2, "0")}`
    const uid = accounts.open({ parentUid: UNIFIED_UID, kind: "virtual", label: name, now, mode: "unified" }).uid
    return { uid, key: accounts.issueKey(uid, { passphrase: `sim-passphrase-${name}`, label: name, now }) }
  })
}

const credentialsOf = (key: IssuedKey): Credentials => ({
  apiKey: Redacted.make(key.apiKey),
  secret: Redacted.make(key.secret),
  passphrase: Redacted.make(key.passphrase)
})

const make = (options: Options) =>
  Effect.gen(function*() {
    const account = { uid: UID, apiKey: options.credentials?.apiKey ?? "bg_sim_hmac_key" }
    const secret = options.credentials?.secret ?? "sim-secret-" + Crypto.randomBytes(8).toString("hex")
    const passphrase = options.credentials?.passphrase ?? "sim-passphrase"
    const pair = rsaKeys()
    const rsaAccount = { uid: UID, apiKey: "bg_sim_rsa_key" }
    const accounts = new Accounts(UID)
    accounts.register({ account, passphrase, verify: { _tag: "Hmac", secret } })
    accounts.register({
      account: rsaAccount,
      passphrase,
      verify: { _tag: "Rsa", publicKey: Crypto.createPublicKey(pair.publicKey) }
    })
    const unifiedAccount = { uid: UNIFIED_UID, apiKey: "bg_sim_uta_key" }
    const unifiedSecret = "sim-uta-secret-" + Crypto.randomBytes(8).toString("hex")
    accounts.open({ kind: "main", label: "unified", now: 0, mode: "unified", uid: UNIFIED_UID })
    // Its demo side (`paptrading: 1`), a ledger of its own, funded as a main account by the unified domain.
    accounts.openDemo(UNIFIED_UID, 0)
    accounts.register({ account: unifiedAccount, passphrase, verify: { _tag: "Hmac", secret: unifiedSecret } })
    const faults = new Faults()
    const limits = new RateLimits()
    limits.enabled = options.rateLimits ?? true
    const traffic = new Exchange.Traffic()
    const anchor = options.anchor ?? Date.now()
    const clock = yield* Effect.clock
    const now = () => clock.unsafeCurrentTimeMillis() + faults.settings.clockSkewMillis
    const domains = [...Registry.domains({ uid: UID, now, accounts }), ...(options.domains ?? [])]
    const byName = new Map(domains.map((domain) => [domain.name, domain]))
    const subAccounts = openSubAccounts(byName, accounts, options.subAccounts ?? 0, now())
    const unifiedSubAccounts = openUnifiedSubAccounts(accounts, options.unifiedSubAccounts ?? 0, now())
    if (options.history !== undefined) {
      // Ends at `anchor` when one is given, so the same anchor writes the same rows at every start.
      const end = options.anchor ?? now()
      History.seed(byName, accounts, { uid: UID, unifiedUid: UNIFIED_UID, days: options.history, now: end })
    }
    const served: Array<(uid: string) => void> = []
    const app = Exchange.make({
      served: (uid) => {
        for (const listener of served) listener(uid)
      },
      endpoints: [...Registry.endpoints, ...(options.endpoints ?? [])],
      domains,
      keys: accounts.keys,
      accounts,
      faults,
      limits,
      anchor,
      traffic
    })
    const server = yield* NodeHttpServer.make(() => Http.createServer(), {
      port: options.port ?? 0,
      host: options.host ?? "127.0.0.1"
    })
    yield* server.serve(app)
    const spot = byName.get("spot")?.control as SpotControl | undefined
    const futures = byName.get("futures")?.control as FuturesControl | undefined
    const unified = byName.get("unified")?.control as UnifiedControl | undefined
    const ws = yield* Effect.acquireRelease(
      Effect.promise(() =>
        WsServer.start({
          host: options.host ?? "127.0.0.1",
          port: options.wsPort ?? 0,
          now,
          keys: accounts.keys,
          spot,
          futures,
          unified,
          settings: options.ws
        })
      ),
      (ws) => Effect.promise(() => ws.close())
    )
    served.push((uid) => ws.sweep(uid))
    // A price that moves fills resting orders: push those changes at once rather than on the next tick.
    spot?.world.priceListeners.push(() => ws.sweep())
    futures?.world.markListeners.push(() => ws.sweep())
    const address = server.address
    const url = address._tag === "TcpAddress"
      ? `http://${address.hostname}:${address.port}`
      : HttpServer.formatAddress(address)
    const service: Service = {
      url,
      uid: UID,
      credentials: {
        apiKey: Redacted.make(account.apiKey),
        secret: Redacted.make(secret),
        passphrase: Redacted.make(passphrase)
      },
      unified: {
        uid: UNIFIED_UID,
        credentials: {
          apiKey: Redacted.make(unifiedAccount.apiKey),
          secret: Redacted.make(unifiedSecret),
          passphrase: Redacted.make(passphrase)
        },
        subAccounts: unifiedSubAccounts.map(({ key, uid }) => ({ uid, credentials: credentialsOf(key) }))
      },
      rsa: {
        apiKey: Redacted.make(rsaAccount.apiKey),
        secret: Redacted.make(""),
        passphrase: Redacted.make(passphrase),
        privateKey: Redacted.make(pair.privateKey)
      },
      faults,
      limits,
      traffic,
      anchor,
      subAccounts: subAccounts.map(({ key, uid }) => ({ uid, credentials: credentialsOf(key) })),
      accounts,
      domains: byName,
      wsUrl: ws.url,
      ws: ws.control
    }
    return service
  })

/** Starts the simulator on loopback for the life of the layer. */
export const layer = (options: Options = {}): Layer.Layer<Simulator, HttpServerError.ServeError> =>
  Layer.scoped(Simulator, make(options))

/** The `control` object of a domain (typed by its caller), e.g. `control<SpotControl>("spot")`. */
export const control = <A>(name: string): Effect.Effect<A, never, Simulator> =>
  Effect.flatMap(Simulator, (simulator) => {
    const domain = simulator.domains.get(name)
    return domain?.control === undefined
      ? Effect.dieMessage(`the simulator has no control for domain ${name}`)
      : Effect.succeed(domain.control as A)
  })

export interface ClientOptions {
  readonly demo?: boolean
  /** What the client's limiter does when a bucket is empty, or `none`: no client-side limiter. */
  readonly limiter?: BitgetConfig.LimiterPolicy | "none"
  /** Sign with the simulator's RSA key instead of HMAC (or with this private key, as its RSA API key). */
  readonly rsa?: boolean | Redacted.Redacted<string>
  /** Leave out credentials (public endpoints only). */
  readonly anonymous?: boolean
  /** Sign as the simulator's unified (UTA) main account (`Service.unified`). */
  readonly unified?: boolean
  /** Sign as another account of the simulator (a key issued by `accounts.issueKey`, or a domain). */
  readonly key?: IssuedKey
  /** Sign as the sub-account opened at the start with this index (`Options.subAccounts`, from 0). */
  readonly subAccount?: number
  /** Sign as the unified sub-account opened at the start with this index (`Options.unifiedSubAccounts`, from 0). */
  readonly unifiedSubAccount?: number
  /** The transport; default `Transport.layerUndici`, the one recommended on Node. */
  readonly transport?: Layer.Layer<Transport.Transport>
  /** Records the client's `Metrics` (config `metrics`). */
  readonly metrics?: boolean
}

/** A `BitgetClient` pointed at the simulator, over `Transport.layerUndici` unless told otherwise. */
export const layerClient = (options: ClientOptions = {}): Layer.Layer<BitgetClient.BitgetClient, never, Simulator> =>
  Layer.unwrapEffect(Effect.map(Simulator, (simulator) => {
    const sub = options.subAccount !== undefined
      ? simulator.subAccounts[options.subAccount]
      : options.unifiedSubAccount !== undefined
      ? simulator.unified.subAccounts[options.unifiedSubAccount]
      : undefined
    if (options.subAccount !== undefined && sub === undefined) {
      throw new Error(`layerClient: the simulator opened no sub-account ${options.subAccount}`)
    }
    if (options.unifiedSubAccount !== undefined && sub === undefined) {
      throw new Error(`layerClient: the simulator opened no unified sub-account ${options.unifiedSubAccount}`)
    }
    const credentials = sub !== undefined
      ? sub.credentials
      : options.key !== undefined
      ? {
        apiKey: Redacted.make(options.key.apiKey),
        secret: Redacted.make(options.key.secret),
        passphrase: Redacted.make(options.key.passphrase)
      }
      : options.unified
      ? simulator.unified.credentials
      : options.rsa
      ? simulator.rsa
      : simulator.credentials
    const config = {
      baseUrl: simulator.url,
      credentials: options.anonymous ? undefined : credentials,
      demo: options.demo ?? false,
      limiter: options.limiter === undefined || options.limiter === "none" ? "delay" as const : options.limiter,
      metrics: options.metrics ?? false
    }
    const signer = options.rsa
      ? HttpSigner.layerRsa(options.rsa === true ? simulator.rsa.privateKey : options.rsa)
      : HttpSigner.layerHmac
    return BitgetClient.layer.pipe(
      Layer.provide(Layer.mergeAll(signer, options.limiter === "none" ? Limiter.layerNone : Limiter.layerMemory)),
      Layer.provide(Layer.merge(BitgetConfig.layer(config), options.transport ?? Transport.layerUndici))
    )
  }))

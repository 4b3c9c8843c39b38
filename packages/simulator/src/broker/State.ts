/**
 * The broker domain's state beside the accounts registry: what the registry does not hold of a
 * virtual or broker sub-account (its name, email, language, automatic transfers, deposit
 * addresses) and the rules shared by the routes: who owns a sub-account, its rows, its keys.
 * Accounts, their status and permissions, and keys live in the registry (`Accounts`), where the
 * exchange reads them on every call.
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import type { AccountRecord, Accounts, IssuedKey } from "../Accounts.js"
import type * as Auth from "../Auth.js"
import { reject, type Rejection } from "../Rejection.js"

/**
 * Sub-accounts a main account may open: 20 virtual ones ("You can create up to 20
 * sub-accounts", https://www.bitget.com/api-doc/common/vsubaccount/Batch-Create-Virtual-Subaccount-And-Apikey);
 * a broker's quota is the broker's own (`maxSubAccountSize` of the info endpoint; 100 here, assumed).
 */
export const MAX_VIRTUAL = 20
export const MAX_BROKER = 100
/**
 * Keys per sub-account: 10 ("Every sub-account can create up to 10 API Key", the batch page;
 * error 40063 "API key count limit reached").
 */
export const MAX_KEYS = 10

/** New virtual sub-accounts may trade spot and futures (the create page). */
export const VIRTUAL_DEFAULT = ["spot_trade", "contract_trade"] as const
/** New broker sub-accounts may do everything (the create page's sample). */
export const BROKER_DEFAULT = ["read", "spot_trade", "contract_trade", "transfer", "withdraw", "deposit"] as const

export interface SubInfo {
  readonly uid: string
  /** `abcdefgh@virtual-bitget.com`, or `desk@broker_<parent>`. */
  readonly name: string
  email: string | undefined
  language: string
  /** Coin → where its deposits go (`spot`, `usdt-futures`, …). */
  readonly autoTransfer: Map<string, string>
}

export const codes = {
  nameTaken: "40060",
  tooManySubs: "40069",
  notOwned: "40066",
  keyNotFound: "40065",
  tooManyKeys: "40063",
  passphrase: "40017",
  duplicateName: "40071",
  permission: "40014",
  duplicateClientOid: "43118",
  labelTaken: "40108"
} as const

export const time = (ms: number) => DateTime.unsafeMake(ms)

/** A secret as lists show it. */
export const MASKED = "********"

export class State {
  readonly subs = new Map<string, SubInfo>()
  /** `uid|coin|chain` → address row. */
  readonly addresses = new Map<string, { readonly address: string; readonly tag: string; readonly cTime: number }>()
  readonly withdrawalClientOids = new Set<string>()
  uTime = 0

  constructor(readonly accounts: Accounts) {}

  /** The names taken, lower case. */
  private taken(): Set<string> {
    return new Set([...this.subs.values()].map((s) => s.name.split("@")[0]!.toLowerCase()))
  }

  isTaken(name: string): boolean {
    return this.taken().has(name.toLowerCase())
  }

  /** Opens a sub-account of `kind` under `parentUid`. */
  open(parentUid: string, kind: "virtual" | "broker", name: string, label: string | undefined, now: number) {
    const record = this.accounts.open({ parentUid, kind, label: label ?? "", now })
    record.permissions = kind === "virtual" ? [...VIRTUAL_DEFAULT] : [...BROKER_DEFAULT]
    const info: SubInfo = {
      uid: record.uid,
      name: kind === "virtual" ? `${name.toLowerCase()}@virtual-bitget.com` : `${name}@broker_${parentUid}`,
      email: undefined,
      language: "en_US",
      autoTransfer: new Map()
    }
    this.subs.set(record.uid, info)
    this.uTime = now
    return { record, info }
  }

  /** `parentUid`'s sub-accounts of `kind`, newest (highest uid) first. */
  list(parentUid: string, kind: "virtual" | "broker"): ReadonlyArray<AccountRecord> {
    return [...this.accounts.subAccounts(parentUid, kind)].sort((a, b) => Number(b.uid) - Number(a.uid))
  }

  /** The caller's own sub-account of `kind`, or 40066. */
  owned(
    parentUid: string,
    uid: string,
    kind: "virtual" | "broker"
  ): Effect.Effect<{ record: AccountRecord; info: SubInfo }, Rejection> {
    const record = this.accounts.accounts.get(uid)
    const info = this.subs.get(uid)
    return record !== undefined && info !== undefined && record.parentUid === parentUid && record.kind === kind
      ? Effect.succeed({ record, info })
      : reject(codes.notOwned, `subUid ${uid} is not a ${kind} sub-account of this account`)
  }

  /** Issues a key for a sub-account, up to `MAX_KEYS`. */
  issue(
    uid: string,
    options: {
      readonly passphrase: string
      readonly permissions: ReadonlyArray<string>
      readonly ips: ReadonlyArray<string> | undefined
      readonly label: string | undefined
      readonly permType?: "read_and_write" | "readonly" | undefined
      readonly now: number
    }
  ): Effect.Effect<IssuedKey, Rejection> {
    if (this.accounts.keysOf(uid).length >= MAX_KEYS) {
      return reject(codes.tooManyKeys, `a sub-account has at most ${MAX_KEYS} API keys`)
    }
    const issued = this.accounts.issueKey(uid, options)
    if (options.permType !== undefined) {
      const key = this.accounts.keys.get(issued.apiKey)!
      this.accounts.keys.set(issued.apiKey, { ...key, permType: options.permType })
    }
    return Effect.succeed(issued)
  }

  /** The key `apiKey` of sub-account `uid` with the right passphrase, or a refusal. */
  key(uid: string, apiKey: string, passphrase: string): Effect.Effect<Auth.Key, Rejection> {
    const key = this.accounts.keys.get(apiKey)
    if (key === undefined || key.account.uid !== uid) {
      return reject(codes.keyNotFound, `API key ${apiKey} of sub-account ${uid} does not exist`)
    }
    if (key.passphrase !== passphrase) return reject(codes.passphrase, "passphrase does not match the API key")
    return Effect.succeed(key)
  }

  /** The deposit address of a sub-account for a coin and chain, made once and kept. */
  address(uid: string, coin: string, chain: string, now: number) {
    const id = `${uid}|${coin.toUpperCase()}|${chain.toUpperCase()}`
    let row = this.addresses.get(id)
    if (row === undefined) {
      const digest = Crypto.createHash("sha256").update(id).digest("hex")
      const format = FORMATS[chain.toUpperCase()] ?? FORMATS.ERC20!
      row = {
        address: format.address(digest),
        tag: format.tag ? digest.slice(0, 9).replace(/\D/g, "7") : "",
        cTime: now
      }
      this.addresses.set(id, row)
    }
    const format = FORMATS[chain.toUpperCase()] ?? FORMATS.ERC20!
    return { ...row, url: format.url }
  }
}

/** A coin's main chain (the default when `chain` is left out). */
export const mainChain = (coin: string): string => MAIN_CHAINS[coin.toUpperCase()] ?? "ERC20"

const MAIN_CHAINS: Readonly<Record<string, string>> = {
  BTC: "BTC",
  ETH: "ERC20",
  USDT: "TRC20",
  USDC: "ERC20",
  TRX: "TRC20",
  XRP: "XRP",
  LTC: "LTC",
  SOL: "SOL"
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const base58 = (hex: string, length: number) =>
  Array.from({ length }, (_, i) => BASE58[parseInt(hex.slice(i * 2, i * 2 + 2) || "0", 16) % 58]).join("")

/** Address formats and explorers per chain. */
const FORMATS: Readonly<
  Record<string, { readonly address: (digest: string) => string; readonly url: string; readonly tag?: boolean }>
> = {
  ERC20: { address: (d) => `0x${d.slice(0, 40)}`, url: "https://etherscan.io/tx/" },
  TRC20: { address: (d) => `T${base58(d, 33)}`, url: "https://tronscan.org/#/transaction/" },
  BTC: { address: (d) => `bc1q${d.slice(0, 38)}`, url: "https://www.blockchain.com/explorer/transactions/btc/" },
  LTC: { address: (d) => `ltc1q${d.slice(0, 38)}`, url: "https://blockchair.com/litecoin/transaction/" },
  SOL: { address: (d) => base58(d, 32) + base58(d.slice(10), 12), url: "https://solscan.io/tx/" },
  XRP: { address: (d) => `r${base58(d, 33)}`, url: "https://xrpscan.com/tx/", tag: true }
}

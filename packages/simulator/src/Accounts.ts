/**
 * The simulator's accounts and their API keys: the main account, and the accounts and keys that
 * domains create at run time (virtual sub-accounts, broker sub-accounts, seeded copy-trading
 * followers). Signed requests are verified against `keys`; a key carries its permissions and an
 * account its status, so domains and the exchange can refuse what Bitget refuses.
 */
import * as Crypto from "node:crypto"
import type * as Auth from "./Auth.js"

export type AccountStatus = "normal" | "freeze"

/**
 * Which API the account speaks: `classic` (V2; a V3 private call gets 40084) or `unified` (UTA,
 * V3; a private V2 call gets 40085). See `unified/Mode.ts`.
 */
export type AccountMode = "classic" | "unified"

export interface AccountRecord {
  readonly uid: string
  /** The main account a sub-account belongs to; `undefined` for a main account. */
  readonly parentUid: string | undefined
  /** `virtual`, `broker`, `follower`, … : who created it, for listing. */
  readonly kind: string
  label: string
  status: AccountStatus
  /** Classic or unified; `undefined` is Classic (every account before unified ones existed). */
  mode?: AccountMode | undefined
  /**
   * What the account may do (Bitget's permission names); every key of it is bounded by these.
   * `undefined`: anything its keys may.
   */
  permissions?: ReadonlyArray<string> | undefined
  readonly createdAt: number
  uTime: number
}

/** What a created key hands back once: the caller signs with these. */
export interface IssuedKey {
  readonly apiKey: string
  readonly secret: string
  readonly passphrase: string
}

export class Accounts {
  readonly accounts = new Map<string, AccountRecord>()
  /** Every key the exchange accepts, by `ACCESS-KEY`. */
  readonly keys = new Map<string, Auth.Key>()
  private nextUid: number

  constructor(mainUid: string) {
    this.nextUid = Number(mainUid) + 1
    this.accounts.set(mainUid, {
      uid: mainUid,
      parentUid: undefined,
      kind: "main",
      label: "main",
      status: "normal",
      createdAt: 0,
      uTime: 0
    })
  }

  /** Registers a key as it is (the simulator's own fixed test keys). */
  register(key: Auth.Key): void {
    this.keys.set(key.account.apiKey, key)
  }

  /** Opens an account (a sub-account when `parentUid` is given); its uid is new and numeric. */
  open(options: {
    readonly parentUid?: string | undefined
    readonly kind: string
    readonly label?: string
    readonly now: number
    readonly mode?: AccountMode
    /** A fixed uid (the simulator's own accounts), outside the range `open` counts through. */
    readonly uid?: string
  }): AccountRecord {
    const uid = options.uid ?? String(this.nextUid++)
    const record: AccountRecord = {
      uid,
      parentUid: options.parentUid,
      kind: options.kind,
      label: options.label ?? "",
      status: "normal",
      mode: options.mode,
      createdAt: options.now,
      uTime: options.now
    }
    this.accounts.set(uid, record)
    return record
  }

  /** Creates an HMAC key for `uid`; `permissions` undefined means every permission. */
  issueKey(uid: string, options: {
    readonly passphrase: string
    readonly permissions?: ReadonlyArray<string> | undefined
    readonly ips?: ReadonlyArray<string> | undefined
    readonly label?: string | undefined
    readonly now: number
  }): IssuedKey {
    const apiKey = "bg_sim_" + Crypto.randomBytes(12).toString("hex")
    const secret = Crypto.randomBytes(24).toString("hex")
    this.keys.set(apiKey, {
      account: { uid, apiKey },
      passphrase: options.passphrase,
      verify: { _tag: "Hmac", secret },
      permissions: options.permissions,
      ips: options.ips,
      label: options.label ?? "",
      createdAt: options.now
    })
    return { apiKey, secret, passphrase: options.passphrase }
  }

  /** The keys of one account. */
  keysOf(uid: string): ReadonlyArray<Auth.Key> {
    return [...this.keys.values()].filter((key) => key.account.uid === uid)
  }

  /** Replaces a key's permissions (or ips, label); takes effect on the next call. */
  updateKey(apiKey: string, change: Partial<Pick<Auth.Key, "permissions" | "ips" | "label">>): Auth.Key | undefined {
    const key = this.keys.get(apiKey)
    if (key === undefined) return undefined
    const updated: Auth.Key = { ...key, ...change }
    this.keys.set(apiKey, updated)
    return updated
  }

  /** Deletes a key: later calls with it fail as an unknown key. */
  deleteKey(apiKey: string): boolean {
    return this.keys.delete(apiKey)
  }

  /** Whether `uid` is a sub-account (it starts with empty balances, funded by transfers). */
  isSubAccount(uid: string): boolean {
    return this.accounts.get(uid)?.parentUid !== undefined
  }

  /** Whether `uid` is a unified (UTA) account. */
  isUnified(uid: string): boolean {
    return this.accounts.get(uid)?.mode === "unified"
  }

  /**
   * Opens the demo side of a unified main account: a unified account of its own (`<uid>:demo`,
   * funded as a main account, trading on the demo id range) that V3 requests with `paptrading: 1`
   * act on instead of the live one (Bitget's UTA demo trading: "send header paptrading: 1",
   * https://www.bitget.com/api-doc/uta/guide; reference v3-unified-api.md §b.5).
   */
  openDemo(uid: string, now: number): AccountRecord {
    return this.open({ uid: `${uid}:demo`, kind: "demo", label: "demo", now, mode: "unified" })
  }

  /** The demo side of `uid` (`openDemo`), or `undefined` when it has none. */
  demoOf(uid: string): string | undefined {
    const demo = `${uid}:demo`
    return this.accounts.has(demo) ? demo : undefined
  }

  /** The sub-accounts of a main account, in creation order. */
  subAccounts(parentUid: string, kind?: string): ReadonlyArray<AccountRecord> {
    return [...this.accounts.values()].filter((record) =>
      record.parentUid === parentUid && (kind === undefined || record.kind === kind)
    )
  }
}

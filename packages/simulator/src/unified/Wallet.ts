/**
 * The V3 wallet's state: deposits (and which account a coin's deposits credit), withdrawals with
 * their cooling-off period, transfers between account types and between a main account and its
 * sub-accounts, and withdrawal address books. Money itself lives in `Funds`.
 */
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import type { Accounts } from "../Accounts.js"
import { codes, reject, type Rejection } from "../Rejection.js"
import { type Dec, type Funds, shift } from "./Funds.js"

/** How long a new withdrawal can still be cancelled before it is sent (simulator's choice). */
export const COOLING_OFF_MS = 60_000

export interface DepositRow {
  readonly orderId: string
  readonly uid: string
  readonly coin: string
  readonly size: Dec
  readonly chain: string
  readonly dest: "on_chain" | "internal_transfer"
  readonly fromAddress: string
  readonly toAddress: string
  readonly createdTime: number
}

export interface WithdrawalRow {
  readonly orderId: string
  readonly uid: string
  readonly clientOid: string | undefined
  readonly coin: string
  readonly size: Dec
  readonly fee: Dec
  readonly chain: string
  readonly dest: "on_chain" | "internal_transfer"
  readonly toAddress: string
  readonly tag: string | undefined
  /** Where the amount was taken from, so a cancellation returns it there. */
  readonly drawn: ReadonlyArray<readonly [string, Dec]>
  status: "pending" | "success" | "fail"
  readonly createdTime: number
  updatedTime: number
}

export interface TransferRow {
  readonly transferId: string
  readonly clientOid: string | undefined
  readonly fromType: string
  readonly toType: string
  readonly amount: Dec
  readonly coin: string
  readonly fromUserId: string
  readonly toUserId: string
  /** Who asked for it (a main account for sub-transfers, a sub-account for sub-master ones). */
  readonly initiator: string
  readonly createdTime: number
}

export interface AddressRow {
  readonly uid: string
  readonly coin: string
  readonly chain: string
  readonly address: string
  readonly label: string
  readonly type: "EVM" | "regular" | "universal" | "internal"
  readonly createdTime: number
}

/** Where deposits of a coin go: the account type `setDepositAccount` names. */
const DEPOSIT_TYPE: Readonly<Record<string, string>> = { unified: "uta", funding: "spot", otc: "otc" }

/** The chain picked when a deposit address is asked for without one. */
const defaultChain = (coin: string) => coin === "USDT" ? "trc20" : coin === "BTC" ? "btc" : "erc20"

export class WalletState {
  readonly deposits: Array<DepositRow> = []
  readonly withdrawals: Array<WithdrawalRow> = []
  readonly transfers: Array<TransferRow> = []
  readonly addresses: Array<AddressRow> = []
  /** `uid:coin` → account type deposits credit. */
  readonly depositAccount = new Map<string, string>()
  private next = 1_300_000_000_000_000_000n

  constructor(readonly funds: Funds, readonly accounts: Accounts) {}

  id(): string {
    this.next += 1n
    return String(this.next)
  }

  /** A stable deposit address of `uid` for `coin` on `chain`. */
  address(uid: string, coin: string, chain: string | undefined) {
    const picked = chain !== undefined && chain !== "" ? chain.toLowerCase() : defaultChain(coin)
    const hash = Crypto.createHash("sha256").update(`${uid}:${coin}:${picked}`).digest("hex")
    return { address: "0x" + hash.slice(0, 40), chain: picked, coin, tag: "", url: "" }
  }

  /** Where deposits of `coin` to `uid` are credited. */
  depositType(uid: string, coin: string): string {
    return DEPOSIT_TYPE[this.depositAccount.get(`${uid}:${coin}`) ?? "unified"] ?? "uta"
  }

  /** A deposit arriving: credited to the account `setDepositAccount` chose (the unified one by default). */
  deposit(uid: string, coin: string, size: Dec, time: number, dest: "on_chain" | "internal_transfer" = "on_chain") {
    const row: DepositRow = {
      orderId: this.id(),
      uid,
      coin,
      size,
      chain: defaultChain(coin),
      dest,
      fromAddress: "0x" + "5".repeat(40),
      toAddress: this.address(uid, coin, undefined).address,
      createdTime: time
    }
    this.deposits.push(row)
    return Effect.as(this.funds.move(uid, this.depositType(uid, coin), coin, size, time, ["deposit", "deposit"]), row)
  }

  /** Withdrawals past their cooling-off period are sent. */
  settle(now: number) {
    for (const row of this.withdrawals) {
      if (row.status === "pending" && now >= row.createdTime + COOLING_OFF_MS) {
        row.status = "success"
        row.updatedTime = row.createdTime + COOLING_OFF_MS
      }
    }
  }

  /** Takes `size` from the accounts named, in order; all or nothing (25202 when they fall short). */
  withdraw(
    uid: string,
    args: {
      readonly coin: string
      readonly size: Dec
      readonly accounts: ReadonlyArray<string>
      readonly chain: string
      readonly dest: "on_chain" | "internal_transfer"
      readonly address: string
      readonly tag: string | undefined
      readonly clientOid: string | undefined
    },
    now: number
  ): Effect.Effect<WithdrawalRow, Rejection> {
    if (args.clientOid !== undefined && this.withdrawals.some((w) => w.uid === uid && w.clientOid === args.clientOid)) {
      return reject("25212", "Duplicate clientOid")
    }
    const drawn: Array<readonly [string, Dec]> = []
    let left = args.size
    for (const type of args.accounts.map((name) => DEPOSIT_TYPE[name] ?? name)) {
      if (!BD.isPositive(left)) break
      const have = this.funds.available(uid, type, args.coin)
      const take = BD.min(have, left)
      if (BD.isPositive(take)) {
        drawn.push([type, take])
        left = BD.subtract(left, take)
      }
    }
    if (BD.isPositive(left)) return reject("25202", `Insufficient balance of ${args.coin}`)
    return Effect.gen(this, function*() {
      for (const [type, amount] of drawn) {
        yield* this.funds.move(uid, type, args.coin, BD.negate(amount), now, ["withdraw", "withdraw"])
      }
      const row: WithdrawalRow = {
        orderId: this.id(),
        uid,
        clientOid: args.clientOid,
        coin: args.coin,
        size: args.size,
        fee: BD.fromBigInt(0n),
        chain: args.chain,
        dest: args.dest,
        toAddress: args.address,
        tag: args.tag,
        drawn,
        status: "pending",
        createdTime: now,
        updatedTime: now
      }
      this.withdrawals.push(row)
      return row
    })
  }

  /** Cancels a pending withdrawal and returns its amount where it came from. */
  cancel(uid: string, orderId: string | undefined, clientOid: string | undefined, now: number) {
    this.settle(now)
    const row = this.withdrawals.find((w) =>
      w.uid === uid && (orderId !== undefined && orderId !== "" ? w.orderId === orderId : w.clientOid === clientOid)
    )
    if (row === undefined) return reject("25204", "The withdrawal does not exist")
    if (row.status !== "pending") {
      return reject(codes.parameter, "The withdrawal is past its cooling-off period and cannot be cancelled")
    }
    row.status = "fail"
    row.updatedTime = now
    return Effect.forEach(
      row.drawn,
      ([type, amount]) => this.funds.move(uid, type, row.coin, amount, now, ["withdraw", "withdraw-cancel"]),
      { discard: true }
    )
  }

  /** Moves funds and records the transfer. */
  transfer(
    args: Omit<TransferRow, "transferId" | "createdTime">,
    now: number
  ): Effect.Effect<TransferRow, Rejection> {
    // A repeated clientOid is answered with the first transfer and moves nothing (as V2's transfer).
    const first = args.clientOid === undefined
      ? undefined
      : this.transfers.find((t) => t.initiator === args.initiator && t.clientOid === args.clientOid)
    if (first !== undefined) return Effect.succeed(first)
    const row: TransferRow = { ...args, transferId: this.id(), createdTime: now }
    return Effect.as(
      Effect.tap(
        shift(
          this.funds,
          { uid: args.fromUserId, type: args.fromType },
          { uid: args.toUserId, type: args.toType },
          args.coin,
          args.amount,
          now
        ),
        () => Effect.sync(() => this.transfers.push(row))
      ),
      row
    )
  }

  /** The address book of `uid`, seeded on first sight with a few regular and internal entries. */
  book(uid: string, now: number): ReadonlyArray<AddressRow> {
    if (!this.addresses.some((row) => row.uid === uid)) {
      const coins = ["USDT", "BTC", "ETH"]
      for (let i = 0; i < 24; i++) {
        const coin = coins[i % coins.length]!
        const internal = i % 6 === 5
        this.addresses.push({
          uid,
          coin,
          chain: internal ? "" : defaultChain(coin),
          address: internal ? String(2_000_000_100 + i) : this.address(`book-${uid}`, coin, String(i)).address,
          label: `address ${i + 1}`,
          type: internal ? "internal" : "regular",
          createdTime: now - (i + 1) * 3_600_000
        })
      }
    }
    return this.addresses.filter((row) => row.uid === uid)
  }
}

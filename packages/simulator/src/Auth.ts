/**
 * The exchange's checks on a signed request: the four `ACCESS-*` headers, a known key and its
 * passphrase, a timestamp within 30 s of the server's clock, and the signature (HMAC-SHA256 or
 * SHA256withRSA, by the key's kind) over the raw query string and body exactly as received.
 */
import { prehash } from "@effect-bitget/core/HttpSigner"
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import type { Account } from "./Domain.js"
import { codes, reject, type Rejection } from "./Rejection.js"

export interface Key {
  readonly account: Account
  readonly passphrase: string
  /** HMAC secret, or the registered RSA public key. */
  readonly verify: { readonly _tag: "Hmac"; readonly secret: string } | {
    readonly _tag: "Rsa"
    readonly publicKey: Crypto.KeyObject
  }
  /** Bitget's permission names (`read`, `spot_trade`, `contract_trade`, …); `undefined`: all. */
  readonly permissions?: ReadonlyArray<string> | undefined
  /** A broker key's type: `readonly` keys are refused every write. */
  readonly permType?: "read_and_write" | "readonly" | undefined
  /** IP allow-list; `undefined` or empty: any. */
  readonly ips?: ReadonlyArray<string> | undefined
  readonly label?: string | undefined
  readonly createdAt?: number | undefined
}

/** The tolerance between the request timestamp and the server's clock. */
export const WINDOW_MS = 30_000

const DIGITS = /^\d{1,16}$/

export interface Signed {
  readonly method: string
  readonly path: string
  readonly query: string
  readonly body: string
  readonly header: (name: string) => string | undefined
}

/** Verifies a signed request against the registered keys; the account it belongs to. */
export const verify = (
  keys: ReadonlyMap<string, Key>,
  request: Signed,
  now: number
): Effect.Effect<Account, Rejection> => {
  const apiKey = request.header("access-key")
  const sign = request.header("access-sign")
  const timestamp = request.header("access-timestamp")
  const passphrase = request.header("access-passphrase")
  if (!apiKey) return reject(codes.keyMissing, "ACCESS_KEY cannot be empty")
  if (!sign) return reject(codes.signMissing, "ACCESS_SIGN cannot be empty")
  if (!timestamp || !DIGITS.test(timestamp)) return reject(codes.timestampInvalid, "Invalid ACCESS_TIMESTAMP")
  if (!passphrase) return reject(codes.passphraseMissing, "ACCESS_PASSPHRASE cannot be empty")
  const key = keys.get(apiKey)
  if (key === undefined) return reject(codes.keyInvalid, "Invalid ACCESS_KEY")
  if (key.passphrase !== passphrase) return reject(codes.passphraseWrong, "apikey/password is incorrect")
  if (Math.abs(now - Number(timestamp)) > WINDOW_MS) return reject(codes.timestampExpired, "Request timestamp expired")
  const text = prehash({
    timestamp,
    method: request.method,
    path: request.path,
    query: request.query,
    body: request.body
  })
  const ok = key.verify._tag === "Hmac"
    ? safeEqual(Crypto.createHmac("sha256", key.verify.secret).update(text).digest("base64"), sign)
    : Crypto.verify("sha256", Buffer.from(text), key.verify.publicKey, Buffer.from(sign, "base64"))
  return ok ? Effect.succeed(key.account) : reject(codes.signatureInvalid, "sign signature error")
}

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && Crypto.timingSafeEqual(left, right)
}

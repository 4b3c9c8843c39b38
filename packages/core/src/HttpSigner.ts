/**
 * Signs a request: `ACCESS-SIGN` is HMAC-SHA256 (default) or SHA256withRSA (RSASSA-PKCS1-v1_5,
 * for user-generated RSA keys) over `timestamp + METHOD + path (+ "?" + query) + body`, Base64.
 * The query and body given here are the exact strings sent; the caller builds them once.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import { BitgetConfig } from "./BitgetConfig.js"

export interface SignInput {
  /** Epoch ms as sent in `ACCESS-TIMESTAMP`. */
  readonly timestamp: string
  readonly method: string
  readonly path: string
  /** The query string without `?`, or `""`. */
  readonly query: string
  /** The body text, or `""`. */
  readonly body: string
}

export interface SignedHeaders {
  readonly "ACCESS-KEY": string
  readonly "ACCESS-SIGN": string
  readonly "ACCESS-TIMESTAMP": string
  readonly "ACCESS-PASSPHRASE": string
}

export interface Service {
  /** `None` when the config has no credentials: signed endpoints then fail locally. */
  readonly sign: Option.Option<(input: SignInput) => SignedHeaders>
}

export class HttpSigner extends Context.Tag("@effect-bitget/core/HttpSigner")<HttpSigner, Service>() {}

/** The string Bitget signs. */
export const prehash = (input: SignInput): string =>
  input.timestamp + input.method.toUpperCase() + input.path + (input.query === "" ? "" : "?" + input.query) +
  input.body

/** HMAC-SHA256 of the prehash with the secret, Base64. */
export const hmac = (secret: string, input: SignInput): string =>
  Crypto.createHmac("sha256", secret).update(prehash(input)).digest("base64")

/** SHA256withRSA (PKCS#1 v1.5) of the prehash with a private key, Base64. */
export const rsa = (privateKey: Crypto.KeyObject, input: SignInput): string =>
  Crypto.sign("sha256", Buffer.from(prehash(input)), privateKey).toString("base64")

const headers = (apiKey: string, passphrase: string, timestamp: string, sign: string): SignedHeaders => ({
  "ACCESS-KEY": apiKey,
  "ACCESS-SIGN": sign,
  "ACCESS-TIMESTAMP": timestamp,
  "ACCESS-PASSPHRASE": passphrase
})

/** HMAC signing with the config's key, secret and passphrase. */
export const layerHmac: Layer.Layer<HttpSigner, never, BitgetConfig> = Layer.effect(
  HttpSigner,
  Effect.map(BitgetConfig, (config) => ({
    sign: Option.map(config.credentials, (credentials) => {
      const apiKey = Redacted.value(credentials.apiKey)
      const secret = Redacted.value(credentials.secret)
      const passphrase = Redacted.value(credentials.passphrase)
      return (input: SignInput) => headers(apiKey, passphrase, input.timestamp, hmac(secret, input))
    })
  }))
)

/**
 * RSA signing with a PEM private key (PKCS#8 or PKCS#1) registered on the exchange as a
 * user-generated key; the config's key and passphrase are sent with it (its secret is unused).
 */
export const layerRsa = (privateKey: Redacted.Redacted<string>): Layer.Layer<HttpSigner, never, BitgetConfig> =>
  Layer.effect(
    HttpSigner,
    Effect.map(BitgetConfig, (config) => {
      const key = Crypto.createPrivateKey(Redacted.value(privateKey))
      return {
        sign: Option.map(config.credentials, (credentials) => {
          const apiKey = Redacted.value(credentials.apiKey)
          const passphrase = Redacted.value(credentials.passphrase)
          return (input: SignInput) => headers(apiKey, passphrase, input.timestamp, rsa(key, input))
        })
      }
    })
  )

/**
 * Where and as whom the client talks: base URL, credentials (`Redacted`, never logged), demo
 * trading (`paptrading: 1`), locale and what the rate limiter does when a bucket is empty.
 */
import * as Config from "effect/Config"
import * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"

export interface Credentials {
  readonly apiKey: Redacted.Redacted<string>
  readonly secret: Redacted.Redacted<string>
  readonly passphrase: Redacted.Redacted<string>
}

/** `delay` waits for room in the bucket; `fail` fails at once with a `RateLimitError`. */
export type LimiterPolicy = "delay" | "fail"

export interface Service {
  readonly baseUrl: string
  readonly credentials: Option.Option<Credentials>
  /** Adds `paptrading: 1` to every request: the account's demo trading. */
  readonly demo: boolean
  /** `locale` header: the language of `msg` (`en-US`, `zh-CN`). */
  readonly locale: string
  readonly limiter: LimiterPolicy
  /**
   * How long one request may wait for its whole answer (headers and body) before it fails with
   * a `TransportError` (`timedOut`); a single call may set its own with `BitgetClient.withTimeout`.
   */
  readonly timeout: Duration.Duration
  /** The largest answer read (bytes); a larger one fails with `MalformedResponse` unread. */
  readonly maxResponseBytes: number
  /**
   * Records the client's metrics (`Metrics`: calls, durations, retries, limiter waits, stream
   * rows). Off by default; read once when the client is built, so off costs a call nothing.
   */
  readonly metrics: boolean
}

/** The default cap on an answer's size: 32 MiB (Bitget's largest lists are a few MB). */
export const defaultMaxResponseBytes = 32 * 1024 * 1024

/** The default per-request timeout. */
export const defaultTimeout: Duration.Duration = Duration.seconds(10)

export const liveBaseUrl = "https://api.bitget.com"

export class BitgetConfig extends Context.Tag("@effect-bitget/core/BitgetConfig")<BitgetConfig, Service>() {}

export interface Options {
  readonly baseUrl?: string | undefined
  readonly credentials?: Credentials | undefined
  readonly demo?: boolean | undefined
  readonly locale?: string | undefined
  readonly limiter?: LimiterPolicy | undefined
  /** Per-request timeout; 10 seconds when left out. */
  readonly timeout?: Duration.DurationInput | undefined
  /** Cap on an answer's size in bytes; 32 MiB when left out. */
  readonly maxResponseBytes?: number | undefined
  /** Records the client's metrics (see `Metrics`); off when left out. */
  readonly metrics?: boolean | undefined
}

/** A config from values. */
export const make = (options: Options = {}): Service => ({
  baseUrl: (options.baseUrl ?? liveBaseUrl).replace(/\/+$/, ""),
  credentials: Option.fromNullable(options.credentials),
  demo: options.demo ?? false,
  locale: options.locale ?? "en-US",
  limiter: options.limiter ?? "delay",
  timeout: options.timeout === undefined ? defaultTimeout : Duration.decode(options.timeout),
  maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
  metrics: options.metrics ?? false
})

export const layer = (options: Options = {}): Layer.Layer<BitgetConfig> => Layer.succeed(BitgetConfig, make(options))

const CREDENTIALS = ["BITGET_API_KEY", "BITGET_API_SECRET", "BITGET_API_PASSPHRASE"] as const

/**
 * The three credentials, all or none: a partial set is a `ConfigError` naming what is missing
 * (dropped silently, the first signed call would only say that no credentials are configured).
 */
const credentialsConfig: Config.Config<Option.Option<Credentials>> = Config.all(
  CREDENTIALS.map((name) => Config.option(Config.redacted(name)))
).pipe(
  Config.mapOrFail(([apiKey, secret, passphrase]) => {
    const set = [apiKey!, secret!, passphrase!]
    const missing = CREDENTIALS.filter((_, i) => Option.isNone(set[i]!))
    if (missing.length === 0 || missing.length === 3) {
      return Either.right(Option.map(Option.all({ apiKey, secret, passphrase }), (c) => c as Credentials))
    }
    const present = CREDENTIALS.filter((name) => !missing.includes(name))
    return Either.left(ConfigError.MissingData(
      [missing[0]!],
      `${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} missing while ${present.join(" and ")} ${
        present.length === 1 ? "is" : "are"
      } set: set all three, or none (public endpoints only)`
    ))
  })
)

/**
 * A base URL is `http(s)://host[:port]` (a missing scheme was only found by the first call). The `//` is
 * required though the URL parser does without it for http(s) (`http:h:1` parses as `http://h:1`): the
 * transport finds the host after the `//` (session 15, a Stryker survivor of `Transport.ts`'s `split`).
 */
const checkBaseUrl = (text: string): Either.Either<string, ConfigError.ConfigError> => {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    // not a URL: `url` stays undefined
  }
  // An http(s) URL without a host does not parse ("https://" throws), so the host needs no test. The
  // parser also skips more slashes and reads `\` as `/` (`http:///h`, `http://\h` are `http://h`), where
  // the transport would read an empty host: the host's first character is neither.
  return url !== undefined && (url.protocol === "https:" || url.protocol === "http:") &&
      text.slice(url.protocol.length, url.protocol.length + 2) === "//" &&
      !"/\\".includes(text.charAt(url.protocol.length + 2))
    ? Either.right(text)
    : Either.left(ConfigError.InvalidData(
      ["BITGET_BASE_URL"],
      `expected an http(s) URL such as ${liveBaseUrl}, got ${JSON.stringify(text.slice(0, 100))}`
    ))
}

/**
 * Reads `BITGET_API_KEY`, `BITGET_API_SECRET`, `BITGET_API_PASSPHRASE` (all three or none: a
 * partial set fails with a `ConfigError` naming what is missing), `BITGET_BASE_URL` (an http(s)
 * URL, else a `ConfigError`), `BITGET_DEMO`, `BITGET_LOCALE`, `BITGET_LIMITER` (`delay` or `fail`) and
 * `BITGET_TIMEOUT` (a duration: `5 seconds`, `800 millis`), `BITGET_MAX_RESPONSE_BYTES` and
 * `BITGET_METRICS` (`true` records the client's metrics).
 */
export const config: Config.Config<Service> = Config.all({
  credentials: credentialsConfig,
  baseUrl: Config.string("BITGET_BASE_URL").pipe(Config.withDefault(liveBaseUrl), Config.mapOrFail(checkBaseUrl)),
  demo: Config.boolean("BITGET_DEMO").pipe(Config.withDefault(false)),
  locale: Config.string("BITGET_LOCALE").pipe(Config.withDefault("en-US")),
  limiter: Config.literal("delay", "fail")("BITGET_LIMITER").pipe(Config.withDefault("delay" as const)),
  timeout: Config.duration("BITGET_TIMEOUT").pipe(Config.withDefault(defaultTimeout)),
  maxResponseBytes: Config.integer("BITGET_MAX_RESPONSE_BYTES").pipe(Config.withDefault(defaultMaxResponseBytes)),
  metrics: Config.boolean("BITGET_METRICS").pipe(Config.withDefault(false))
}).pipe(
  Config.map((values) =>
    make({
      ...values,
      credentials: Option.getOrUndefined(values.credentials)
    })
  )
)

export const layerConfig: Layer.Layer<BitgetConfig, ConfigError.ConfigError> = Layer.effect(
  BitgetConfig,
  Effect.gen(function*() {
    return yield* config
  })
)

/**
 * effect-bitget: all of Bitget's APIs as typed Effects, in one install. Each line is a namespace
 * (`Spot.Trade.placeOrder`, `Futures.Position.allPosition`, `Unified` (V3) …), the
 * core's modules are here as they are in `@effect-bitget/core` (`BitgetClient`, `Decimal`,
 * `BitgetError` …), and `layer`/`layerConfig` build the whole client:
 *
 * ```ts
 * import { layerConfig, Spot } from "effect-bitget"
 * Effect.runPromise(Spot.Account.assets().pipe(Effect.provide(layerConfig))).then(console.log)
 * ```
 *
 * The per-line packages (`@effect-bitget/spot` …) stay, for those who want fewer bytes.
 */
export * from "@effect-bitget/core"

export * as Broker from "./Broker.js"
export * as Convert from "./Convert.js"
export * as CopyTrading from "./CopyTrading.js"
export * as Core from "./Core.js"
export * as Earn from "./Earn.js"
export * as Futures from "./Futures.js"
export * as Margin from "./Margin.js"
export * as P2P from "./P2P.js"
export * as Spot from "./Spot.js"
export * as Tax from "./Tax.js"
export * as Unified from "./Unified.js"
export * as WebSocket from "./WebSocket.js"

export { layer, layerConfig, transport, transportFetch } from "./Layer.js"

/**
 * The transport choice of `docs/performance.md` ("Which transport"): the region is copied into the
 * page by `pnpm docs`, and `test/guide.test.ts` signs a call through each layer against the simulator.
 */
// #region transports
import { BitgetClient, Transport } from "@effect-bitget/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { Layer } from "effect"

// Node
export const Bitget = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// Bun, Deno, browsers: any HttpClient
export const BitgetFetch = BitgetClient.layerConfig.pipe(
  Layer.provide(Transport.layerHttpClient.pipe(Layer.provide(FetchHttpClient.layer)))
)
// #endregion

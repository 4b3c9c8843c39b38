/** Futures (USDT-M, USDC-M and coin-M): everything `@effect-bitget/futures` exports (also importable alone from `@effect-bitget/futures`). */
export * from "@effect-bitget/futures"

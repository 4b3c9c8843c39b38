/** Earn products and crypto loans: everything `@effect-bitget/earn` exports (also importable alone from `@effect-bitget/earn`). */
export * from "@effect-bitget/earn"

/** Spot: everything `@effect-bitget/spot` exports (also importable alone from `@effect-bitget/spot`). */
export * from "@effect-bitget/spot"

/** Cross and isolated margin: everything `@effect-bitget/margin` exports (also importable alone from `@effect-bitget/margin`). */
export * from "@effect-bitget/margin"

/** Tax records: everything `@effect-bitget/tax` exports (also importable alone from `@effect-bitget/tax`). */
export * from "@effect-bitget/tax"

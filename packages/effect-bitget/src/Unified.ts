/** V3, the unified trading account: everything `@effect-bitget/unified` exports (also importable alone from `@effect-bitget/unified`). */
export * from "@effect-bitget/unified"

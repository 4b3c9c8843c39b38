/** Convert: everything `@effect-bitget/convert` exports (also importable alone from `@effect-bitget/convert`). */
export * from "@effect-bitget/convert"

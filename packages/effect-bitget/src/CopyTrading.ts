/** Copy trading: everything `@effect-bitget/copy-trading` exports (also importable alone from `@effect-bitget/copy-trading`). */
export * from "@effect-bitget/copy-trading"

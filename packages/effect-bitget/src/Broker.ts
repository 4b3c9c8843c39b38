/** Broker and virtual sub-accounts: everything `@effect-bitget/broker` exports (also importable alone from `@effect-bitget/broker`). */
export * from "@effect-bitget/broker"

/** The client and its services, values, errors and the public endpoints: everything `@effect-bitget/core` exports (also importable alone from `@effect-bitget/core`). */
export * from "@effect-bitget/core"

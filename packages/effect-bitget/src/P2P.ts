/** P2P: everything `@effect-bitget/p2p` exports (also importable alone from `@effect-bitget/p2p`). */
export * from "@effect-bitget/p2p"

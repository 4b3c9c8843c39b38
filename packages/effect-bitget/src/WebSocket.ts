/** WebSocket channels as Streams: everything `@effect-bitget/websocket` exports (also importable alone from `@effect-bitget/websocket`). */
export * from "@effect-bitget/websocket"

/**
 * @effect-bitget/websocket: Bitget's WebSocket channels (Classic V2 and unified V3) as Effect
 * Streams, over one connection service beside `BitgetClient`.
 */
export {}

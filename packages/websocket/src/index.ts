/**
 * @effect-bitget/websocket: Bitget's WebSocket channels (Classic V2 and unified V3) as Effect
 * Streams, over one connection service beside `BitgetClient`.
 */
export * as BitgetSocket from "./BitgetSocket.js"
export * as Book from "./Book.js"
export * as Channel from "./Channel.js"
export * as Fills from "./Fills.js"
export * as Holdings from "./Holdings.js"
export * as Orders from "./Orders.js"
export * as SocketError from "./SocketError.js"
export * as Trades from "./Trades.js"
export * as V2Private from "./V2Private.js"
export * as V2Public from "./V2Public.js"
export * as V2Trade from "./V2Trade.js"
export * as V3Private from "./V3Private.js"
export * as V3Public from "./V3Public.js"
export * as V3Trade from "./V3Trade.js"
export * as Values from "./Values.js"

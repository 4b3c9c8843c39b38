/**
 * effect-bitget core: the client and its services, shared value schemas, errors and the public
 * endpoints. Each module is a namespace: `BitgetClient.layerConfig`, `Decimal.Decimal` …
 */
export * as Absent from "./Absent.js"
export * as BitgetClient from "./BitgetClient.js"
export * as BitgetConfig from "./BitgetConfig.js"
export * as BitgetError from "./BitgetError.js"
export * as Decimal from "./Decimal.js"
export * as Delivery from "./Delivery.js"
export * as Demo from "./Demo.js"
export * as Endpoint from "./Endpoint.js"
export * as Envelope from "./Envelope.js"
export * as Flag from "./Flag.js"
export * as HttpSigner from "./HttpSigner.js"
export * as LegacySymbol from "./LegacySymbol.js"
export * as Limit from "./Limit.js"
export * as Limiter from "./Limiter.js"
export * as OpenEnum from "./OpenEnum.js"
export * as Operation from "./Operation.js"
export * as Pagination from "./Pagination.js"
export * as Public from "./Public.js"
export * as RateLimit from "./RateLimit.js"
export * as Timestamp from "./Timestamp.js"

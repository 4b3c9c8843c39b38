/**
 * @effect-bitget/simulator: a local Bitget-compatible exchange for tests, demos and users' own
 * tests, built from the same endpoint declarations as the client.
 */
export * as Accounts from "./Accounts.js"
export * as Domain from "./Domain.js"
export * as Faults from "./Faults.js"
export * as Generate from "./Generate.js"
export * as Registry from "./Registry.js"
export * as Rejection from "./Rejection.js"
export * as Simulator from "./Simulator.js"
export * as Wiretap from "./Wiretap.js"

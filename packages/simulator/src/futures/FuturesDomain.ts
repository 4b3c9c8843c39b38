/** The futures domain: contracts, accounts, positions, orders and plan orders. */
import type { Domain } from "../Domain.js"

export const make = (): Domain => ({ name: "futures", routes: [] })

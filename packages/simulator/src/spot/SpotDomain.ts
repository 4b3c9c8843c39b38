/** The spot domain: balances, orders that rest and fill, plan orders, transfers and bills. */
import type { Domain } from "../Domain.js"

export const make = (): Domain => ({ name: "spot", routes: [] })

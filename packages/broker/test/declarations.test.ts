/**
 * The package as a whole against the specification: every broker and `/user` line of it is
 * declared here, names follow the import paths, and the limits the specification gives hold.
 */
import * as Broker from "@effect-bitget/broker"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Fs from "node:fs"

const spec = Fs.readFileSync(new URL("../../../../shared/spec/endpoints.txt", import.meta.url), "utf8")

describe("the broker declarations", () => {
  const routes = new Set(Broker.endpoints.map(Endpoint.describe))

  it("cover the specification's 14 broker and 7 virtual sub-account lines", () => {
    const wanted = spec.split("\n").map((l) => l.trim()).filter((l) => /\/api\/v2\/(broker|user)\//.test(l))
    expect(wanted.length).toBe(21)
    expect(wanted.filter((line) => !routes.has(line))).toEqual([])
  })

  it("are named by their import path: broker.<module>.<operation>", () => {
    const modules: Record<string, Record<string, unknown>> = {
      brokerSubaccount: Broker.BrokerSubaccount,
      brokerApiKey: Broker.BrokerApiKey,
      virtualSubaccount: Broker.VirtualSubaccount,
      virtualSubaccountApiKey: Broker.VirtualSubaccountApiKey,
      commission: Broker.Commission,
      agent: Broker.Agent
    }
    for (const endpoint of Broker.endpoints) {
      const [line, module, operation] = endpoint.name.split(".")
      expect(line, endpoint.name).toBe("broker")
      const exported = modules[module!]?.[operation!] as { endpoint?: unknown } | undefined
      expect(exported?.endpoint, endpoint.name).toBe(endpoint)
    }
  })

  it("hold the specification's limits: 10/s per user for the virtual list, at most 500 a page", () => {
    const list = Broker.VirtualSubaccount.VirtualSubaccountList
    expect([list.rateLimit.limit, Duration.toMillis(list.rateLimit.window), list.rateLimit.key]).toEqual([
      10,
      1000,
      "uid"
    ])
    expect(list.pagination?.limit.max).toBe(500)
    expect(list.pagination?.cursor).toEqual({ _tag: "Field", param: "idLessThan", field: "endId", id: "subAccountUid" })
    expect(Broker.BrokerSubaccount.SubaccountList.pagination?.limit.max).toBe(100)
  })
})

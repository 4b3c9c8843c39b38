/**
 * `pnpm endpoints`: every declared endpoint, `METHOD /api/v2/path` a line, read from the
 * declarations themselves (the simulator's registry of every line), never from a kept list.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { Registry } from "@effect-bitget/simulator"

const lines = Registry.endpoints.map(Endpoint.describe).sort((a, b) => a.split(" ")[1]!.localeCompare(b.split(" ")[1]!))
process.stdout.write(lines.join("\n") + "\n")

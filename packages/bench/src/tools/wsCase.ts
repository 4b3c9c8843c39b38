/**
 * Case 6 alone, for comparisons: chosen clients at a chosen size, rounds interleaved, each
 * round's figures printed (nothing written to `results.json`).
 * Usage: `tsx src/tools/wsCase.ts <count> <rate> <rounds> <client,client…> [tick=1]` (the server's
 * tick in ms, `wsServer.ts`; 0: a write a push); `WS_PEAKS=1` prints each child's peak memory by heap
 * space, `WS_CHILD_FLAGS="--trace-gc-nvp"` passes node flags to the children.
 */
import * as WebSocketCase from "../cases/websocket.js"

const [count = "100000", rate = "100000", rounds = "1", clients = "raw-ws,effect-bitget,bitget-api", tick = "1"] =
  process.argv.slice(2)
console.log(`effect-bitget's user code: ${WebSocketCase.userCode()}`)
for (let round = 0; round < Number(rounds); round++) {
  const figures = await WebSocketCase.run({
    count: Number(count),
    rate: Number(rate),
    tick: Number(tick),
    rounds: 1,
    clients: clients.split(",")
  })
  for (const f of figures) {
    console.log(
      [
        f.client.padEnd(14),
        `${Math.round(f.messagesPerSecond)}/s`.padStart(10),
        `${f.cpuMicrosPerMessage.toFixed(2)} µs`.padStart(10),
        `main ${f.mainCpuMicrosPerMessage?.toFixed(2) ?? "?"} µs`.padStart(14),
        `seen ${f.seen}`.padStart(14),
        `${(f.peakRssBytes / 2 ** 20).toFixed(1)} MiB`.padStart(12)
      ].join(" ")
    )
  }
}

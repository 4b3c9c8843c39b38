/** A hostile server's answers to trade frames, shared by the order-entry tests. */
import type * as Server from "./server.js"

/** Answers V2 trade frames with an order id (the `skip` first ones are left unanswered). */
export const v2Answer = (skip = 0, code = 0) => {
  let seen = 0
  return (client: Server.Client, frame: any) => {
    if (seen++ < skip) return
    const arg = frame.args[0]
    client.socket.send(JSON.stringify({
      event: code === 0 ? "trade" : "error",
      arg: [{
        id: arg.id,
        instType: arg.instType,
        channel: arg.channel,
        instId: arg.instId,
        params: { orderId: "ws-1", clientOid: arg.params.clientOid }
      }],
      code,
      msg: code === 0 ? "success" : "refused"
    }))
  }
}

/** Answers V3 trade frames: one good item per item sent (the `skip` first frames are left unanswered). */
export const v3Answer = (skip = 0) => {
  let seen = 0
  return (client: Server.Client, frame: any) => {
    if (seen++ < skip) return
    client.socket.send(JSON.stringify({
      event: "trade",
      id: frame.id,
      category: frame.category,
      topic: frame.topic,
      args: frame.args.map((a: any, i: number) => ({ orderId: `v3-${i}`, clientOid: a.clientOid, code: "0", msg: "" })),
      code: "0",
      msg: "success",
      ts: 1
    }))
  }
}

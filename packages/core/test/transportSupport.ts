/** What the transport tests share: a request builder, a send, a closed port, and the three transports. */
import * as Transport from "@effect-bitget/core/Transport"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Http from "node:http"
import type * as Net from "node:net"

/** A GET of `url` with no headers or body, named `endpoint`; `overrides` change any part. */
export const requestFor =
  (endpoint: string) => (url: string, overrides: Partial<Transport.Request> = {}): Transport.Request => ({
    endpoint,
    method: "GET",
    url,
    headers: {},
    body: "",
    ...overrides
  })

export const send = (req: Transport.Request) => Effect.flatMap(Transport.Transport, (transport) => transport.send(req))

/** A port nobody listens on: opened, then closed. */
export const freePort = Effect.promise(() =>
  new Promise<number>((resolve) => {
    const server = Http.createServer()
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as Net.AddressInfo
      server.close(() => resolve(port))
    })
  })
)

/** The undici transport and the HttpClient adapter over both of the platform's Node clients. */
export const variants: ReadonlyArray<readonly [string, Layer.Layer<Transport.Transport>]> = [
  ["undici", Transport.layerUndici],
  ["HttpClient adapter over fetch", Transport.layerHttpClient.pipe(Layer.provide(FetchHttpClient.layer))],
  ["HttpClient adapter over NodeHttpClient", Transport.layerHttpClient.pipe(Layer.provide(NodeHttpClient.layerUndici))]
]

/**
 * Starting the benchmark's helper processes (the canned server, the streaming runs) with tsx,
 * and waiting for their first IPC message.
 */
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import * as Url from "node:url"

const here = Path.dirname(Url.fileURLToPath(import.meta.url))

/** A TypeScript file of this package run as a child with IPC; resolves with its first message. */
export const fork = <A>(file: string, args: ReadonlyArray<string>, nodeOptions: ReadonlyArray<string> = []) => {
  const child = ChildProcess.fork(Path.join(here, "..", file), args, {
    execArgv: ["--import", "tsx", ...nodeOptions],
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  })
  const first = new Promise<A>((resolve, reject) => {
    child.once("message", (message) => resolve(message as A))
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code} before reporting`)))
  })
  return { child, first }
}

export interface Server {
  readonly baseUrl: string
  readonly stats: () => Promise<{ served: number; rejected: number; unknown: Record<string, number> }>
  readonly reset: () => Promise<void>
  readonly close: () => void
}

/** Starts the canned server (`limit`: requests per second on spot account assets). */
export const startServer = async (limit?: number): Promise<Server> => {
  const { child, first } = fork<{ port: number }>("server.ts", limit === undefined ? [] : ["--limit", String(limit)])
  const { port } = await first
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    baseUrl,
    stats: () => fetch(`${baseUrl}/__bench/stats`).then((r) => r.json() as any),
    reset: () => fetch(`${baseUrl}/__bench/reset`).then(() => undefined),
    close: () => {
      child.kill()
    }
  }
}

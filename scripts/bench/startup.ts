// Start-up as a user meets it: a command spawned, timed to its first JSON-RPC answer (or to its exit, for
// commands that answer and exit).
import { spawn } from 'node:child_process'
import { request } from 'node:http'
import { summarize } from './stats.ts'
import type { LatencySummary } from './stats.ts'

/** One eth_chainId over HTTP; resolves true on an answer, false when nothing listens yet. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}'
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode === 200))
      },
    )
    req.on('error', () => resolve(false))
    req.end(body)
  })
}

/** Spawns `command args` (which must serve on `port`) and times it to its first answer, then stops it. */
export async function timeToFirstAnswer(command: string, args: string[], port: number, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // A server still answering on the port (the last run's, stopping) would be timed instead of this one.
  while (await answers(port)) await new Promise((resolve) => setTimeout(resolve, 20))
  const start = performance.now()
  // In a process group of its own: `npm start` and `npx` run chainsim as a grandchild, which is stopped with them.
  const child = spawn(command, args, { stdio: 'ignore', env, detached: true })
  let exited = false
  child.once('exit', () => (exited = true))
  try {
    while (!(await answers(port))) {
      if (exited) throw new Error(`${command} ${args.join(' ')} exited before answering`)
      if (performance.now() - start > 30_000) throw new Error(`${command} ${args.join(' ')} did not answer within 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return performance.now() - start
  } finally {
    await new Promise<void>((resolve) => {
      if (exited) return resolve()
      child.once('exit', () => resolve())
      process.kill(-(child.pid as number), 'SIGKILL')
    })
  }
}

/** Spawns `command args` and times it to its exit. */
export function timeToExit(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const start = performance.now()
  const child = spawn(command, args, { stdio: 'ignore', env })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', () => resolve(performance.now() - start))
  })
}

/** `runs` timings of `measure`, after one not counted. */
export async function repeated(runs: number, measure: () => Promise<number>): Promise<LatencySummary> {
  await measure()
  const samples: number[] = []
  for (let i = 0; i < runs; i++) samples.push(await measure())
  return summarize(samples)
}

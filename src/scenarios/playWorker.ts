import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { playFile } from './playFile.ts'
import type { PlayedFile } from './playFile.ts'

/** Marks the worker threads that play scenario files (workerData.role). */
const ROLE = 'chainsim scenario player'

type PlayRequest = { file: string; keepGoing: boolean; html: boolean }

/**
 * A worker thread that plays scenario files one at a time, for `chainsim play --jobs N`. The thread runs
 * this very module: a JavaScript build (the CLI bundle, or a package's built files) loads itself; TypeScript
 * sources (run through tsx or vitest) load through tsx's loader, which the thread registers first.
 */
export class PlayWorker {
  private pending: { resolve: (played: PlayedFile) => void; file: string } | undefined
  private failure: string | undefined

  private constructor(private readonly worker: Worker) {
    worker.on('message', (played: PlayedFile) => this.settle(played))
    worker.on('error', (error) => this.crash(error.stack ?? error.message))
    worker.on('exit', (code) => this.crash(`the worker thread exited with code ${code}`))
  }

  static start(): PlayWorker {
    const self = import.meta.url
    const data = { role: ROLE }
    if (!self.endsWith('.ts')) return new PlayWorker(new Worker(new URL(self), { workerData: data }))
    const tsx = import.meta.resolve('tsx/esm/api')
    const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(self)}) })`
    return new PlayWorker(new Worker(boot, { eval: true, workerData: data }))
  }

  play(file: string, options: { keepGoing: boolean; html: boolean }): Promise<PlayedFile> {
    if (this.failure !== undefined) return Promise.resolve(crashed(file, this.failure))
    return new Promise((resolve) => {
      this.pending = { resolve, file }
      this.worker.postMessage({ file, ...options } satisfies PlayRequest)
    })
  }

  async close(): Promise<void> {
    this.failure ??= 'closed'
    await this.worker.terminate()
  }

  private settle(played: PlayedFile): void {
    const pending = this.pending
    this.pending = undefined
    pending?.resolve(played)
  }

  /** The thread is gone: the file it was playing fails with why, and so does any later one. */
  private crash(reason: string): void {
    if (this.failure === undefined) this.failure = reason
    if (this.pending) this.settle(crashed(this.pending.file, reason))
  }
}

function crashed(file: string, reason: string): PlayedFile {
  return { report: { file, ok: false, error: `${file}: the worker thread playing it failed: ${reason}`, problems: [] } }
}

if (!isMainThread && (workerData as { role?: unknown } | undefined)?.role === ROLE) {
  const port = parentPort as NonNullable<typeof parentPort>
  port.on('message', (request: PlayRequest) => {
    void playFile(request.file, { keepGoing: request.keepGoing, html: request.html }).then((played) => port.postMessage(played))
  })
}

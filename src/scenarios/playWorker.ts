import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { FileQueue } from './fileQueue.ts'
import { playFile } from './playFile.ts'
import type { PlayedFile } from './playFile.ts'

/** Marks the worker threads that play scenario files (workerData.role). */
const ROLE = 'chainsim scenario player'

/** How every file is played: on after a failed step (`keepGoing`), with its HTML report's view collected (`html`). */
type PlayOptions = { keepGoing: boolean; html: boolean }
type WorkerInput = { role: typeof ROLE; files: readonly string[]; order: readonly number[]; shared: SharedArrayBuffer; options: PlayOptions }
type WorkerMessage = { taken: number } | { played: number; file: PlayedFile }

/**
 * A worker thread that plays scenario files from a {@link FileQueue} until it is empty, for
 * `chainsim play --jobs N`. The thread runs this very module: a JavaScript build (the CLI bundle, or a
 * package's built files) loads itself; TypeScript sources (run through tsx or vitest) load through tsx's
 * loader, which the thread registers first.
 * @returns once the queue is empty and the thread has ended; each file played goes to `played` as it comes.
 */
export function playInWorker(queue: FileQueue, options: PlayOptions, played: (index: number, file: PlayedFile) => void): Promise<void> {
  const input: WorkerInput = { role: ROLE, files: queue.files, order: queue.order, shared: queue.shared, options }
  const worker = startWorker(input)
  let playing: number | undefined
  return new Promise((resolve) => {
    worker.on('message', (message: WorkerMessage) => {
      if ('taken' in message) {
        playing = message.taken
        return
      }
      playing = undefined
      played(message.played, message.file)
    })
    // The file being played fails with why; the files not taken yet go to the other threads.
    const fail = (reason: string) => {
      if (playing === undefined) return
      const file = queue.files[playing] as string
      played(playing, { report: { file, ok: false, error: `${file}: the worker thread playing it failed: ${reason}`, problems: [] } })
      playing = undefined
    }
    worker.on('error', (error) => fail(error.stack ?? error.message))
    worker.on('exit', (code) => {
      fail(`it exited with code ${code}`)
      resolve()
    })
  })
}

function startWorker(input: WorkerInput): Worker {
  const self = import.meta.url
  if (!self.endsWith('.ts')) return new Worker(new URL(self), { workerData: input })
  const tsx = import.meta.resolve('tsx/esm/api')
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(self)}) })`
  return new Worker(boot, { eval: true, workerData: input })
}

/** The worker's side: take files until none is left, report each; the thread then has nothing left to do and ends. */
async function playTakenFiles(input: WorkerInput): Promise<void> {
  const port = parentPort as NonNullable<typeof parentPort>
  const queue = new FileQueue(input.files, input.order, input.shared)
  for (let index = queue.take(); index !== undefined; index = queue.take()) {
    port.postMessage({ taken: index } satisfies WorkerMessage)
    const file = await playFile(input.files[index] as string, input.options)
    port.postMessage({ played: index, file } satisfies WorkerMessage)
  }
}

if (!isMainThread && (workerData as Partial<WorkerInput> | undefined)?.role === ROLE) {
  void playTakenFiles(workerData as WorkerInput)
}

import v8 from 'node:v8'
import vm from 'node:vm'

/** Request bodies at least this large count as a burst. */
const LARGE_BODY_BYTES = 1024 * 1024
/** How long no large body may arrive before the collection runs. */
const QUIET_MS = 1_000
/** At most one collection this often, whatever arrives. */
const MIN_INTERVAL_MS = 10_000

let collect: (() => void) | undefined
let timer: NodeJS.Timeout | undefined
let lastCollection = 0

/**
 * Gives memory back once a burst of large requests is over. V8 collects its old generation only when new
 * allocation pushes it to, so an idle server kept the dead strings, arrays and buffers of a burst of
 * multi-megabyte bodies (measured after the hostile run, `npm run hostile`: the large-object space and
 * ArrayBuffers still held ~65 MiB, all of it freed by one full collection). `chainsim serve` turns this on at
 * start; a process that imports chainsim as a library is left as it is.
 */
export function enableCollectionAfterBursts(): void {
  if (collect) return
  v8.setFlagsFromString('--expose-gc')
  collect = vm.runInNewContext('gc') as () => void
}

/** Called by the transports with the size of each request body (or refused body) they took. */
export function noteRequestBody(bytes: number): void {
  if (!collect || bytes < LARGE_BODY_BYTES) return
  clearTimeout(timer)
  timer = setTimeout(collectNow, QUIET_MS)
  timer.unref()
}

function collectNow(): void {
  const wait = lastCollection + MIN_INTERVAL_MS - performance.now()
  if (wait > 0) {
    timer = setTimeout(collectNow, wait)
    timer.unref()
    return
  }
  lastCollection = performance.now()
  collect?.()
}

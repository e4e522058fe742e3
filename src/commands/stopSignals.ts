/** What stops a served chain: a signal, or the process that launched it going away. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'launcher gone'

/** How often the parent process is looked at: a stopped launcher is noticed within this. */
const LAUNCHER_POLL_MS = 500

/**
 * Calls `stop` once, on the first of: SIGINT (Ctrl-C), SIGTERM, SIGHUP (a closed terminal), or the process that
 * launched this one going away. `npx chainsim serve` runs chainsim under a shell under npm; killing npm leaves
 * chainsim with another parent (init or a subreaper) and no signal, so the parent's id is watched. A process
 * started already without its launcher (a daemon, a container's first process: parent 0 or 1) has none to watch.
 */
export function onStopRequest(stop: (reason: StopReason) => void): void {
  let stopped = false
  const once = (reason: StopReason) => {
    if (stopped) return
    stopped = true
    clearInterval(watch)
    stop(reason)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => once(signal))
  const launcher = process.ppid
  const watch = setInterval(() => {
    if (launcher > 1 && process.ppid !== launcher) once('launcher gone')
  }, LAUNCHER_POLL_MS)
  watch.unref()
}

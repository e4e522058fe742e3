import { readFileSync } from 'node:fs'

/** What stops a served chain: a signal, or the process that launched it going away. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'launcher gone'

/** How often the parent process is looked at: a stopped launcher is noticed within this. */
const LAUNCHER_POLL_MS = 500

/**
 * Calls `stop` once, on the first of: SIGINT (Ctrl-C), SIGTERM, SIGHUP (a closed terminal), or the process that
 * launched this one going away. `npx chainsim serve` runs chainsim under a shell under npm; killing npm leaves
 * chainsim with another parent (init or a subreaper), or under that shell, now orphaned; either way no signal comes.
 * So the parent's id is watched, and where the parent is a shell, the shell's parent too (Linux's /proc tells it).
 * A process started already without its launcher (a daemon, a container's first process: parent 0 or 1) has none
 * to watch.
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
  // npm exec's shell, and one a script starts chainsim from: its own launcher is the one that goes away.
  const shellsLauncher = launcher > 1 && SHELLS.has(commandOf(launcher) ?? '') ? parentOf(launcher) : undefined
  const watch = setInterval(() => {
    if (launcher > 1 && process.ppid !== launcher) once('launcher gone')
    else if (shellsLauncher !== undefined && shellsLauncher > 1 && parentOf(launcher) !== shellsLauncher) once('launcher gone')
  }, LAUNCHER_POLL_MS)
  watch.unref()
}

const SHELLS: ReadonlySet<string> = new Set(['sh', 'dash', 'bash', 'zsh'])

/** The parent of process `pid`, from /proc; undefined where that cannot be read (another system, a process gone). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so fields are read after the last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

/** The command name of process `pid`, from /proc. */
function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return undefined
  }
}

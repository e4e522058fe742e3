import { constants } from 'node:fs'
import { access, open, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { StatePathError } from './errors.ts'

/**
 * Refuses a `--state` (or `--dump-state`, `flag`) path that cannot be kept, before anything starts: its folder missing or not a folder, the
 * path a folder, the folder not writable (a file is made in it and deleted: what a save does, permissions, read-only
 * mounts and all), the file not readable and writable. The message names the path and why.
 */
export async function checkStatePath(path: string, flag = '--state'): Promise<void> {
  const fail = (why: string): never => {
    throw new StatePathError(`${flag} ${path}: ${why}`)
  }
  const folder = dirname(resolve(path))
  const folderStat = await stat(folder).catch((error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'ENOENT'
        ? `the folder ${folder} does not exist`
        : error.code === 'ENOTDIR'
          ? `${folder} is not a folder`
          : `the folder ${folder} cannot be read (${error.code})`,
    ),
  )
  if (!folderStat.isDirectory()) fail(`${folder} is not a folder`)
  const fileStat = await stat(path).catch(() => undefined)
  if (fileStat?.isDirectory()) fail('it is a folder, not a file')
  const probe = join(folder, `.${basename(path)}.${process.pid}.probe`)
  try {
    const file = await open(probe, 'wx')
    await file.close()
    await unlink(probe)
  } catch (error) {
    fail(`the folder ${folder} is not writable (${(error as NodeJS.ErrnoException).code ?? error})`)
  }
  if (fileStat)
    await access(path, constants.R_OK | constants.W_OK).catch((error: NodeJS.ErrnoException) => fail(`it cannot be read and written (${error.code})`))
}

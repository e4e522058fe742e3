import { useState } from 'preact/hooks'
import { Fragment } from 'preact'
import type { ComponentChildren, TargetedEvent } from 'preact'
import { LimitExceededError } from '../../errors.ts'
import type { Source } from './source.ts'
import type { ArmedFault, NetworkInfo } from './types.ts'

/**
 * The control methods a script calls, as forms: mine, automine, reorg, snapshot and revert, arm or clear a fault
 * (sim_fault). Each is one JSON-RPC call with the page's key; its answer or error is announced in the form that made
 * it, under its button, where the reader is looking (on a narrow screen the forms are a long column).
 */
export function Controls({ source, network, onDone }: { source: Source; network: NetworkInfo; onDone: () => void }) {
  const [status, setStatus] = useState<Status | undefined>()
  const [snapshots, setSnapshots] = useState<string[]>([])
  const run = async (form: FormName, label: string, method: string, params: unknown[]): Promise<unknown> => {
    setStatus({ form, text: `${label}…`, failed: false })
    try {
      const result = await source.call(method, params)
      setStatus({ form, text: `${label}: done${result === null || result === undefined ? '' : ` (${JSON.stringify(result).slice(0, 300)})`}`, failed: false })
      return result
    } catch (failure) {
      setStatus({ form, text: `${label} failed: ${(failure as Error).message}`, failed: true })
      return undefined
    } finally {
      // The mining mode and armed faults change with no block to announce them.
      onDone()
    }
  }
  const submit = (handler: (form: FormData) => void) => (event: TargetedEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault()
    handler(new FormData(event.currentTarget))
  }
  const int = (form: FormData, name: string) => {
    const text = String(form.get(name) ?? '').trim()
    return text === '' ? undefined : Number(text)
  }

  return (
    <section class="controls" aria-label="Controls">
      <form aria-label="Mine" onSubmit={submit((form) => void run('mine', 'Mine', 'anvil_mine', [int(form, 'blocks') ?? 1]))}>
        <h3>Mine</h3>
        <label>
          blocks <input name="blocks" type="number" min="1" max="10000" value="1" />
        </label>
        <button type="submit">Mine</button>
        <Outcome of="mine" status={status} />
      </form>
      <form
        aria-label="Mining"
        onSubmit={submit(() => void run('mining', network.mining.automine ? 'Automine off' : 'Automine on', 'evm_setAutomine', [!network.mining.automine]))}
      >
        <h3>Mining</h3>
        <p>
          {network.mining.automine
            ? 'Automine: a block per transaction.'
            : network.mining.intervalMs
              ? `A block every ${network.mining.intervalMs} ms.`
              : 'Manual: blocks are mined on request.'}
        </p>
        <button type="submit" aria-pressed={network.mining.automine}>
          {network.mining.automine ? 'Turn automine off' : 'Turn automine on'}
        </button>
        <Outcome of="mining" status={status} />
      </form>
      <form
        aria-label="Reorg"
        onSubmit={submit((form) => {
          const drop = String(form.get('drop') ?? '').trim()
          const length = int(form, 'length')
          void run('reorg', 'Reorg', 'sim_reorg', [
            {
              depth: int(form, 'depth') ?? 1,
              ...(length === undefined ? {} : { length }),
              reinclude: String(form.get('reinclude')),
              ...(drop ? { drop: drop.split(/[\s,]+/) } : {}),
              ...(form.get('force') ? { force: true } : {}),
            },
          ])
        })}
      >
        <h3>Reorg (sim_reorg)</h3>
        <label>
          depth <input name="depth" type="number" min="1" value="1" />
        </label>
        <label>
          length <input name="length" type="number" min="0" placeholder="depth + 1" />
        </label>
        <label>
          orphaned transactions{' '}
          <select name="reinclude">
            <option value="all">re-mined in the new branch</option>
            <option value="none">back to the pool</option>
          </select>
        </label>
        <label>
          drop <input name="drop" type="text" placeholder="0x… transaction hashes" />
        </label>
        <label>
          <input name="force" type="checkbox" /> past finalized
        </label>
        <button type="submit">Reorg</button>
        <Outcome of="reorg" status={status} />
      </form>
      <form
        aria-label="Snapshots"
        onSubmit={submit(() => {
          void run('snapshots', 'Snapshot', 'evm_snapshot', []).then((id) => {
            if (typeof id === 'string') setSnapshots([...snapshots, id])
          })
        })}
      >
        <h3>Snapshots</h3>
        <button type="submit">Take a snapshot</button>
        <Outcome of="snapshots" status={status} />
        <ul>
          {snapshots.map((id) => (
            <li key={id}>
              snapshot {id}{' '}
              <button
                type="button"
                onClick={async () => {
                  await run('snapshots', `Revert to ${id}`, 'evm_revert', [id])
                  // A revert forgets this snapshot and the later ones.
                  setSnapshots(snapshots.slice(0, snapshots.indexOf(id)))
                }}
              >
                Revert to {id}
              </button>
            </li>
          ))}
        </ul>
      </form>
      <FaultForm
        faults={network.faults}
        run={(label, method, params) => run('faults', label, method, params)}
        outcome={<Outcome of="faults" status={status} />}
        int={int}
        submit={submit}
      />
    </section>
  )
}

type FormName = 'mine' | 'mining' | 'reorg' | 'snapshots' | 'faults'

/** The last call a form made: which form, what it answered, whether it failed. */
interface Status {
  form: FormName
  text: string
  failed: boolean
}

/** The outcome of the form's last call, under its button; nothing when another form acted last. */
function Outcome({ of, status }: { of: FormName; status: Status | undefined }) {
  if (status?.form !== of) return null
  return (
    <p class={`status${status.failed ? ' error' : ''}`} role="status" aria-live="polite">
      {status.text}
    </p>
  )
}

const FAULT_KINDS = ['error', 'lag', 'lostFilter', 'wsDrop', 'batchPartial', 'rateLimit'] as const
type FaultKind = (typeof FAULT_KINDS)[number]

interface FaultFormProps {
  faults: ArmedFault[]
  /** The form's last outcome, shown under its buttons. */
  outcome: ComponentChildren
  run: (label: string, method: string, params: unknown[]) => Promise<unknown>
  int: (form: FormData, name: string) => number | undefined
  submit: (handler: (form: FormData) => void) => (event: TargetedEvent<HTMLFormElement, SubmitEvent>) => void
}

/**
 * Arms a fault of any kind with sim_fault, as the config's `faults` and a scenario's `fault:` step take it (the
 * fields shown are the chosen kind's; an empty field is left to the server's default), clears them all with
 * `{kind: "none"}`, and lists those that may still act.
 */
function FaultForm({ faults, run, outcome, int, submit }: FaultFormProps) {
  const [kind, setKind] = useState<FaultKind>('error')
  const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim()
  const number = (form: FormData, name: string) => {
    const value = text(form, name)
    return value === '' ? undefined : Number(value)
  }
  const given = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''))
  const arm = (form: FormData) => {
    const trigger = kind === 'rateLimit' ? {} : given({ rate: number(form, 'rate'), count: int(form, 'count'), seed: int(form, 'seed') })
    const code = int(form, 'code')
    const error = code === undefined ? undefined : { code, message: text(form, 'message') }
    const options: Record<FaultKind, Record<string, unknown>> = {
      error: given({ method: text(form, 'method'), error, latencyMs: int(form, 'latencyMs'), httpStatus: int(form, 'httpStatus') }),
      lag: given({ blocks: int(form, 'blocks') }),
      lostFilter: {},
      wsDrop: given({ afterMessages: int(form, 'afterMessages'), afterMs: int(form, 'afterMs'), code: Number(text(form, 'closeCode')) }),
      batchPartial: given({ answer: text(form, 'answer'), error }),
      rateLimit: given({ provider: text(form, 'provider'), unitsPerSecond: number(form, 'unitsPerSecond'), burstSeconds: number(form, 'burstSeconds') }),
    }
    void run(`Arm a ${kind} fault`, 'sim_fault', [{ kind, ...trigger, ...options[kind] }])
  }
  return (
    <form aria-label="Faults" onSubmit={submit(arm)}>
      <h3>Faults (sim_fault)</h3>
      <label>
        kind{' '}
        <select name="kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as FaultKind)}>
          {FAULT_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {/* Keyed by kind: another kind's fields start empty, never with what was typed for this one. */}
      <Fragment key={kind}>
        {kind === 'error' ? (
          <>
            <label>
              method <input name="method" type="text" required placeholder="eth_getLogs, or * for any (this page's calls too)" />
            </label>
            <label>
              latency ms <input name="latencyMs" type="number" min="0" />
            </label>
            <label>
              HTTP status <input name="httpStatus" type="number" min="100" max="599" />
            </label>
          </>
        ) : null}
        {kind === 'error' || kind === 'batchPartial' ? (
          <>
            <label>
              error code <input name="code" type="number" value={String(LimitExceededError.code)} />
            </label>
            <label>
              message <input name="message" type="text" value="project ID request rate exceeded" />
            </label>
          </>
        ) : null}
        {kind === 'batchPartial' ? (
          <label>
            failed items answer{' '}
            <select name="answer">
              <option value="error">the error</option>
              <option value="null">null</option>
            </select>
          </label>
        ) : null}
        {kind === 'lag' ? (
          <label>
            blocks behind <input name="blocks" type="number" min="1" value="2" required />
          </label>
        ) : null}
        {kind === 'wsDrop' ? (
          <>
            <label>
              after messages <input name="afterMessages" type="number" min="1" />
            </label>
            <label>
              after ms <input name="afterMs" type="number" min="0" />
            </label>
            <label>
              close{' '}
              <select name="closeCode">
                <option value="1006">1006, cut with no close frame</option>
                <option value="1001">1001, going away</option>
              </select>
            </label>
          </>
        ) : null}
        {kind === 'rateLimit' ? (
          <>
            <label>
              provider{' '}
              <select name="provider">
                <option value="">the network's profile</option>
                <option value="infura">infura</option>
                <option value="alchemy">alchemy</option>
              </select>
            </label>
            <label>
              units a second <input name="unitsPerSecond" type="number" min="0" step="any" />
            </label>
            <label>
              burst seconds <input name="burstSeconds" type="number" min="0" step="any" />
            </label>
          </>
        ) : (
          <>
            <label>
              rate <input name="rate" type="number" min="0" max="1" step="any" placeholder="1: every call" />
            </label>
            <label>
              times <input name="count" type="number" min="1" placeholder={kind === 'error' ? '1' : 'until cleared'} />
            </label>
            <label>
              seed <input name="seed" type="number" />
            </label>
          </>
        )}
      </Fragment>
      <button type="submit">Arm</button>{' '}
      <button type="button" onClick={() => void run('Clear faults', 'sim_fault', [{ kind: 'none' }])}>
        Clear all faults
      </button>
      {outcome}
      <ul aria-label="Armed faults">
        {faults.map((fault, i) => (
          <li key={i}>{describeFault(fault)}</li>
        ))}
      </ul>
    </form>
  )
}

/** A fault as a line: its kind, what it does, and how many times it may still act. */
function describeFault(fault: ArmedFault): string {
  const parts: string[] = []
  switch (fault.kind) {
    case undefined:
    case 'error':
      parts.push(fault.method)
      if (fault.error) parts.push(`${fault.error.code} ${fault.error.message}`)
      if (fault.latencyMs) parts.push(`${fault.latencyMs} ms late`)
      if (fault.httpStatus) parts.push(`HTTP ${fault.httpStatus}`)
      break
    case 'lag':
      parts.push(`lag: ${fault.blocks} blocks behind`)
      break
    case 'wsDrop':
      parts.push(
        `wsDrop: ${fault.code ?? 1006}${fault.afterMessages === undefined ? '' : ` after ${fault.afterMessages} messages`}${fault.afterMs === undefined ? '' : ` after ${fault.afterMs} ms`}`,
      )
      break
    case 'batchPartial':
      parts.push(`batchPartial: ${fault.answer ?? 'error'}`)
      break
    case 'rateLimit':
      parts.push(`rateLimit: ${fault.provider ?? "the profile's"} prices${fault.unitsPerSecond === undefined ? '' : `, ${fault.unitsPerSecond} units/s`}`)
      break
    default:
      parts.push(fault.kind)
  }
  if ('rate' in fault && fault.rate !== undefined) parts.push(`rate ${fault.rate}`)
  parts.push(fault.left === undefined ? 'until cleared' : `${fault.left} left`)
  return parts.join(', ')
}

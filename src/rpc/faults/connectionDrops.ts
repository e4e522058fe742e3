import type { WsDropFaultSpec } from './faultSpec.ts'
import { Trigger } from './trigger.ts'

/** A WebSocket connection a fault may drop: 1006 cuts the socket with no close frame, 1001 closes it. */
export interface DroppableConnection {
  drop(code: 1001 | 1006): void
}

/** What the transport tells the injector about one connection it attached. */
export interface ConnectionWatch {
  /** A message was sent to the client (an answer or a notification). */
  sent(): void
  /** The connection closed, for whatever reason. */
  closed(): void
}

interface ArmedDrop {
  spec: WsDropFaultSpec
  trigger: Trigger
}

interface Watched {
  connection: DroppableConnection
  sent: number
  /** Each drop planned for this connection: after how many sent messages, and its timer. */
  plans: Array<{ dropAt: number | undefined; code: 1001 | 1006; timer: NodeJS.Timeout | undefined }>
}

/**
 * The `wsDrop` faults: each chooses, by its seeded trigger, among the connections open when it is armed and those
 * that open later, and drops each chosen one after `afterMessages` more messages sent to it or `afterMs`, whichever
 * comes first. Messages, not requests, are counted: a quiet subscriber is dropped by its notifications.
 */
export class ConnectionDrops {
  private readonly armed: ArmedDrop[] = []
  private readonly open = new Set<Watched>()

  /** The drops armed, as they were armed, each with its trigger. */
  get armedDrops(): readonly ArmedDrop[] {
    return this.armed
  }

  arm(spec: WsDropFaultSpec): void {
    const drop = { spec, trigger: new Trigger(spec) }
    this.armed.push(drop)
    for (const watched of this.open) this.plan(watched, drop)
  }

  /** Forgets every armed drop and every plan not carried out yet. */
  clear(): void {
    this.armed.length = 0
    for (const watched of this.open) this.cancel(watched)
  }

  attach(connection: DroppableConnection): ConnectionWatch {
    const watched: Watched = { connection, sent: 0, plans: [] }
    this.open.add(watched)
    for (const drop of this.armed) this.plan(watched, drop)
    return {
      sent: () => {
        watched.sent++
        const due = watched.plans.find((plan) => plan.dropAt !== undefined && watched.sent >= plan.dropAt)
        if (due) this.drop(watched, due.code)
      },
      closed: () => {
        this.cancel(watched)
        this.open.delete(watched)
      },
    }
  }

  private plan(watched: Watched, drop: ArmedDrop): void {
    if (!drop.trigger.fires()) return
    const code = drop.spec.code ?? 1006
    const plan = {
      dropAt: drop.spec.afterMessages === undefined ? undefined : watched.sent + drop.spec.afterMessages,
      code,
      timer: drop.spec.afterMs === undefined ? undefined : setTimeout(() => this.drop(watched, code), drop.spec.afterMs),
    }
    plan.timer?.unref()
    watched.plans.push(plan)
  }

  private drop(watched: Watched, code: 1001 | 1006): void {
    this.cancel(watched)
    this.open.delete(watched)
    watched.connection.drop(code)
  }

  private cancel(watched: Watched): void {
    for (const plan of watched.plans) clearTimeout(plan.timer)
    watched.plans.length = 0
  }
}

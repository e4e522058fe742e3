#!/usr/bin/env node
// chainsim is written in TypeScript and runs through tsx's loader, so `npx chainsim` needs no build step.
import { register } from 'tsx/esm/api'

register()
await import('../cli.ts')

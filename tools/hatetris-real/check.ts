// Plays every HATETRIS replay in Kocka's docs/ (each run of every record
// state, and the best replay) through qntm/hatetris's own game logic,
// enemy, rotation system and replay codec, the way that game's test suite
// replays its published games, and checks that the real game scores each
// as the state says and that the game is over. Exit 1 on any difference.
import fs from 'node:fs'
import path from 'node:path'
import { getLogic } from '@hatetris/src/components/Game/logic.ts'
import type { GameState } from '@hatetris/src/components/Game/logic.ts'
import { hatetrisAi } from '@hatetris/src/enemy-ais/hatetris-ai.ts'
import hatetrisRotationSystem from '@hatetris/src/rotation-systems/hatetris-rotation-system.ts'
import hatetrisReplayCodec from '@hatetris/src/replay-codecs/hatetris-replay-codec.ts'

const logic = getLogic({ bar: 4, replayTimeout: 0, copyTimeout: 0, rotationSystem: hatetrisRotationSystem, wellDepth: 20, wellWidth: 10 })
const enemy = { shortDescription: 'HATETRIS', buttonDescription: 'HATETRIS', ai: hatetrisAi }

async function play (text: string) {
  const replay = hatetrisReplayCodec.decode(text.trim())
  const first = {
    customAiCode: '', displayEnemy: false, enemy, error: null, mode: 'REPLAYING',
    wellStateId: -1, wellStates: [], replay, replayCopiedTimeoutId: undefined, replayTimeoutId: undefined
  } as unknown as GameState
  first.wellStates.push(await logic.getFirstWellState(first))
  first.wellStateId++
  let state = first
  let moves = 0
  for (const move of replay) {
    if (state.mode === 'GAME_OVER') break
    state = { ...state, ...await logic.handleMove(state, move) }
    moves++
  }
  return { lines: state.wellStates[state.wellStateId].core.score, moves, over: state.mode === 'GAME_OVER', error: state.error }
}

const docs = process.argv[2]
if (!docs) {
  console.error('usage: node check.mjs DOCS-DIR')
  process.exit(2)
}
const checks: { name: string, replay: string, lines: number }[] = []
// hatetris-best.txt is the best game of all the states.
let best = -1
for (const f of fs.readdirSync(docs).filter(f => /^hatetris-record.*\.json$/.test(f)).sort()) {
  const st = JSON.parse(fs.readFileSync(path.join(docs, f), 'utf8'))
  for (const r of st.runs) checks.push({ name: `${f} width ${r.width}`, replay: r.replay, lines: r.lines })
  best = Math.max(best, st.best.lines)
}
checks.push({ name: 'hatetris-best.txt', replay: fs.readFileSync(path.join(docs, 'hatetris-best.txt'), 'utf8'), lines: best })
let bad = 0
for (const c of checks) {
  const got = await play(c.replay)
  const ok = got.lines === c.lines && got.over && got.error === null
  if (!ok) bad++
  console.log(`${ok ? 'ok  ' : 'DIFF'} ${c.name}: the real game scores ${got.lines} lines (game over ${got.over}, ${got.moves} moves); docs say ${c.lines}`)
}
console.log(`${checks.length} replays, ${bad} differences`)
process.exit(bad === 0 ? 0 : 1)

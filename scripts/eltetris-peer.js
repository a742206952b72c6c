#!/usr/bin/env node
// eltetris-peer.js runs El-Tetris's published JavaScript (Islam El-Ashi,
// github.com/ielashi/eltetris) unmodified in Node, as the peer that Kocka's
// `eltetris` personality is checked against. This file holds none of
// El-Tetris's code: it loads src/pieces.js, src/features.js and
// src/eltetris.js from the directory given, in the global scope, as the
// browser's <script> tags do, and drives its ElTetris object.
//
// The one adaptation: ElTetris.prototype.play draws its piece through
// getRandomPieceIndex (Math.random); the games replace that method on the
// instance with Kocka's seeded uniform randomizer (engine.NewRandomizer
// (engine.Uniform, seed): SplitMix64, Intn(7) over I O T S Z J L), so that
// both programs play the same pieces.
//
// Usage:
//   node scripts/eltetris-peer.js SRC boards N SEED   > solver/testdata/eltetris-choices.json
//       N random boards and pieces, each with El-Tetris's chosen placement
//       (pickMove), the cells it covers, its evaluation and the board after
//       (playMove); "over" when no placement fits.
//   node scripts/eltetris-peer.js SRC games WIDTH HEIGHT SEED GAMES [MAXPIECES]
//       GAMES games, game i with seed SEED+i, one JSON line each:
//       {"seed":..., "lines":..., "pieces":...}.
// SRC is El-Tetris's src directory (see docs/eltetris.md for how it was
// taken out of the git repository).
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

function load(src) {
  for (const f of ['pieces.js', 'features.js', 'eltetris.js']) {
    const file = path.join(src, f);
    vm.runInThisContext(fs.readFileSync(file, 'utf8'), { filename: file });
  }
}

// Kocka's engine.RNG (SplitMix64) and its unbiased Intn.
const MASK = (1n << 64n) - 1n;
class RNG {
  constructor(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
  uint64() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  }
  intn(n) {
    const bound = BigInt(n);
    const limit = ((1n << 64n) - bound) % bound; // Go's -bound % bound
    for (;;) {
      const v = this.uint64();
      if (v >= limit) return Number(v % bound);
    }
  }
}

// Kocka's piece order (engine.Pieces) and each piece's index in El-Tetris's
// PIECES (pieces.js: I T O J L S Z).
const NAMES = ['I', 'O', 'T', 'S', 'Z', 'J', 'L'];
const ELTETRIS_INDEX = { I: 0, T: 1, O: 2, J: 3, L: 4, S: 5, Z: 6 };

function pieceOf(rng) {
  return NAMES[rng.intn(7)];
}

// A random board: column profiles with holes, or rows of random cells, at
// every stack height up to the ceiling; never a full row.
function randomBoard(rng, width, height) {
  const full = (1 << width) - 1;
  const rows = new Array(height).fill(0);
  const top = rng.intn(height + 1);
  if (rng.intn(2) === 0) {
    const density = 55 + rng.intn(40);
    for (let y = 0; y < top; y++) {
      for (let x = 0; x < width; x++) {
        if (rng.intn(100) < density) rows[y] |= 1 << x;
      }
    }
  } else {
    for (let x = 0; x < width; x++) {
      const h = rng.intn(top + 1);
      for (let y = 0; y < h; y++) {
        if (rng.intn(100) < 88) rows[y] |= 1 << x;
      }
    }
  }
  for (let y = 0; y < height; y++) {
    if (rows[y] === full) rows[y] &= ~(1 << rng.intn(width));
  }
  return rows;
}

function boards(n, seed) {
  const rng = new RNG(seed);
  const out = [];
  for (let k = 0; k < n; k++) {
    const width = [6, 8, 10, 10, 10][rng.intn(5)];
    const height = 4 + rng.intn(17);
    const rows = randomBoard(rng, width, height);
    const name = pieceOf(rng);
    const g = new ElTetris(width, height);
    g.board = rows.slice();
    const piece = PIECES[ELTETRIS_INDEX[name]];
    const move = g.pickMove(piece);
    const moved = g.movePiece(move.orientation, move.column);
    const after = g.board.slice();
    const last = g.playMove(after, move.orientation, move.column);
    const c = { width, height, rows, piece: name, over: last.game_over };
    if (!last.game_over) {
      c.cells = [];
      for (let i = 0; i < moved.length; i++) {
        for (let x = 0; x < width; x++) {
          if ((moved[i] >> x) & 1) c.cells.push([x, last.landing_height + i]);
        }
      }
      c.value = g.evaluateBoard(last, after);
      c.after = after;
    }
    out.push(c);
  }
  process.stdout.write('[\n' + out.map((c) => JSON.stringify(c)).join(',\n') + '\n]\n');
}

function games(width, height, seed, n, maxPieces) {
  for (let i = 0; i < n; i++) {
    const s = BigInt(seed) + BigInt(i);
    const rng = new RNG(s);
    const g = new ElTetris(width, height);
    g.getRandomPieceIndex = () => ELTETRIS_INDEX[pieceOf(rng)];
    let pieces = 0;
    while (maxPieces === 0 || pieces < maxPieces) {
      if (g.play().game_over) break;
      pieces++;
    }
    process.stdout.write(JSON.stringify({ seed: s.toString(), lines: g.rows_completed, pieces }) + '\n');
  }
}

function main(argv) {
  const [src, mode, ...rest] = argv;
  if (!src || !mode) {
    process.stderr.write('usage: eltetris-peer.js SRC boards N SEED | SRC games WIDTH HEIGHT SEED GAMES [MAXPIECES]\n');
    process.exit(2);
  }
  load(src);
  if (mode === 'boards') {
    boards(Number(rest[0]), rest[1]);
  } else if (mode === 'games') {
    games(Number(rest[0]), Number(rest[1]), rest[2], Number(rest[3]), Number(rest[4] || 0));
  } else {
    process.stderr.write(`unknown mode ${mode}\n`);
    process.exit(2);
  }
}

main(process.argv.slice(2));

// Produces reference fumen strings with knewjade's tetris-fumen, and what
// the same package decodes from them, for kocka's Go tests.
const { encoder, decoder, Field, Mino } = require('tetris-fumen');

const rots = ['spawn', 'right', 'reverse', 'left'];
const kinds = ['I', 'O', 'T', 'S', 'Z', 'J', 'L'];

function dump(name, pages) {
  const fumen = encoder.encode(pages);
  const back = decoder.decode(fumen);
  return {
    name, fumen,
    pages: back.map(p => {
      const rows = [];
      for (let y = 22; y >= 0; y--) {
        let r = '';
        for (let x = 0; x < 10; x++) r += p.field.at(x, y);
        rows.push(r);
      }
      let g = '';
      for (let x = 0; x < 10; x++) g += p.field.at(x, -1);
      const m = p.operation ? p.mino() : null;
      return {
        rows, garbage: g,
        piece: m ? { type: m.type, rotation: m.rotation, x: m.x, y: m.y, cells: m.positions().map(c => [c.x, c.y]) } : null,
        comment: p.comment,
        flags: p.flags,
      };
    }),
  };
}

const out = [];
out.push(dump('empty', [{ field: Field.create() }]));

const mid = Field.create(
  '__________' +
  'T_________' +
  'TT______O_' +
  'TZZ__L_OO_' +
  'IJZZ_LSSOO' +
  'IJJJ_LLSSX' +
  'IXXXXXXXX_' +
  'IXXX_XXXXX',
  'XXXXXXXX_X');
out.push(dump('midgame', [{ field: mid }]));

// Every piece and rotation, once against the bottom-left and once against
// the top-right of the 10x23 field.
for (const k of kinds) {
  for (const r of rots) {
    const valid = [];
    for (let y = 0; y < 23; y++) for (let x = 0; x < 10; x++) {
      const m = new Mino(k, r, x, y);
      if (m.isValid()) valid.push(m);
    }
    const lo = valid.reduce((a, b) => (b.x < a.x || (b.x === a.x && b.y < a.y)) ? b : a);
    const hi = valid.reduce((a, b) => (b.x > a.x || (b.x === a.x && b.y > a.y)) ? b : a);
    out.push(dump(`${k}-${r}-low`, [{ field: Field.create(), operation: lo.operation(), flags: { lock: false } }]));
    out.push(dump(`${k}-${r}-high`, [{ field: Field.create(), operation: hi.operation() }]));
  }
}

// A game's pages: pieces lock, lines clear, comments change (including
// text that escape() turns into %XX and %uXXXX, and an astral character).
const stack = Field.create(
  'TT__OO____' +
  'ZZLLOOSST_' +
  'JZZLOOSST_' +
  'JJJLIIIIT_' +
  'XXXXXXXXX_');
out.push(dump('game', [
  { field: stack, operation: { type: 'I', rotation: 'left', x: 9, y: 1 }, comment: 'opener: 100% & more?' },
  { operation: { type: 'T', rotation: 'right', x: 8, y: 1 }, comment: 'opener: 100% & more?' },
  { operation: { type: 'Z', rotation: 'spawn', x: 5, y: 1 }, comment: 'テトリス 日本語 ✓ 😀' },
  { operation: { type: 'O', rotation: 'spawn', x: 0, y: 0 }, comment: '' },
  { operation: { type: 'J', rotation: 'reverse', x: 3, y: 1 }, comment: '~`!@#$%^&*()_+-={}[]|\\:;"\'<>,.?/ tab\there' },
]));

// Many pages whose field never changes: the encoder compresses them with
// its repeat count, which overflows at 64.
const still = [];
const base = Field.create('XXXXXXXXX_');
for (let i = 0; i < 70; i++) {
  const k = kinds[i % 7];
  still.push(i === 0 ? { field: base, operation: { type: k, rotation: 'spawn', x: 4, y: 5 }, flags: { lock: false } }
    : { operation: i % 5 === 0 ? undefined : { type: k, rotation: rots[i % 4], x: 4, y: 5 }, flags: { lock: false }, comment: i === 35 ? 'half way' : undefined });
}
out.push(dump('repeat', still));

// Rise pushes the garbage row up, mirror flips the field.
const riseField = Field.create(
  '_____T____' +
  '____TT____' +
  'XXXX_TXXXX',
  'XXXXX_XXXX');
out.push(dump('rise-mirror', [
  { field: riseField, flags: { rise: true, colorize: false }, comment: 'rise' },
  { operation: { type: 'L', rotation: 'right', x: 0, y: 2 }, flags: { mirror: true } },
  { operation: { type: 'S', rotation: 'spawn', x: 6, y: 3 }, flags: { lock: false, rise: true } },
  {},
]));

out.push(dump('quiz', [
  { field: Field.create('XXXX___XXX'), comment: '#Q=[](T)SZ', operation: { type: 'T', rotation: 'reverse', x: 5, y: 1 } },
  { operation: { type: 'S', rotation: 'spawn', x: 5, y: 1 } },
  { operation: { type: 'Z', rotation: 'spawn', x: 5, y: 3 } },
]));

console.log(JSON.stringify(out, null, 1));

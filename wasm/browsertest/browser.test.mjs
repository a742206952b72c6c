// Kocka's browser tests: the wasm build (make wasm) served by wasm/serve on
// a free loopback port, loaded in Debian's headless Chromium through
// playwright-core, and checked through what a player sees (screenshots) and
// what the game reports (window.kocka.state()).
//
//   cd wasm/browsertest && npm ci && npm test      (after make wasm)
//
// Environment: see harness.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, buildKocka, record, ready, state, until, tap, shots } from './harness.mjs';

let h;         // the harness: h.work (temporary folder), h.base, h.browser
let kockaBin;  // the native kocka binary
let native;    // natively recorded replays: { text, stateHash, lines, ... }
let nativeShort;
const problems = []; // console errors and page errors, from every page

before(async () => {
  h = await startHarness('browsertest');
  // The native kocka, to verify a game played in the page.
  kockaBin = buildKocka(h.work);
  // Games recorded natively, by the engine compiled for this machine: a
  // whole sprint, and five seconds of a marathon to watch in the page.
  native = record(h.work, 'sprint.kreplay', '-goal', 'sprint', '-seed', '7');
  nativeShort = record(h.work, 'short.kreplay', '-goal', 'marathon', '-seed', '9', '-ticks', '300');
});

after(async () => {
  if (h) await h.stop();
});

// open starts a fresh page (its own localStorage) on the game at query q.
// The window is the game's logical size by default: SwiftShader draws a
// larger one too slowly on two busy cores to keep 60 ticks a second.
async function open(q = '', { viewport = { width: 640, height: 360 }, phone = false, init, setUp, expectErrors = false } = {}) {
  const context = await h.browser.newContext(phone
    ? { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
    : { viewport });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !expectErrors) problems.push(`${q || '/'}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${q || '/'}: page error: ${err.message}`));
  if (init) await page.addInitScript(init);
  if (setUp) await setUp(page);
  await page.goto(h.base + q);
  return page;
}

// pressUntil taps key until the state shows cond: a scene change fades
// out and in, and a key pressed during the fade reaches no scene.
async function pressUntil(page, key, what, cond, timeout = 10000) {
  const start = Date.now();
  for (;;) {
    await tap(page, key);
    for (let i = 0; i < 6; i++) {
      const st = await state(page);
      if (cond(st)) return st;
      await page.waitForTimeout(50);
    }
    if (Date.now() - start > timeout) {
      assert.fail(`pressed ${key} for ${timeout} ms waiting for ${what}; state: ${JSON.stringify({ ...(await state(page)), board: undefined })}`);
    }
  }
}

// pixels takes a screenshot, saves it, and measures it with the browser's
// own PNG decoder: how many distinct colours, the share of pixels that
// differ from the most common one (the background), and the colours (as
// 0xRRGGBB) at the given points.
async function pixels(page, name, points = []) {
  const png = await page.screenshot({ path: path.join(shots, name) });
  return page.evaluate(async ([b64, points]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, img.width, img.height).data;
    const counts = new Map();
    for (let i = 0; i < d.length; i += 4) {
      const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
      counts.set(k, (counts.get(k) || 0) + 1);
    }
    const n = d.length / 4;
    const top = Math.max(...counts.values());
    const at = points.map(([x, y]) => {
      const i = (y * img.width + x) * 4;
      return (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
    });
    return { colours: counts.size, notBackground: (n - top) / n, width: img.width, height: img.height, at };
  }, [png.toString('base64'), points]);
}

// checkBoard compares the drawn field with the state: the centre of every
// cell the engine says is filled differs from the colour of empty cells.
async function checkBoard(page, st, name) {
  const { boardX, boardY, cell } = st.layout;
  const cells = [];
  st.board.forEach((row, r) => [...row].forEach((c, x) => cells.push({ filled: c !== '.', x, r })));
  const px = await pixels(page, name, cells.map(({ x, r }) => [boardX + x * cell + (cell >> 1), boardY + r * cell + (cell >> 1)]));
  const empty = new Map();
  cells.forEach((c, i) => { if (!c.filled) empty.set(px.at[i], (empty.get(px.at[i]) || 0) + 1); });
  const [emptyColour, emptyCount] = [...empty.entries()].sort((a, b) => b[1] - a[1])[0];
  const emptyCells = cells.filter((c) => !c.filled).length;
  // The falling piece and its ghost cover a few empty cells.
  assert.ok(emptyCount >= emptyCells - 8, `${emptyCount} of ${emptyCells} empty cells share a colour`);
  cells.forEach((c, i) => {
    if (c.filled) assert.notEqual(px.at[i], emptyColour, `cell (${c.x}, row ${c.r} from the top) is filled but drawn empty`);
  });
  return cells.filter((c) => c.filled).length;
}

test('the title scene is drawn', async (t) => {
  const start = Date.now();
  const page = await open('?touch=0');
  await ready(page);
  const loaded = Date.now() - start;
  await until(page, 'the title', (s) => s.scene === 'title');
  // For docs/benchmarks.md: page open to first frame, and the tick rate.
  const t0 = (await state(page)).appTicks;
  await page.waitForTimeout(1000);
  const tm = await page.evaluate(() => window.kockaTimings);
  t.diagnostic(`first frame ${loaded} ms after opening the page (page ${tm.start} ms, download ${tm.downloaded - tm.start} ms, ` +
    `compile ${tm.compiled - tm.downloaded} ms, Go start to first frame ${tm.firstFrame - tm.compiled} ms); ` +
    `${(await state(page)).appTicks - t0} ticks in 1 s`);
  await page.waitForTimeout(300); // the logo and the falling pieces
  const px = await pixels(page, 'title.png');
  assert.ok(px.colours >= 8, `title screenshot has ${px.colours} colours`);
  assert.ok(px.notBackground > 0.02, `title screenshot is ${(100 * px.notBackground).toFixed(1)}% drawn`);
  assert.ok(await page.isHidden('#touch'), 'no touch controls on a desktop');
  const canvas = await page.locator('canvas').boundingBox();
  assert.deepEqual(canvas, { x: 0, y: 0, width: 640, height: 360 }, 'the canvas fills the window');
  await page.context().close();
});

test('the loader shows the download progress', async () => {
  const context = await h.browser.newContext({ viewport: { width: 640, height: 360 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // About two seconds for the gzipped wasm.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 3 << 20, uploadThroughput: 1 << 20 });
  await page.goto(h.base + '?touch=0');
  // Any size of wasm (it passed 20 MB on 2026-12-07 and the old pattern
  // wanted 10 to 19.9): a percentage short of 100 and two sizes.
  await page.waitForFunction(() => /Loading… [1-9]\d?% \(\d+\.\d MB of [1-9]\d*\.\d MB\)/.test(document.getElementById('loader-text').textContent),
    null, { timeout: 10000, polling: 50 });
  const width = await page.evaluate(() => parseFloat(getComputedStyle(document.getElementById('bar-fill')).width));
  assert.ok(width > 0, 'the progress bar fills');
  await pixels(page, 'loading.png');
  await context.close();
});

test('keys start a marathon, move, turn, hold and drop; score and replay are saved and verify natively', async () => {
  const page = await open('?touch=0');
  await ready(page);
  await until(page, 'the title', (s) => s.scene === 'title');
  await pressUntil(page, 'Enter', 'the main menu', (s) => s.scene === 'menu');
  // The first entry is Marathon.
  await pressUntil(page, 'Enter', 'a marathon', (s) => s.scene === 'play');
  let st = await until(page, 'a marathon piece', (s) => s.mode === 'marathon' && s.hasPiece);
  // READY: a key tapped and released before GO moves nothing and the
  // clock has not started (checked when the test sees READY in time).
  if (st.countdown > 0) {
    await tap(page, 'ArrowLeft');
    const during = await state(page);
    if (during.countdown > 0) {
      assert.equal(during.x, st.x, 'Left during READY moved the piece');
      assert.equal(during.ticks, 0, 'the clock ran during READY');
    }
  }
  st = await until(page, 'GO', (s) => s.countdown === 0 && s.hasPiece);

  const px = await pixels(page, 'marathon.png');
  assert.ok(px.colours >= 8 && px.notBackground > 0.05, `marathon screenshot: ${JSON.stringify(px)}`);
  assert.equal(st.board.length, 20, 'the state shows the 20 visible rows');

  // Directions, not exact columns: on a loaded machine a frame can stall
  // between the key's down and up events, and Ebitengine then runs the
  // ticks it missed with the key held, long enough for auto-repeat.
  const x0 = st.x;
  await tap(page, 'ArrowLeft');
  st = await until(page, 'the piece to move left', (s) => s.x < x0);
  const x1 = st.x;
  await tap(page, 'ArrowRight');
  st = await until(page, 'the piece to move right', (s) => s.x > x1);

  const piece = st.piece;
  await tap(page, 'ArrowUp');
  st = await until(page, 'a clockwise turn', (s) => s.rot === 'R');
  await tap(page, 'KeyZ');
  st = await until(page, 'a counter-clockwise turn', (s) => s.rot === '0');

  await tap(page, 'KeyC');
  st = await until(page, 'the hold', (s) => s.hold === piece);

  const pieces = st.pieces;
  await tap(page, 'Space');
  st = await until(page, 'the hard drop to lock a piece', (s) => s.pieces === pieces + 1);
  // GO! stays 50 ticks over the middle of the field; on a quick machine
  // the piece is down before it fades, and the text covers empty cells.
  st = await until(page, 'GO! to fade', (s) => s.ticks > 60);
  assert.equal(st.pieces, pieces + 1, 'a second piece locked by itself');
  assert.equal(await checkBoard(page, st, 'marathon-dropped.png'), 4, 'the dropped piece is drawn where the engine has it');

  // The other way round: the game played in the page verifies natively.
  const text = await page.evaluate(() => window.kocka.replay());
  assert.ok(text, 'the page hands out the replay of the game');
  const file = path.join(h.work, 'browser.kreplay');
  writeFileSync(file, text);
  const out = execFileSync(kockaBin, ['replay', 'verify', file], { encoding: 'utf8' });
  assert.match(out, /verified/, out);

  // Top out by hard drops; the results go to the high scores in localStorage.
  for (let i = 0; i < 80 && !(st = await state(page)).over; i++) await tap(page, 'Space');
  assert.ok(st.over, 'hard drops alone top out');
  const final = await until(page, 'the results', (s) => s.scene === 'results');
  await pixels(page, 'results.png');
  const scores = JSON.parse(await page.evaluate(() => localStorage.getItem('kocka/scores.json')));
  assert.equal(scores.modes.marathon[0].score, final.score, 'the high score is saved in localStorage');
  assert.equal(scores.modes.marathon[0].pieces, final.pieces);
  // The game keeps the finished game's replay there too; it verifies natively.
  const saved = await page.evaluate(() => localStorage.getItem('kocka/replay-marathon.kreplay'));
  assert.ok(saved, 'the replay of the finished game is saved in localStorage');
  writeFileSync(file, saved);
  const out2 = execFileSync(kockaBin, ['replay', 'verify', file], { encoding: 'utf8' });
  assert.match(out2, new RegExp(`hash ${final.stateHash}`), out2);
  assert.match(out2, /verified/, out2);
  await page.context().close();
});

test('a phone gets touch controls that press the bound keys; hiding the tab pauses', async () => {
  const page = await open('?mode=marathon&seed=3', { phone: true });
  await ready(page);
  let st = await until(page, 'a marathon', (s) => s.scene === 'play' && s.hasPiece && s.countdown === 0);
  assert.ok(await page.isVisible('#touch'), 'touch controls shown on a touch screen');
  const canvas = await page.locator('canvas').boundingBox();
  const bar = await page.locator('#touch').boundingBox();
  assert.ok(canvas.y + canvas.height <= bar.y + 1, `the canvas (${JSON.stringify(canvas)}) ends above the controls (${JSON.stringify(bar)})`);

  const press = async (action) => {
    const b = await page.locator(`#touch button[data-action="${action}"]`).boundingBox();
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
    await page.waitForTimeout(50);
  };
  const x0 = st.x;
  await press('left');
  st = await until(page, 'the touch left button to move the piece', (s) => s.x < x0);
  const x1 = st.x;
  await press('cw');
  st = await until(page, 'the touch turn button to turn the piece', (s) => s.rot === 'R');
  // The buttons never take the keyboard focus from the game.
  await tap(page, 'ArrowRight');
  st = await until(page, 'a key press after touches', (s) => s.x > x1);
  await pixels(page, 'phone.png');
  assert.ok(!(await page.isVisible('#touch button.pc-only')), 'no HINT button outside PC practice');

  // Playwright cannot hide a headless tab; the page hears the same event.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await until(page, 'the pause menu', (s) => s.scene === 'pause');
  const ticks = (await state(page)).ticks;
  await page.waitForTimeout(300);
  assert.equal((await state(page)).ticks, ticks, 'the game does not tick while paused');
  await page.context().close();
});

test('PC practice on a phone: the pads gain a HINT button that shows a clear', async () => {
  const page = await open('?mode=pc&seed=3', { phone: true });
  await ready(page);
  await until(page, 'PC practice past READY', (s) => s.mode === 'pc' && s.pc && s.countdown === 0 && s.hasPiece, 20000);
  const hint = page.locator('#touch button.pc-only');
  assert.ok(await hint.isVisible(), 'HINT shown in PC practice');
  assert.ok(await page.isVisible('#touch button[data-action="harddrop"]'), 'the pads stay');
  const b = await hint.boundingBox();
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  await until(page, 'the hint', (s) => s.pc.hint && s.pc.hintOrder, 30000);
  await page.context().close();
});

test('the bot mode from the URL clears lines within seconds', async () => {
  const page = await open('?mode=bot&seed=7&touch=0');
  await ready(page);
  let st = await until(page, 'the bot playing', (s) => s.scene === 'play' && s.mode === 'bot');
  st = await until(page, 'the bot to clear lines', (s) => s.lines >= 2, 15000);
  const lines = st.lines;
  st = await until(page, 'more lines', (s) => s.lines > lines, 10000);
  const px = await pixels(page, 'bot.png');
  assert.ok(px.colours >= 8, `bot screenshot has ${px.colours} colours`);
  await page.context().close();
});

test('versus the thrower and bot against thrower start from the URL', async () => {
  let page = await open('?mode=versus&seed=3&touch=0');
  await ready(page);
  let st = await until(page, 'a versus game', (s) => s.scene === 'play' && s.mode === 'versus' && s.hasPiece && s.countdown === 0);
  const pieces = st.pieces;
  await tap(page, 'Space');
  st = await until(page, 'the hard drop to lock a piece', (s) => s.pieces === pieces + 1);
  await pixels(page, 'versus.png');
  // The thrower is part of the replay: the game verifies natively.
  const text = await page.evaluate(() => window.kocka.replay());
  const file = path.join(h.work, 'versus.kreplay');
  writeFileSync(file, text);
  const out = execFileSync(kockaBin, ['replay', 'verify', file], { encoding: 'utf8' });
  assert.match(out, /verified/, out);
  await page.context().close();

  page = await open('?mode=botvs&seed=3&touch=0');
  await ready(page);
  st = await until(page, 'the bot against the thrower', (s) => s.scene === 'play' && s.mode === 'botvs');
  st = await until(page, 'the bot to place pieces', (s) => s.pieces >= 5, 15000);
  await pixels(page, 'botvs.png');
  await page.context().close();
});

test('?thrower= picks the thrower of versus; a bad one gets the game\'s own message', async () => {
  let page = await open('?mode=versus&thrower=bastet&seed=3&touch=0');
  await ready(page);
  const st = await until(page, 'a versus game', (s) => s.scene === 'play' && s.mode === 'versus');
  assert.equal(st.thrower, 'bastet', 'the thrower of the link');
  await page.context().close();

  page = await open('?mode=versus&thrower=nonsense', { expectErrors: true });
  await page.waitForSelector('#error:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('#error-text'), /this link's settings/);
  assert.match(await page.textContent('#error-log'), /unknown --thrower "nonsense"/);
  await page.context().close();
});

test('game time keeps 60 ticks a second when the page draws few frames', async (t) => {
  const page = await open('?touch=0');
  await ready(page);
  await until(page, 'the title', (s) => s.scene === 'title');
  // measure counts, in the page, the animation frames (what the game
  // draws) and the game ticks over about two seconds.
  const measure = () => page.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const ticks = () => window.kocka.state().appTicks;
    const start = performance.now();
    const t0 = ticks();
    const count = () => {
      n++;
      const el = (performance.now() - start) / 1000;
      if (el < 2) requestAnimationFrame(count);
      else {
        const st = window.kocka.state(); // and what the game itself counted (F3)
        resolve({ fps: n / el, tps: (ticks() - t0) / el, gameFPS: st.fps, gameTPS: st.tickRate });
      }
    };
    requestAnimationFrame(count);
  }));
  const normal = await measure();
  // Slow the page down as a weak laptop would: the frame rate falls, the
  // game clock must not.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  const slow = await measure();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const say = (m) => `${m.fps.toFixed(1)} frames/s, ${m.tps.toFixed(1)} ticks/s (the game's F3: ${m.gameFPS} fps, ${m.gameTPS} ticks/s)`;
  t.diagnostic(`headless Chromium at 640x360: ${say(normal)}; CPU slowed 8x: ${say(slow)}`);
  // The clock catches up to half a second a frame: from 2 frames a
  // second the game keeps 60 ticks a second (give or take the measuring).
  if (slow.fps >= 4) assert.ok(slow.tps >= 54, `${slow.tps} ticks/s at ${slow.fps} frames/s`);
  assert.ok(normal.tps >= 54, `${normal.tps} ticks/s at ${normal.fps} frames/s`);
  await page.context().close();
});

test('replays recorded natively end at the same state hash in the browser', async () => {
  assert.ok(native.lines >= 40, `the native sprint cleared ${native.lines} lines`);
  // The page fetches ?replay= itself and shows it; serve the native file there.
  const page = await open('?touch=0&replay=short.kreplay', {
    setUp: (p) => p.route('**/short.kreplay', (route) => route.fulfill({ body: nativeShort.text, contentType: 'application/json' })),
  });
  await ready(page);
  const fromURL = await (await page.waitForFunction(() => window.kockaReplayResult, null, { timeout: 10000 })).jsonValue();
  assert.equal(fromURL.stateHash, nativeShort.stateHash, `?replay= result ${JSON.stringify(fromURL)}`);
  assert.equal(fromURL.ok, true);

  // Played on screen, tick by tick through the replay scene, to the end.
  let st = await until(page, 'the replay on screen', (s) => s.scene === 'play' && s.mode === 'replay');
  st = await until(page, 'the end of the replay', (s) => s.replayDone, 20000);
  assert.equal(st.stateHash, nativeShort.stateHash, 'the replay shown reaches the native hash');
  assert.equal(st.ticks, nativeShort.ticks);
  await pixels(page, 'replay.png');

  // A whole native sprint, played through the engine in the page.
  const sprint = await page.evaluate((text) => window.kocka.playReplay(text), native.text);
  assert.equal(sprint.stateHash, native.stateHash, JSON.stringify(sprint));
  assert.equal(sprint.ok, true);
  assert.equal(sprint.lines, native.lines);
  const broken = await page.evaluate((text) => window.kocka.playReplay(text.replace('"crc32"', '"crc"')), native.text);
  assert.equal(broken.ok, false, 'a damaged replay is refused');
  await page.context().close();
});

test('a ?replay= file larger than 64 MiB is refused without reading it whole', async () => {
  const huge = Buffer.alloc((64 << 20) + 1, 0x20);
  const page = await open('?touch=0&replay=huge.kreplay', {
    setUp: (p) => p.route('**/huge.kreplay', (route) => route.fulfill({ body: huge, contentType: 'application/json' })),
  });
  await ready(page);
  const res = await (await page.waitForFunction(() => window.kockaReplayResult, null, { timeout: 20000 })).jsonValue();
  assert.equal(res.ok, false, JSON.stringify(res));
  assert.match(JSON.stringify(res), /64 MiB/);
  await until(page, 'the notice on screen, the game still running',
    (s) => s.scene === 'title' && /cannot be played: the file is larger than 64 MiB/.test(s.notice || ''));
  await page.context().close();
});

test('settings persist in localStorage; damaged ones are kept aside', async () => {
  // Settings saved by an earlier visit, in place before the first load.
  const page = await open('?touch=0', {
    init: () => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('kocka/settings.json', JSON.stringify({ keys: { hold: ['V'] } }));
    },
  });
  await ready(page);
  assert.equal((await page.evaluate(() => window.kocka.keys())).hold, 'KeyV', 'the saved binding is loaded');

  await page.evaluate(() => localStorage.setItem('kocka/settings.json', '{"keys": {"hold": [')); // cut short
  await page.reload();
  await ready(page);
  const st = await until(page, 'the damage notice', (s) => /damaged/.test(s.notice || ''));
  assert.match(st.notice, /settings\.json/);
  assert.equal((await page.evaluate(() => window.kocka.keys())).hold, 'KeyC', 'defaults are used');
  // Under a name of their own (internal/durable), never over the backup.
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kocka/settings.json.damaged-')));
  assert.equal(aside.length, 1, `damaged copies: ${aside}`);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), aside[0]), '{"keys": {"hold": [',
    'the damaged settings are kept aside');
  await pixels(page, 'damaged-settings.png');
  await page.context().close();
});

test('a browser without WebAssembly or WebGL 2 gets a clear message', async () => {
  const cases = [
    { name: 'WebAssembly', init: () => { delete globalThis.WebAssembly; }, want: /does not support WebAssembly/ },
    {
      name: 'WebGL',
      init: () => {
        const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return kind === 'webgl2' ? null : get.call(this, kind, ...rest);
        };
      },
      want: /WebGL 2/,
    },
  ];
  for (const c of cases) {
    const page = await open('?touch=0', { init: c.init });
    await page.waitForSelector('#error:not([hidden])', { timeout: 10000 });
    assert.match(await page.textContent('#error-text'), c.want, c.name);
    await page.context().close();
  }
});

test('a link with a bad mode says so, with the game\'s own message', async () => {
  const page = await open('?mode=nonsense', { expectErrors: true });
  await page.waitForSelector('#error:not([hidden])', { timeout: 30000 });
  assert.match(await page.textContent('#error-text'), /this link's settings/);
  assert.match(await page.textContent('#error-log'), /unknown --mode "nonsense"/);
  await page.context().close();
});

test('PC practice: the verdict and the chance arrive in slices while the game keeps its clock', async (t) => {
  const page = await open('?mode=pc&seed=3&touch=0');
  await ready(page);
  let st = await until(page, 'PC practice', (s) => s.mode === 'pc' && s.pc && s.countdown === 0 && s.hasPiece, 15000);
  assert.equal(st.pc.field, 'empty');
  assert.equal(st.pc.pieces, 10);
  st = await until(page, 'the first verdict', (s) => s.pc.verdict !== 'thinking', 30000);
  assert.equal(st.pc.verdict, 'possible', `the empty field: ${JSON.stringify(st.pc)}`);
  assert.equal(st.pc.total, 0, 'ten pieces: the chance waits for the first piece');
  // The first piece down: the chance over the 840 queues the bag can deal
  // for the other nine is searched in slices of each frame
  // (pcpractice.Worker), about 6.5 s of CPU in a browser's engine
  // (BenchmarkChanceNine under Node). On a busy machine the next piece
  // may fall and lock first (gravity takes it down in about 20 s); then
  // the chance is that of the next position, with fewer queues.
  await pressUntil(page, 'Space', 'the first piece down', (s) => s.pieces === 1);
  const t0 = await page.evaluate(() => [performance.now(), window.kocka.state().appTicks]);
  st = await until(page, 'the chance', (s) => s.pc.total > 0, 90000);
  const t1 = await page.evaluate(() => [performance.now(), window.kocka.state().appTicks]);
  const secs = (t1[0] - t0[0]) / 1000;
  const tps = (t1[1] - t0[1]) / secs;
  t.diagnostic(`the chance after ${secs.toFixed(1)} s, ${st.pieces} pieces down: ${st.pc.chance}; ${tps.toFixed(1)} ticks/s while searching`);
  if (st.pieces === 1) assert.equal(st.pc.total, 840);
  assert.ok(st.pc.clear <= st.pc.total, JSON.stringify(st.pc));
  assert.equal(st.pc.verdict === 'possible', st.pc.clear > 0, JSON.stringify(st.pc));
  assert.ok(tps >= 54, `the game clock fell to ${tps.toFixed(1)} ticks/s while the search ran`);
  if (st.pc.verdict === 'possible') {
    // Gravity goes on meanwhile: on a busy machine another piece may lock
    // and the verdict turn, and then the miss is shown instead of a hint.
    await pressUntil(page, 'KeyH', 'the hint (or the miss, if the verdict turned)',
      (s) => (s.pc.verdict === 'possible' && s.pc.hint && s.pc.hintOrder) ||
        (s.pc.verdict === 'impossible' && s.pieces > st.pieces && s.pc.miss && s.pc.missOrder), 20000);
  } else {
    await until(page, 'the clear before the miss', (s) => s.pc.miss && s.pc.missOrder, 30000);
  }
  const px = await pixels(page, 'pc.png');
  assert.ok(px.colours >= 8, `PC screenshot has ${px.colours} colours`);
  await page.context().close();
});

test('no console errors on any page', () => {
  assert.deepEqual(problems, []);
});

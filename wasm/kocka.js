// Kocka's loader: checks what the browser can do, downloads the wasm with a
// progress bar, starts the Go program, and wires the page around it (touch
// controls, pause when hidden, a replay from the URL).
//
// The Go side (url_args_js.go, scenes/browser_js.go) reads the URL's mode,
// seed and personality itself and installs window.kocka: state(), keys(),
// pause(), playReplay(text) and replay(); it calls kockaDownload and
// kockaPickReplay for replay files.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);

  // The last lines the Go program printed, shown if it stops with an error.
  const outputTail = [];
  const keepOutput = (line) => {
    outputTail.push(line);
    if (outputTail.length > 40) outputTail.shift();
  };

  function fail(message, detail, title = 'Kocka cannot start') {
    $('loader').hidden = true;
    $('touch').hidden = true;
    document.body.classList.remove('touch');
    $('error-title').textContent = title;
    $('error-text').textContent = message;
    if (detail) {
      $('error-log').textContent = detail;
      $('error-log').hidden = false;
    }
    $('error').hidden = false;
    window.kockaFailed = message;
  }

  function missingFeature() {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
      return 'This browser does not support WebAssembly. Kocka runs in current versions of Firefox, Chrome, Edge and Safari.';
    }
    const probe = document.createElement('canvas');
    let gl = null;
    try { gl = probe.getContext('webgl2'); } catch (e) { gl = null; }
    if (!gl) {
      return 'This browser cannot draw with WebGL 2 (it may be turned off, or the graphics driver is blocked). Kocka needs it to draw the game.';
    }
    const lose = gl.getExtension('WEBGL_lose_context');
    if (lose) lose.loseContext(); // give the context back: browsers allow only a few
    return '';
  }

  const mb = (n) => (n / 1e6).toFixed(1) + ' MB';

  function progress(loaded, total) {
    const fill = $('bar-fill');
    if (total > 0) {
      fill.classList.remove('indeterminate');
      const pct = Math.min(100, Math.floor((loaded / total) * 100));
      fill.style.width = pct + '%';
      $('loader-text').textContent = `Loading… ${pct}% (${mb(loaded)} of ${mb(total)})`;
    } else {
      fill.classList.add('indeterminate');
      $('loader-text').textContent = `Loading… ${mb(loaded)}`;
    }
  }

  // build.json, written by scripts/wasm.sh, gives the size of the wasm as
  // the browser will have it after decompressing, which a compressed
  // response's Content-Length does not.
  async function expectedSize() {
    try {
      const r = await fetch('build.json', { cache: 'no-cache' });
      if (!r.ok) return 0;
      const b = await r.json();
      return Number(b.size) || 0;
    } catch (e) {
      return 0;
    }
  }

  async function download(url) {
    const [res, fromBuild] = await Promise.all([fetch(url, { cache: 'no-cache' }), expectedSize()]);
    if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
    let total = Number(res.headers.get('X-Uncompressed-Length')) || fromBuild;
    if (!total && !res.headers.get('Content-Encoding')) {
      total = Number(res.headers.get('Content-Length')) || 0;
    }
    if (!res.body || !res.body.getReader) {
      progress(0, 0);
      return new Uint8Array(await res.arrayBuffer());
    }
    const reader = res.body.getReader();
    const chunks = [];
    let loaded = 0;
    progress(0, total);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      progress(loaded, total);
    }
    const bytes = new Uint8Array(loaded);
    let off = 0;
    for (const c of chunks) {
      bytes.set(c, off);
      off += c.length;
    }
    return bytes;
  }

  // Keep what the Go program prints: wasm_exec.js sends its stdout and
  // stderr through fs.writeSync to console.log, line by line.
  function captureOutput() {
    const fs = globalThis.fs;
    if (!fs || typeof fs.writeSync !== 'function') return;
    const write = fs.writeSync.bind(fs);
    const decoder = new TextDecoder('utf-8');
    let pending = '';
    fs.writeSync = (fd, buf) => {
      pending += decoder.decode(buf);
      const nl = pending.lastIndexOf('\n');
      if (nl >= 0) {
        pending.slice(0, nl).split('\n').forEach(keepOutput);
        pending = pending.slice(nl + 1);
      }
      return write(fd, buf);
    };
  }

  // Touch controls press the key bound to each action, read from the game
  // (bindings can be changed in Settings), so they take exactly the path a
  // keyboard takes: DAS, ARR and the menus work the same.
  const defaultKeys = {
    left: 'ArrowLeft', right: 'ArrowRight', softdrop: 'ArrowDown', harddrop: 'Space',
    cw: 'ArrowUp', ccw: 'KeyZ', hold: 'KeyC', pause: 'Escape',
  };
  const keyNames = { Space: ' ', Escape: 'Escape', ArrowLeft: 'ArrowLeft', ArrowRight: 'ArrowRight', ArrowUp: 'ArrowUp', ArrowDown: 'ArrowDown', Enter: 'Enter' };

  function keyFor(action) {
    try {
      const keys = window.kocka && window.kocka.keys && window.kocka.keys();
      if (keys && keys[action]) return keys[action];
    } catch (e) { /* the game is not running; fall back to the defaults */ }
    return defaultKeys[action];
  }

  function sendKey(type, code) {
    const canvas = document.querySelector('canvas');
    if (!canvas) return;
    const key = keyNames[code] || (code.startsWith('Key') ? code.slice(3).toLowerCase() : code);
    // Not bubbling: Ebitengine listens on the canvas itself, and the audio
    // driver's one-time unlock listens on the document for keyup and
    // touchend, and fails ("call to released function") if one touch
    // reaches it twice.
    canvas.dispatchEvent(new KeyboardEvent(type, { code, key, bubbles: false, cancelable: true }));
  }

  function wantTouch() {
    const t = params.get('touch');
    if (t === '1') return true;
    if (t === '0') return false;
    // A touch screen as the main pointer (phones, tablets); a laptop with a
    // touch screen besides its touchpad keeps the whole window for the game.
    return window.matchMedia('(pointer: coarse)').matches;
  }

  // The game says which controls its scene wants: "pieces", "pc" (the
  // pieces and PC practice's hint), "board" (a Gobblet game, played by
  // tapping the board) or "watch" (the bot plays: the board's bar with
  // only its menu button).
  window.kockaControls = (kind) => {
    const bar = kind === 'board' || kind === 'watch';
    $('touch').classList.toggle('board', bar);
    $('touch').classList.toggle('watch', kind === 'watch');
    $('touch').classList.toggle('pc', kind === 'pc');
    document.body.classList.toggle('board', bar);
  };

  // Taps on the game itself. Ebitengine reads the touches as a snapshot
  // once a tick, so a touch that starts and ends between two ticks (a
  // quick tap, or any tap while a slow phone drops frames) never reaches
  // the game. (Mouse buttons and keys it times, so a quick click counts;
  // the queue leaves the mouse alone, or a click would count twice.) The
  // page keeps each touch on the canvas; at every tick the game takes,
  // through kockaTakeTaps, the ones already over, and drops the rest,
  // which Ebitengine sees itself (browser_js.go).
  const maxTaps = 16;
  let taps = []; // {id, x, y, up}: x and y in device pixels, as Ebitengine's
  document.addEventListener('pointerdown', (e) => {
    if (e.target.tagName !== 'CANVAS' || e.pointerType === 'mouse' || e.button !== 0 || taps.length >= maxTaps) return;
    const s = window.devicePixelRatio || 1;
    taps.push({ id: e.pointerId, x: e.clientX * s, y: e.clientY * s, up: false });
  }, true);
  const tapEnded = (cancelled) => (e) => {
    const i = taps.findLastIndex((t) => t.id === e.pointerId && !t.up);
    if (i < 0) return;
    if (cancelled) taps.splice(i, 1); // a scroll or a system gesture, not a tap
    else taps[i].up = true;
  };
  document.addEventListener('pointerup', tapEnded(false), true);
  document.addEventListener('pointercancel', tapEnded(true), true);
  window.kockaTakeTaps = () => {
    const over = taps.filter((t) => t.up).flatMap((t) => [t.x, t.y]);
    taps = [];
    return over;
  };

  function setUpTouch() {
    if (!wantTouch()) return;
    document.body.classList.add('touch');
    $('touch').hidden = false;
    for (const btn of document.querySelectorAll('#touch button')) {
      const action = btn.dataset.action;
      let code = null; // the key held by this button, fixed from press to release
      const press = (e) => {
        e.preventDefault();
        if (code) return;
        code = btn.dataset.key || keyFor(action);
        btn.setPointerCapture(e.pointerId);
        btn.classList.add('down');
        if (navigator.vibrate) navigator.vibrate(8);
        sendKey('keydown', code);
      };
      const release = (e) => {
        e.preventDefault();
        if (!code) return;
        sendKey('keyup', code);
        code = null;
        btn.classList.remove('down');
      };
      // The canvas must keep the keyboard focus, or keys stop reaching the game.
      btn.tabIndex = -1;
      btn.addEventListener('mousedown', (e) => e.preventDefault());
      btn.addEventListener('pointerdown', press);
      btn.addEventListener('pointerup', release);
      btn.addEventListener('pointercancel', release);
      btn.addEventListener('lostpointercapture', release);
      btn.addEventListener('contextmenu', (e) => e.preventDefault());
    }
  }

  // Pause the game when the tab is hidden: the browser stops drawing it, and
  // a player switching back must not find the piece already falling.
  function setUpVisibility() {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden' && window.kocka && window.kocka.pause) {
        window.kocka.pause();
      }
    });
  }

  const maxReplayBytes = 64 << 20; // engine.MaxReplayBytes

  // readCapped reads a response's body as text, or returns null as soon as
  // it is longer than max bytes, so that a huge file never fills memory.
  async function readCapped(res, max) {
    if (Number(res.headers.get('Content-Length')) > max) return null;
    const reader = res.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    return new TextDecoder().decode(await new Blob(chunks).arrayBuffer());
  }

  // ?replay=URL fetches a replay file (as `kocka` writes them) and plays it
  // once the game is up.
  async function replayFromURL() {
    const src = params.get('replay');
    if (!src) return;
    const res = await fetch(src);
    if (!res.ok) throw new Error(`replay ${src}: ${res.status} ${res.statusText}`);
    const text = await readCapped(res, maxReplayBytes);
    await ready;
    window.kockaReplayResult = text === null
      ? window.kocka.rejectReplay('the file is larger than 64 MiB')
      : window.kocka.playReplay(text);
  }

  // Replay files: exported as downloads (the game calls kockaDownload), and
  // imported with a file picker (the replay browser's Import calls
  // kockaPickReplay) or by dropping a file on the page. The game checks
  // the file (engine's decoder: format, checksum, sizes) and says on screen
  // when it cannot be played.
  window.kockaDownload = (name, text) => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  async function importReplay(file) {
    if (!file) return;
    await ready;
    window.kockaReplayResult = file.size > maxReplayBytes
      ? window.kocka.rejectReplay('the file is larger than 64 MiB')
      : window.kocka.playReplay(await file.text());
    // The picker took the keyboard focus; the game listens on the canvas.
    const canvas = document.querySelector('canvas');
    if (canvas) canvas.focus();
  }
  function setUpReplayFiles() {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.kreplay,application/json';
    input.hidden = true;
    input.id = 'replay-file';
    document.body.appendChild(input);
    input.addEventListener('change', () => {
      importReplay(input.files[0]).catch((e) => console.error('kocka: ' + e.message));
      input.value = '';
    });
    window.kockaPickReplay = () => input.click();
    document.addEventListener('dragover', (e) => e.preventDefault());
    document.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer && e.dataTransfer.files[0];
      importReplay(f).catch((err) => console.error('kocka: ' + err.message));
    });
  }

  // Milliseconds since navigation at each step, for the tests' report.
  const timings = {};
  window.kockaTimings = timings;
  const mark = (step) => { timings[step] = Math.round(performance.now()); };

  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });
  // The Go side dispatches kocka-ready once window.kocka is installed and
  // the first frame is drawn.
  window.addEventListener('kocka-ready', () => {
    mark('firstFrame');
    $('loader').hidden = true;
    markReady();
  });

  async function start() {
    const missing = missingFeature();
    if (missing) {
      fail(missing);
      return;
    }
    if (typeof Go !== 'function') {
      fail('wasm_exec.js did not load; the page is incomplete (run `make wasm`).');
      return;
    }
    captureOutput();
    setUpTouch();
    setUpVisibility();
    setUpReplayFiles();

    const go = new Go();
    let exitCode = 0;
    const exit = go.exit;
    go.exit = (code) => {
      exitCode = code;
      exit.call(go, code);
    };

    let bytes;
    mark('start');
    try {
      bytes = await download('kocka.wasm');
      mark('downloaded');
    } catch (e) {
      fail('The game could not be downloaded: ' + e.message + '. Reload the page to try again.');
      return;
    }
    $('loader-text').textContent = 'Starting…';
    let instance;
    try {
      ({ instance } = await WebAssembly.instantiate(bytes, go.importObject));
      mark('compiled');
    } catch (e) {
      fail('The game could not be started: ' + e.message);
      return;
    }
    replayFromURL().catch((e) => console.error('kocka: ' + e.message));
    await go.run(instance);
    // Ebitengine's event handlers stay on the canvas and the window; once
    // the program has exited, wasm_exec.js would throw from each of them.
    go._resume = () => {};
    // The program only returns when the game ends (Quit) or fails.
    if (exitCode !== 0) {
      const log = outputTail.join('\n');
      console.error(`kocka: the game stopped with exit code ${exitCode}\n${log}`);
      if (exitCode === 2) { // the flags were refused: here, the URL's parameters
        const plain = location.pathname;
        fail(`The game cannot start with this link's settings (${location.search}). Open ${plain} to play without them.`, log, 'Kocka cannot start');
      } else {
        fail(`The game stopped with an error (exit code ${exitCode}). Reload the page to start again.`, log, 'Kocka stopped');
      }
    } else {
      fail('Reload the page to play again.', '', 'Kocka has ended');
    }
  }

  start();
})();

// controls.mjs -- the control panel: every control is a labelled native element (keyboard and
// touch work without extra code) that calls app.set(name, value), the same function hosts and
// tests reach as window.silkApp.set. app.onChange tells the panel when a setting changed from
// elsewhere (the URL, the API, a scene switch), so the two never disagree.
// The silent runs and the replay's status answer at once on the main thread (app.mjs) and as
// promises when the world is in the page's Worker (page-worker-host.mjs): both are awaited.
import { LIMITS, DISPLAY_RATES } from '../kit/params.mjs';
import { sig } from '../kit/format.mjs';
import { el } from '../kit/dom.mjs';

// [name, label, kind, extra]. 'live' ranges apply while dragging; the others on release.
const SPEC = [
  ['scene', 'Scene', 'select'],
  ['step', 'Step: relaxation passes per frame', 'range', { ...LIMITS.step, by: 1, live: true }],
  ['tensor', 'Tensor: web rest-length factor (rebuilds the web)', 'range', { ...LIMITS.tensor, by: 0.05 }],
  ['friction', 'Friction: velocity kept per frame', 'range', { ...LIMITS.friction, by: 0.001, live: true }],
  ['gravity', 'Gravity: px/frame²', 'range', { ...LIMITS.gravity, by: 0.01, live: true }],
  ['loopMode', 'Loop', 'radio', { options: [['fixed', 'fixed step (1/60 s)'], ['coupled', 'coupled (one frame per display frame)']] }],
  ['simulatedHz', 'Display rate', 'select', { options: DISPLAY_RATES.map((r) => [String(r), typeof r === 'number' ? `${r} Hz` : r]) }],
  ['seed', 'Seed (rebuilds)', 'number'],
  ['solver', 'Solver', 'radio', { options: [['compat', 'compat (verlet-js, bit for bit)'], ['robust', 'robust (XPBD in seconds)']] }],
  ['substeps', 'Robust substeps per step', 'range', { ...LIMITS.substeps, by: 1, live: true }],
  ['autoRestore', 'Watchdog restores the last healthy state', 'checkbox'],
];


export function createControls(root, app) {
  const inputs = new Map(); // name -> { read(), write(v) }
  const form = root.querySelector('form.settings');
  form.addEventListener('submit', (e) => e.preventDefault());

  for (const [name, label, kind, extra = {}] of SPEC) {
    const id = `c-${name}`;
    const row = el('div', { className: `row ${kind}` });
    if (kind === 'select') {
      const options = name === 'scene' ? app.sceneList().map((s) => [s.name, s.label]) : extra.options;
      const select = el('select', { id, name }, ...options.map(([v, t]) => el('option', { value: v, textContent: t })));
      select.addEventListener('change', () => apply(name, name === 'simulatedHz' && /^\d+$/.test(select.value) ? Number(select.value) : select.value));
      row.append(el('label', { htmlFor: id, textContent: label }), select);
      inputs.set(name, { write: (v) => { select.value = String(v); }, el: select });
    } else if (kind === 'range') {
      const input = el('input', { id, name, type: 'range', min: extra.min, max: extra.max, step: extra.by });
      const out = el('output', { htmlFor: id });
      const show = () => { out.textContent = sig(Number(input.value), 4); };
      input.addEventListener('input', () => { show(); if (extra.live) apply(name, Number(input.value)); });
      input.addEventListener('change', () => apply(name, Number(input.value)));
      row.append(el('label', { htmlFor: id, textContent: label }), el('div', { className: 'range' }, input, out));
      inputs.set(name, { write: (v) => { input.value = String(v); show(); }, el: input });
    } else if (kind === 'radio') {
      const set = el('fieldset', {}, el('legend', { textContent: label }));
      const radios = extra.options.map(([v, t]) => {
        const r = el('input', { type: 'radio', name, value: v, id: `${id}-${v}` });
        r.addEventListener('change', () => { if (r.checked) apply(name, v); });
        set.append(el('label', { className: 'choice', htmlFor: r.id }, r, ` ${t}`));
        return r;
      });
      row.append(set);
      inputs.set(name, { write: (v) => radios.forEach((r) => { r.checked = r.value === v; }), el: radios[0] });
    } else if (kind === 'checkbox') {
      const box = el('input', { id, name, type: 'checkbox' });
      box.addEventListener('change', () => apply(name, box.checked));
      row.append(el('label', { className: 'choice', htmlFor: id }, box, ` ${label}`));
      inputs.set(name, { write: (v) => { box.checked = v === true; }, el: box });
    } else {
      const input = el('input', { id, name, type: 'number', min: 0, step: 1, inputMode: 'numeric' });
      input.addEventListener('change', () => apply(name, input.value === '' ? NaN : Number(input.value)));
      row.append(el('label', { htmlFor: id, textContent: label }), input);
      inputs.set(name, { write: (v) => { input.value = String(v); }, el: input });
    }
    form.append(row);
  }

  const message = root.querySelector('.control-message');
  function apply(name, value) {
    try {
      app.set(name, value);
      message.textContent = '';
    } catch (e) {
      message.textContent = e.message; // the setting keeps its value; sync() puts it back
      sync(app.settings);
    }
  }

  function sync(s) {
    for (const [name, input] of inputs) {
      if (s[name] !== undefined && document.activeElement !== input.el) input.write(s[name]);
    }
    const uses = app.currentScene().uses;
    inputs.get('tensor').el.disabled = !uses.includes('tensor');
    inputs.get('substeps').el.disabled = s.solver !== 'robust';
  }

  // transport
  const play = root.querySelector('button.play');
  play.addEventListener('click', () => app.set('paused', !app.settings.paused));
  root.querySelector('button.single').addEventListener('click', () => app.singleStep());
  root.querySelector('button.reset').addEventListener('click', () => app.reset());
  function syncPaused(paused) {
    play.textContent = paused ? 'Play' : 'Pause';
    play.setAttribute('aria-pressed', String(paused));
  }

  // lab: the silent runs
  const diagOut = root.querySelector('.diag-result');
  const diagButton = root.querySelector('button.diag');
  diagButton.addEventListener('click', async () => {
    diagButton.disabled = true;
    let r;
    try {
      r = await app.runDiagnostic(300);
    } catch (e) {
      diagOut.textContent = `The diagnostic run failed: ${e.message}`;
      return;
    } finally {
      diagButton.disabled = false;
    }
    diagOut.textContent =
      `${r.frames} frames of a fresh ${r.scene} at step ${r.step} (seed ${r.seed}), ${r.ms.toFixed(0)} ms: ` +
      `NaN particles ${r.nanCount}, final bounding radius ${sig(r.boundingRadius)} px, ` +
      `strain median ${sig(r.strainMedian * 100)} % / p97 ${sig(r.strainP97 * 100)} % / max ${sig(r.strainMax * 100)} %, ` +
      `verdict ${r.verdict}${r.exploded ? ' — it blew up' : ''}.`;
  });

  const sweepButton = root.querySelector('button.sweep');
  const sweepBody = root.querySelector('table.sweep tbody');
  const sweepCaption = root.querySelector('table.sweep caption');
  let sweepJob = 0;
  sweepButton.addEventListener('click', () => {
    const job = ++sweepJob;
    sweepBody.replaceChildren();
    root.querySelector('table.sweep').hidden = false;
    const s = app.settings;
    const tensor = app.currentScene().uses.includes('tensor') ? `, tensor ${s.tensor}` : '';
    sweepCaption.textContent = `${s.scene}, seed ${s.seed}${tensor}, friction ${s.friction}, gravity ${s.gravity}: ` +
      '120 frames per step on a fresh copy, radius about the canvas centre';
    sweepButton.disabled = true;
    let step = 1;
    // One row per task: a 32-row sweep is ~60 k frames, too long for one task on a phone.
    const next = async () => {
      if (job !== sweepJob) return;
      const r = await app.sweepRow(step, 120);
      if (job !== sweepJob) return;
      const tr = el('tr', { className: r.exploded ? 'bad' : '' },
        el('td', { textContent: r.step }),
        el('td', { textContent: sig(r.kEffective) }),
        el('td', { textContent: sig(r.stabilityMargin) }),
        el('td', { textContent: r.verdict }),
        el('td', { textContent: sig(r.boundingRadius) }),
        el('td', { textContent: r.exploded ? (r.nanCount > 0 ? `blew up (${r.nanCount} NaN)` : 'blew up') : 'bounded' }));
      sweepBody.append(tr);
      if (++step <= 32) setTimeout(next, 0);
      else sweepButton.disabled = false;
    };
    setTimeout(next, 0);
  });

  // "Replay the last 10 s": the engine replays the recorded inputs in the live view, then
  // compares the state hash with the one the recorded run reached.
  const replayButton = root.querySelector('button.replay');
  const replayOut = root.querySelector('.replay-result');
  const replayFiles = root.querySelector('.replay-files');
  let replayTimer = 0;
  async function showReplay() {
    const r = await app.replayStatus();
    if (r.state === 'playing') {
      replayOut.textContent = `Replaying step ${r.step} of ${r.steps} (${(r.steps / 60).toFixed(1)} s of recorded input)…`;
      replayTimer = setTimeout(showReplay, 200);
      return;
    }
    replayButton.disabled = false;
    if (r.state !== 'done') return;
    const hashes = r.parts.map((p) => `${p.hash} ${p.matches ? '=' : '≠'} ${p.recordedHash}`).join(', then ');
    replayOut.textContent = `Replayed ${r.steps} steps (${(r.steps / 60).toFixed(1)} s): ` +
      `${r.matches ? 'the same state as the recorded run, bit for bit' : 'the state DIFFERS from the recorded run'} (hash ${hashes}).`;
    const links = (await app.replayDownloads()).map((bytes, i, all) => {
      const a = el('a', { href: URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' })), textContent: `recording ${i + 1} of ${all.length}` });
      a.download = `silk-replay-${i + 1}.silkrec`;
      return a;
    });
    replayFiles.replaceChildren('Download (for silk-lab replay FILE): ', ...links.flatMap((a, i) => (i ? [' · ', a] : [a])));
  }
  replayButton.addEventListener('click', async () => {
    clearTimeout(replayTimer);
    for (const a of replayFiles.querySelectorAll('a')) URL.revokeObjectURL(a.href);
    replayFiles.replaceChildren();
    replayButton.disabled = true;
    await app.replayLast();
    showReplay();
  });

  return { sync, syncPaused };
}

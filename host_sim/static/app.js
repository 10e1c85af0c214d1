// The simulator page: draws the board from the server's state and sends
// physical events (lift / put a stone, press a button). The firmware on the
// server decides everything; this page never applies a rule.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const COLS = "abcdefg";
const X0 = 80, STEP = 100;           // grid in SVG units (viewBox 760)
const LED_DX = 31, LED_DY = 31;      // the LED sits beside its point
let POINTS = [];                     // names, index = point number
let catalogue = null, levels = [1, 2, 3, 4, 5], levelNames = {};
let state = null, ws = null, setupKey = null, errorTimer = null, mode = "simulator";
let languages = { en: "English" };
const el = id => document.getElementById(id);

// ---- translations (gettext catalogues served as JSON, see host_sim/i18n.py) -----------
let LANG = "en", MSG = {}, TEMPLATES = [];
const N_ = s => s;                       // marks a text for the catalogue (translated later by t)
window.untranslated = new Set();        // English texts asked for but not translated (tests)
function fill(text, args) {
  return text.replace(/\{(\d+)\}/g, (m, i) => (args[+i] !== undefined ? args[+i] : m));
}
// t(msgid, ...args): the catalogue's text for msgid (English when missing), {0}.. filled in
function t(id, ...args) {
  let out = id;
  if (LANG !== "en") {
    if (Object.prototype.hasOwnProperty.call(MSG, id) && MSG[id]) out = MSG[id];
    else window.untranslated.add(id);
  }
  return fill(out, args);
}
// A text the firmware worded (status message, mistake, reason): the same catalogue,
// through the message templates of the controller (their {0}.. parts translated too).
function tm(text) {
  if (text === undefined || text === null || text === "") return text;
  if (LANG === "en") return text;
  if (Object.prototype.hasOwnProperty.call(MSG, text) && MSG[text]) return MSG[text];
  for (const tp of TEMPLATES) {
    const m = tp.re.exec(text);
    if (m) return fill(t(tp.id), m.slice(1).map(part => tmPart(part)));
  }
  window.untranslated.add(text);
  return text;
}
function tmPart(part) {
  if (/^[a-g][1-7]( [a-g][1-7])*$/.test(part) || /^[\d\s]+$/.test(part)) return part;   // points, numbers
  if (/^[a-g][1-7](-[a-g][1-7])?(x[a-g][1-7])*$/.test(part)) return part;                // a move
  return tm(part);
}
function makeTemplates(list) {
  const esc = s => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return list.slice().sort((a, b) => b.length - a.length).map(id => ({
    id, re: new RegExp("^" + id.split(/\{\d+\}/).map(esc).join("(.+?)") + "$") }));
}
function applyI18n() {
  document.documentElement.lang = LANG === "sr" ? "sr-Latn" : LANG;
  document.querySelectorAll("[data-i18n]").forEach(e => { e.textContent = t(e.dataset.i18n); });
  document.querySelectorAll("[data-i18n-title]").forEach(e => { e.title = t(e.dataset.i18nTitle); });
  document.title = t("Nine Men's Morris board simulator");
}
async function setLanguage(lang) {
  if (!(lang in languages)) lang = "en";
  let data = { messages: {}, templates: [] };
  try { data = await (await fetch(`/i18n/${lang}.json`)).json(); } catch (e) { lang = "en"; }
  LANG = lang; MSG = data.messages || {}; TEMPLATES = makeTemplates(data.templates || []);
  window.untranslated = new Set();
  try { localStorage.setItem("morris-lang", lang); } catch (e) { /* private mode */ }
  el("lang").value = lang;
  applyI18n();
  if (catalogue) { const keep = setupValues(); buildSetup(catalogue); if (keep) restoreSetup(keep); }
  if (state) render(state);
  document.body.dataset.lang = lang;
}
function defaultLanguage() {
  try { const saved = localStorage.getItem("morris-lang"); if (saved && saved in languages) return saved; } catch (e) { /* */ }
  for (const l of (navigator.languages || [navigator.language || "en"])) {
    const code = String(l).toLowerCase().split("-")[0];
    if (code in languages) return code;
    if (code === "sh" || code === "hr" || code === "bs") return "sr";
  }
  return "en";
}

function xy(name) {
  const c = COLS.indexOf(name[0]), r = parseInt(name.slice(1), 10);
  return [X0 + c * STEP, X0 + (7 - r) * STEP];
}

function make(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// ---- drawing the wooden board once ------------------------------------------
function drawBoard(names) {
  POINTS = names;
  const lines = el("lines"), glows = el("glows"), holes = el("holes"), leds = el("leds"),
        stones = el("stones"), labels = el("names"), hits = el("hits");
  for (const g of [lines, glows, holes, leds, stones, labels, hits]) g.textContent = "";
  for (const k of [0, 1, 2]) {          // three squares
    const a = X0 + k * STEP, w = (6 - 2 * k) * STEP;
    make("rect", { x: a, y: a, width: w, height: w }, lines);
  }
  const mid = X0 + 3 * STEP;
  make("line", { x1: mid, y1: X0, x2: mid, y2: X0 + 2 * STEP }, lines);
  make("line", { x1: mid, y1: X0 + 4 * STEP, x2: mid, y2: X0 + 6 * STEP }, lines);
  make("line", { x1: X0, y1: mid, x2: X0 + 2 * STEP, y2: mid }, lines);
  make("line", { x1: X0 + 4 * STEP, y1: mid, x2: X0 + 6 * STEP, y2: mid }, lines);
  names.forEach((name, i) => {
    const [x, y] = xy(name);
    make("circle", { cx: x, cy: y, r: 44, class: "glow", "data-point": name, opacity: 0,
                     fill: "none", filter: "url(#blur)" }, glows);
    make("circle", { cx: x, cy: y, r: 41, class: "ring", "data-point": name, opacity: 0,
                     fill: "none", stroke: "none" }, glows);
    make("circle", { cx: x, cy: y, r: 11, class: "hole" }, holes);
    make("circle", { cx: x + LED_DX, cy: y + LED_DY, r: 8, class: "led-lens led", "data-point": name,
                     "data-rgb": "0,0,0" }, leds);
    const s = make("circle", { cx: x, cy: y, r: 33, class: "stone", "data-point": name }, stones);
    s.style.display = "none";
    const t = make("text", { x: x - 44, y: y - 22, class: "point-name" }, labels);
    t.textContent = name;
    const h = make("circle", { cx: x, cy: y, r: 46, class: "hit", "data-point": name, tabindex: 0,
                               role: "button", "aria-label": "point " + name }, hits);
    h.addEventListener("pointerdown", ev => onDown(ev, i));
    h.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); toggle(i); } });
  });
}

// LED colour as the frame says: the hue exactly, the brightness as opacity.
function ledLook(rgb) {
  const [r, g, b] = rgb, m = Math.max(r, g, b);
  if (m <= 0) return null;
  const k = 255 / m;
  return { fill: `rgb(${Math.round(r * k)},${Math.round(g * k)},${Math.round(b * k)})`,
           alpha: Math.min(1, 0.4 + 0.6 * Math.sqrt(m / 255)) };
}

// ---- rendering the state -----------------------------------------------------
function render(st) {
  state = st;
  const rp = st.replay;                  // replay view: the board of the replayed game
  const view = rp ? rp : st;
  const planned = rp ? stonesMask(rp.stones) : st.planned;
  const lit = rp ? replayLit(rp) : ((st.status && st.status.lit) || {});
  document.body.classList.toggle("replaying", !!rp);
  document.body.classList.toggle("mirroring", st.mode === "mirror");
  POINTS.forEach((name, i) => {
    const rgb = rp ? replayRgb(lit[name]) : (st.leds[i] || [0, 0, 0]);
    const look = ledLook(rgb);
    const glow = document.querySelector(`.glow[data-point="${name}"]`);
    const led = document.querySelector(`.led[data-point="${name}"]`);
    const meaning = lit[name] || "off";
    led.setAttribute("data-rgb", rgb.join(","));
    led.setAttribute("data-meaning", meaning);
    const tip = led.querySelector("title") || make("title", {}, led);
    tip.textContent = `${name}: LED ${rgb.join(",")} — ${describe(meaning)}`;
    const ring = document.querySelector(`.ring[data-point="${name}"]`);
    ring.setAttribute("stroke", look ? look.fill : "none");
    ring.setAttribute("opacity", look ? look.alpha : 0);
    led.classList.toggle("lit", !!look);
    led.style.fill = look ? look.fill : "";
    glow.setAttribute("opacity", look ? look.alpha : 0);
    glow.setAttribute("fill", look ? look.fill : "none");
    const stone = document.querySelector(`.stone[data-point="${name}"]`);
    const colour = view.stones[i];
    const willBe = (planned >> i) & 1;
    if (colour) {
      stone.style.display = "";
      stone.setAttribute("class", "stone " + colour + (willBe ? "" : " pending"));
      stone.setAttribute("data-colour", colour);
    } else if (willBe && !rp) {
      stone.style.display = "";
      const c = el("box-colour").value || (st.held.length ? st.held[st.held.length - 1] : st.turn);
      stone.setAttribute("class", "stone pending " + c);
      stone.setAttribute("data-colour", "");
    } else {
      stone.style.display = "none";
      stone.setAttribute("data-colour", "");
    }
  });
  const who = st.settings.players;
  const mover = view.turn, moverKind = who[mover === "white" ? 0 : 1];
  const Mover = mover === "white" ? "White" : "Black";
  el("turn-stone").className = "stone-icon " + mover;
  let tt = t(Mover === "White" ? N_("White to move") : N_("Black to move"));
  const result = rp ? rp.result : st.result;
  if (result) tt = t("Game over");
  else if (!rp && moverKind === "computer" && st.status && st.status.thinking) tt = t("{0} (computer) thinking…", t(Mover));
  el("turn-text").textContent = tt;
  const phase = !rp && st.status && st.status.phase ? t(st.status.phase) : "";
  const whose = rp || st.mode === "mirror" ? "" : (moverKind === "computer" ? t("computer's turn") : t("your turn"));
  el("phase-text").textContent = [phase, whose].filter(Boolean).join(" · ");
  el("message").textContent = rp ? replayMessage(rp) : tm(st.message || "");
  for (const [i, c] of [[0, "white"], [1, "black"]]) {
    el("hand-" + c).textContent = view.in_hand[i];
    el("board-" + c).textContent = view.on_board[i];
    el("cap-" + c).textContent = view.captured[i];
    el("who-" + c).textContent = "(" + (rp ? tagName(rp.tags[c === "white" ? "White" : "Black"]) : t(who[i])) + ")";
    el("tray-" + c).classList.toggle("to-move", !result && mover === c);
    const box = el("hand-stones-" + c);
    let html = "";
    for (let k = 0; k < view.in_hand[i]; k++) html += `<span class="stone-icon ${c}"></span>`;
    for (let k = 0; k < view.captured[i]; k++) html += `<span class="stone-icon ${c} gone" title="${t("stones of this player captured by the opponent")}"></span>`;
    box.innerHTML = html;
  }
  el("held-box").hidden = rp || !st.held.length;
  el("held").innerHTML = st.held.map(c => `<span class="stone-icon ${c}"></span>`).join(" ");

  const rec = el("record");
  rec.textContent = "";
  if (rp) {
    // numbered moves of the replayed game; the shown position's move is marked
    let li = null;
    rp.moves.forEach((m, k) => {
      if (m.side === "white" || k === 0) {
        li = document.createElement("li");
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = m.side === "white" ? `${m.n}.` : `${m.n}...`;
        li.appendChild(num);
        rec.appendChild(li);
      }
      const sp = document.createElement("span");
      sp.className = "move rmove" + (k === rp.index - 1 ? " current" : "");
      sp.textContent = m.move;
      sp.addEventListener("click", () => send({ type: "replay", action: "goto", index: k + 1 }));
      li.append(" ", sp);
    });
  } else {
    const first = st.record.length % 2 === 0 ? st.turn : (st.turn === "white" ? "black" : "white");
    const off = first === "black" ? 1 : 0;
    for (let k = -off; k < st.record.length; k += 2) {
      const li = document.createElement("li");
      const pair = st.record.slice(Math.max(0, k), k + 2);
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${(k + off) / 2 + 1}.${k < 0 ? ".." : ""}`;
      li.appendChild(num);
      for (const mv of pair) {
        const sp = document.createElement("span");
        sp.className = "move";
        sp.textContent = mv;
        li.append(" ", sp);
      }
      if (k + 2 >= st.record.length) li.className = "last";
      rec.appendChild(li);
    }
  }
  el("rules-name").textContent = "(" + (rp ? rp.rules : st.settings.rules) + ")";

  const banner = el("result-banner");
  if (result) {
    const reason = rp ? rp.reason : st.reason;
    const winner = rp ? (result === "1/2-1/2" ? "draw" : result === "1-0" ? "white" : "black") : st.winner;
    const w = winner === "draw" ? t("Draw") : (winner === "white" ? t("White wins") : t("Black wins"));
    banner.textContent = `${w} — ${tm(reason)} (${result})`;
    banner.hidden = false;
  } else banner.hidden = true;

  renderMode(st);
  renderHint(st);
  renderCard(rp ? rp.rules : st.settings.rules);
  if (st.firmware_error) showError(st.firmware_error);
  document.body.dataset.moves = st.record.length;
  document.body.dataset.queued = st.queued;
  document.body.dataset.replayIndex = rp ? rp.index : "";
  renderLegend(st, lit, rp);
  const evs = el("events");
  evs.innerHTML = "";
  for (const line of st.serial) { const li = document.createElement("li"); li.textContent = line; evs.appendChild(li); }
  // the setup form shows the game being played: loaded again whenever the server's settings change
  if (catalogue && st.mode !== "mirror" && JSON.stringify(st.settings) !== setupKey) loadSetup(st.settings);
  scrollRecord();
  requestAnimationFrame(scrollRecord);      // again once the layout (legend, trays) has settled
}

// The record panel keeps the newest move (in replay: the shown move) in view.
function scrollRecord() {
  const box = el("record-box");
  if (state && state.replay) {
    const cur = box.querySelector(".rmove.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  } else box.scrollTop = box.scrollHeight;
}

function stonesMask(stones) { let m = 0; stones.forEach((c, i) => { if (c) m |= 1 << i; }); return m; }
function tagName(v) { return !v || v === "?" ? "?" : (v === "human" || v === "computer" ? t(v) : v); }

// In replay the LEDs show the move that led to the shown position and its mill.
function replayLit(rp) {
  const lit = {};
  if (rp.last) {
    if (rp.last.from) lit[rp.last.from] = "last_from";
    lit[rp.last.to] = "last_to";
  }
  for (const mill of rp.mills) for (const p of mill) lit[p] = "mill";
  return lit;
}
function replayRgb(meaning) {
  const pal = { last_from: [40, 40, 40], last_to: [0, 90, 255], mill: [255, 255, 255] };
  return pal[meaning] || [0, 0, 0];
}
function replayMessage(rp) {
  let s = rp.index === 0 ? t("Start position") : t("Move {0} of {1}: {2} played {3}", rp.index, rp.total,
    t(rp.last.by === "white" ? "White" : "Black"), rp.last.move);
  if (rp.mills.length) s += " — " + t("mill formed: {0}", rp.mills.map(m => m.join(" ")).join(", "));
  return s;
}

function renderMode(st) {
  const rp = st.replay, mt = el("mode-text");
  if (st.mode === "mirror") {
    const m = st.mirror || {};
    mt.textContent = m.connected ? t("Mirroring the board on {0} (read-only)", m.port)
                                 : t("Waiting for the board on {0}…", m.port);
    mt.hidden = false;
  } else mt.hidden = true;
  const bar = el("replay-bar");
  bar.hidden = !rp;
  if (rp) {
    el("replay-text").textContent = t("Replay: move {0} of {1}", rp.index, rp.total) +
      (rp.tags.White || rp.tags.Black ? " — " + tagName(rp.tags.White) + " : " + tagName(rp.tags.Black) : "");
    el("rp-continue").hidden = st.mode === "mirror";
  }
  const ro = st.mode === "mirror" || !!rp;
  document.querySelectorAll("button.hw, #start, #sweep, #tidy").forEach(b => { b.disabled = ro; });
}

// The Hint button answers the two questions of the Serbian rule text.
function renderHint(st) {
  const box = el("hint-box"), h = st.hint;
  if (!h || st.replay) { box.hidden = true; return; }
  box.hidden = false;
  el("hint-now").textContent = h.mill_now && h.mill_now.length
    ? t("Can I close a mill now? Yes: at {0}", h.mill_now.join(" ")) : t("Can I close a mill now? No");
  el("hint-threat").textContent = h.threats && h.threats.length
    ? t("Can the opponent close one on the next move? Yes: at {0}", h.threats.join(" "))
    : t("Can the opponent close one on the next move? No");
}

// ---- the rules card (RULES.md, one card per preset and its options) -----------------------
function renderCard(rulesText) {
  if (!catalogue) return;
  const [preset, ...mods] = rulesText.split("+");
  const base = catalogue.presets[preset];
  if (!base) return;
  const v = Object.assign({}, base);
  for (const m of mods) { const [k, val] = m.split("="); v[k] = isNaN(+val) ? val : +val; }
  const key = LANG + "|" + rulesText;
  if (el("card-body").dataset.key === key) return;
  el("card-body").dataset.key = key;
  el("card-preset").textContent = "(" + rulesText + ")";
  const lines = [];
  lines.push(t(SOURCES[preset] || "Rules preset {0}", preset));
  lines.push(t("{0} stones each. Place them one by one, then slide a stone along a line to an adjacent empty point.", v.stones));
  if (v.fly_at) lines.push(t("With exactly {0} stones left and none in hand, a player flies: moves a stone to any empty point.", v.fly_at));
  else lines.push(t("No flying: stones always slide to an adjacent point."));
  lines.push(t("A player with fewer than {0} stones (on the board and in hand), or with no legal move, loses.", v.lose_below));
  lines.push(t(v.capture === "optional" ? N_("Forming a mill entitles you to capture an opponent stone; you may decline.")
                                         : N_("Forming a mill obliges you to capture an opponent stone.")));
  lines.push(t({ unless_all: N_("Stones standing in a mill cannot be captured, unless every opponent stone stands in a mill."),
                 strict: N_("Stones standing in a mill can never be captured; if all stand in mills, the capture is lost."),
                 none: N_("Any opponent stone may be captured, even one standing in a mill.") }[v.protect_mills]));
  lines.push(t(v.double_mill === "two" ? N_("A move forming two mills at once captures two stones.")
                                       : N_("A move forming two mills at once captures one stone.")));
  lines.push(t(v.mill_reuse === "first_time_per_line" ? N_("You capture only the first time you complete a given line in the game.")
               : N_("Every forming of a mill captures, also when a mill is opened and closed again.")));
  if (v.no_return === "on") lines.push(t("A stone that left a mill with a move that formed another mill may not go straight back on your next move."));
  const draws = [];
  if (v.draw_no_capture_moves) draws.push(t("Draw after {0} moves by each player without a capture.", v.draw_no_capture_moves));
  if (v.draw_repetition) draws.push(t("Draw when the same position occurs {0} times.", v.draw_repetition));
  if (v.draw_3v3_moves) draws.push(t("With three stones each, draw after {0} moves by each player without a capture.", v.draw_3v3_moves));
  if (!draws.length) draws.push(t("No draw rule: the game goes on until the players agree to a draw or reset the board."));
  lines.push(...draws);
  lines.push(t(v.first_player === "lot" ? N_("Who moves first is decided by lot (the board's random generator).") : N_("White moves first.")));
  const ul = document.createElement("ul");
  for (const line of lines) { const li = document.createElement("li"); li.textContent = line; ul.appendChild(li); }
  el("card-body").textContent = "";
  el("card-body").appendChild(ul);
}
const SOURCES = {
  standard: N_("Standard: common tournament rules (as the French rules, with White first)."),
  wikipedia: N_("Wikipedia rules: source 000, a Russian text after Wikipedia."),
  "old-russian": N_("Old Russian rules: source 001, a Russian book."),
  schmidt: N_("Schmidt Spiele rules: source 003, in Serbian."),
  french: N_("French rules: source 004, jeu du moulin."),
};

function describe(meaning) {
  return t((catalogue && catalogue.meanings && catalogue.meanings[meaning]) || meaning);
}

// What the lit LEDs mean right now, with their colours: each swatch is drawn as the
// board draws the LED (the frame's hue at the frame's brightness), so a dim mark looks
// dim next to a bright one; a dim one also says so in words (dim white vs white).
const legendPeak = {};                    // blinking meanings: the bright phase seen
function renderLegend(st, lit, rp) {
  const seen = {};
  const blinking = (catalogue && catalogue.blinking) || [];
  POINTS.forEach((name, i) => {
    const m = lit[name];
    if (!m) return;
    const rgb = rp ? replayRgb(m) : (st.leds[i] || [0, 0, 0]);
    if (!(m in seen) || Math.max(...rgb) > Math.max(...seen[m])) seen[m] = rgb;
  });
  for (const m of Object.keys(seen)) {
    if (!blinking.includes(m)) continue;  // show a blinking LED at its bright phase
    if (!legendPeak[m] || Math.max(...seen[m]) > Math.max(...legendPeak[m])) legendPeak[m] = seen[m];
    seen[m] = legendPeak[m];
  }
  const box = el("legend");
  box.textContent = "";
  for (const [m, rgb] of Object.entries(seen)) {
    const li = document.createElement("li");
    li.dataset.meaning = m;
    const sw = document.createElement("span");
    sw.className = "swatch";
    const look = ledLook(rgb);
    const lum = Math.max(...rgb);
    sw.dataset.rgb = rgb.join(",");
    if (look) {
      const [r, g, b] = look.fill.slice(4, -1).split(",").map(Number);
      sw.style.background = `rgba(${r},${g},${b},${look.alpha})`;
      sw.style.boxShadow = lum >= 128 ? `0 0 6px ${look.fill}` : "none";
    } else sw.style.background = "#000";
    li.appendChild(sw);
    li.append(" " + describe(m));
    if (lum > 0 && lum < 128) {         // a dim mark: say so, next to the bright ones
      sw.classList.add("dim");
      const cue = document.createElement("span");
      cue.className = "dim-cue";
      cue.textContent = " (" + t("dim light") + ")";
      li.appendChild(cue);
    }
    box.appendChild(li);
  }
}

// ---- setup panel ----------------------------------------------------------------
function buildSetup(cat) {
  const preset = el("preset");
  preset.textContent = "";
  for (const name of Object.keys(cat.presets)) {
    const o = document.createElement("option"); o.value = o.textContent = name; preset.appendChild(o);
  }
  const level = el("level");
  level.textContent = "";
  for (const l of levels) {
    const o = document.createElement("option"); o.value = l;
    o.textContent = levelNames[l] ? `${l} ${levelNames[l]}` : l; level.appendChild(o);
  }
  const grid = el("options-grid");
  grid.textContent = "";
  for (const [k, spec] of Object.entries(cat.options)) {
    const lab = document.createElement("label");
    lab.textContent = k + " ";
    let inp;
    if (spec.values) {
      inp = document.createElement("select");
      for (const v of spec.values) { const o = document.createElement("option"); o.value = o.textContent = v; inp.appendChild(o); }
    } else {
      inp = document.createElement("input"); inp.type = "number"; inp.min = spec.range[0]; inp.max = spec.range[1];
    }
    inp.id = "opt-" + k; inp.dataset.option = k;
    inp.addEventListener("change", syncVariations);
    lab.appendChild(inp); grid.appendChild(lab);
  }
}
el("preset").addEventListener("change", () => presetChanged({}));

// What the setup form shows now (kept across a rebuild, e.g. a language switch).
function setupValues() {
  if (!el("preset").value) return null;
  const options = {};
  for (const k of Object.keys(catalogue.options)) { const e = el("opt-" + k); if (e) options[k] = e.value; }
  return { preset: el("preset").value, level: el("level").value, options };
}
function restoreSetup(v) {
  el("preset").value = v.preset;
  presetChanged(v.options);
  el("level").value = v.level;
}

function presetChanged(values) {
  const name = el("preset").value, base = catalogue.presets[name];
  for (const k of Object.keys(catalogue.options)) {
    el("opt-" + k).value = k in values ? values[k] : base[k];
  }
  const box = el("variations");
  box.textContent = "";
  for (const [k, v] of (catalogue.variations[name] || [])) {
    const lab = document.createElement("label");
    const cb = document.createElement("input");
    cb.type = "checkbox"; cb.dataset.option = k; cb.dataset.value = v; cb.className = "variation";
    cb.addEventListener("change", () => { el("opt-" + k).value = cb.checked ? v : base[k]; });
    lab.appendChild(cb); lab.append(" " + t("variation: {0} = {1}", k.replace("_", " "), v));
    box.appendChild(lab);
  }
  syncVariations();
}

function syncVariations() {
  document.querySelectorAll("input.variation").forEach(cb => {
    cb.checked = String(el("opt-" + cb.dataset.option).value) === String(cb.dataset.value);
  });
}

function loadSetup(s) {
  setupKey = JSON.stringify(s);
  el("preset").value = s.rules.split("+")[0];
  presetChanged(s.options);
  el("white").value = s.players[0];
  el("black").value = s.players[1];
  el("level").value = String(s.level);
  el("learning").checked = !!s.learning;
}

function startGame() {
  const name = el("preset").value, base = catalogue.presets[name], options = {};
  for (const k of Object.keys(catalogue.options)) {
    const v = el("opt-" + k).value;
    if (String(v) !== String(base[k])) options[k] = v;
  }
  send({ type: "new_game", preset: name, options, white: el("white").value, black: el("black").value,
         level: parseInt(el("level").value, 10), learning: el("learning").checked });
}

// ---- physical actions ---------------------------------------------------------------
function send(obj) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
  else showError(t("Not connected to the simulator"));
}

function occupiedSoon(i) { return state && ((state.planned >> i) & 1); }

function readOnly() {
  if (!state) return true;
  if (state.mode === "mirror") { showError(t("Mirror mode: the board is read-only here")); return true; }
  if (state.replay) { showError(t("Replay view: go back to the live game to touch the board")); return true; }
  return false;
}

function toggle(i) {
  if (readOnly()) return;
  if (occupiedSoon(i)) send({ type: "lift", point: POINTS[i] });
  else {
    const msg = { type: "put", point: POINTS[i] };
    const c = el("box-colour").value;
    if (c && !state.held.length) msg.colour = c;
    send(msg);
  }
}

let drag = null;
function svgPoint(ev) {
  const svg = el("board"), p = svg.createSVGPoint();
  p.x = ev.clientX; p.y = ev.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}
function nearest(pt) {
  let best = -1, bd = 50 * 50;
  POINTS.forEach((n, i) => { const [x, y] = xy(n), d = (x - pt.x) ** 2 + (y - pt.y) ** 2; if (d < bd) { bd = d; best = i; } });
  return best;
}
function onDown(ev, i) {
  ev.preventDefault();
  if (state && (state.mode === "mirror" || state.replay)) { readOnly(); return; }
  drag = { from: i, moved: false, ghost: null, x: ev.clientX, y: ev.clientY };
  window.addEventListener("pointermove", onMove);
  window.addEventListener("pointerup", onUp, { once: true });
}
function onMove(ev) {
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 10) return;
  if (!occupiedSoon(drag.from)) return;
  drag.moved = true;
  const p = svgPoint(ev);
  if (!drag.ghost) {
    const colour = state.stones[drag.from] || "white";
    drag.ghost = make("circle", { r: 35, class: "stone ghost " + colour }, el("ghost-layer"));
  }
  drag.ghost.setAttribute("cx", p.x); drag.ghost.setAttribute("cy", p.y);
}
function onUp(ev) {
  window.removeEventListener("pointermove", onMove);
  const d = drag; drag = null;
  if (!d) return;
  if (d.ghost) d.ghost.remove();
  if (!d.moved) { toggle(d.from); return; }
  const to = nearest(svgPoint(ev));
  if (to < 0 || to === d.from) return;
  if (occupiedSoon(to)) { showError(t("There is a stone on {0} already", POINTS[to])); return; }
  send({ type: "lift", point: POINTS[d.from] });   // a drag is a lift, then a put
  send({ type: "put", point: POINTS[to] });
}

function showError(text) {
  const e = el("error");
  e.textContent = text; e.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { e.hidden = true; }, 4000);
}

// ---- connection -----------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onmessage = ev => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "hello") {
      catalogue = msg.catalogue; levels = msg.levels || levels; levelNames = msg.level_names || levelNames; mode = msg.mode || "simulator";
      setupKey = null;                     // the form is rebuilt: load the server's settings again
      languages = msg.languages || languages;
      buildLanguages();
      drawBoard(catalogue.points); buildSetup(catalogue);
      setLanguage(LANG !== "en" || el("lang").dataset.chosen ? LANG : defaultLanguage());
    } else if (msg.type === "state") {
      if (POINTS.length) render(msg);
    } else if (msg.type === "record") {
      download(msg.filename || "morris.txt", msg.text);
    } else if (msg.type === "error") showError(tm(msg.message));
  };
  ws.onopen = () => { document.body.dataset.connected = "1"; };
  ws.onclose = () => {
    document.body.dataset.connected = "";
    el("message").textContent = t("Connection to the simulator lost; retrying…");
    setTimeout(connect, 1500);
  };
}

document.querySelectorAll("button.hw").forEach(b => b.addEventListener("click", () => send({ type: "button", name: b.dataset.button })));
el("start").addEventListener("click", startGame);
el("sweep").addEventListener("click", () => send({ type: "sweep" }));
el("tidy").addEventListener("click", () => send({ type: "tidy" }));
el("show-names").addEventListener("change", ev => el("board").classList.toggle("hide-names", !ev.target.checked));

// ---- languages, records and replay ------------------------------------------------------
function buildLanguages() {
  const sel = el("lang");
  sel.textContent = "";
  for (const [code, name] of Object.entries(languages)) {
    const o = document.createElement("option"); o.value = code; o.textContent = name; sel.appendChild(o);
  }
  sel.value = LANG;
}
el("lang").addEventListener("change", ev => { ev.target.dataset.chosen = "1"; setLanguage(ev.target.value); });

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.appendChild(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  document.body.dataset.exported = text.length;
}
el("export").addEventListener("click", () => send({ type: "export", what: state && state.replay ? "replay" : "live" }));
el("review").addEventListener("click", () => send({ type: "review" }));
el("import").addEventListener("click", () => {
  const text = el("import-text").value;
  if (!text.trim()) { showError(t("Paste a record first")); return; }
  send({ type: "import", text });
});
el("import-open").addEventListener("click", () => el("import-file").click());
el("import-file").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (!f) return;
  const text = await f.text();
  el("import-text").value = text;
  send({ type: "import", text });
  ev.target.value = "";
});
for (const [id, action] of [["rp-first", "first"], ["rp-back", "back"], ["rp-forward", "forward"], ["rp-last", "last"]]) {
  el(id).addEventListener("click", () => send({ type: "replay", action }));
}
el("rp-exit").addEventListener("click", () => send({ type: "replay_exit", continue: false }));
el("rp-continue").addEventListener("click", () => {
  if (confirm(t("Continue playing from the replayed position? The current game is replaced."))) {
    send({ type: "replay_exit", continue: true });
  }
});
document.addEventListener("keydown", ev => {
  if (!state || !state.replay || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "INPUT") return;
  const keys = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  if (keys[ev.key]) { ev.preventDefault(); send({ type: "replay", action: keys[ev.key] }); }
});
connect();

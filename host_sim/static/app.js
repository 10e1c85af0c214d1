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
let LANG = "en", MSG = {}, TEMPLATES = [], PLURALS = {}, TEMPLATE_PLURALS = {}, MOVE_TEMPLATES = {};
let pluralIndex = n => (n === 1 ? 0 : 1);   // the language's Plural-Forms rule (English here)
const N_ = s => s;                       // marks a text for the catalogue (translated later by t)
window.untranslated = new Set();        // English texts asked for but not translated (tests)
function fill(text, args) {
  return text.replace(/\{(\d+)\}/g, (m, i) => (args[+i] !== undefined ? args[+i] : m));
}
// t(msgid, ...args): the catalogue's text for msgid (English when missing), {0}.. filled in
function t(id, ...args) {
  let out = id;
  if (Object.prototype.hasOwnProperty.call(MSG, id) && MSG[id]) out = MSG[id];
  else if (LANG !== "en") window.untranslated.add(id);
  return fill(out, args);
}
// The catalogue's form of a text with a number n (English one / many when missing).
function plural(one, many, n) {
  const forms = PLURALS[one], i = pluralIndex(n);
  if (forms && forms[i]) return forms[i];
  if (LANG !== "en") window.untranslated.add(one);
  return n === 1 ? one : many;
}
// tn(singular, plural, n, ...args): plural()'s text, {0}.. filled in
function tn(one, many, n, ...args) { return fill(plural(one, many, n), args); }
// The rule of a Plural-Forms header ("nplurals=3; plural=...;"): n -> form index.
function pluralRule(header) {
  const m = /plural=([^;]+)/.exec(header || "");
  if (!m || !/^[\sn\d%<>=!&|?:()]+$/.test(m[1])) return n => (n === 1 ? 0 : 1);
  return new Function("n", "return Number(" + m[1] + ");");
}
// A text the firmware worded (status message, mistake, reason): the same catalogue,
// through the message templates of the controller (their {0}.. parts translated too).
function tm(text) {
  if (text === undefined || text === null || text === "") return text;
  if (Object.prototype.hasOwnProperty.call(MSG, text) && MSG[text]) return MSG[text];
  for (const tp of TEMPLATES) {
    const m = tp.re.exec(text);
    if (!m) continue;
    const mv = MOVE_TEMPLATES[tp.id];
    if (mv) return moveTemplate(mv, m.slice(1));
    const slot = TEMPLATE_PLURALS[tp.id];
    const words = slot === undefined ? t(tp.id) : plural(tp.id, tp.id, howMany(m[slot + 1]));
    return fill(words, m.slice(1).map(tmPart));
  }
  if (LANG !== "en") window.untranslated.add(text);
  return text;
}
// The count of a template's counted part: a number, or a list of points ("b2 e5": 2).
function howMany(part) { return /^\d+$/.test(part) ? Number(part) : part.split(" ").length; }
function tmPart(part) {
  if (/^[a-g][1-7]( [a-g][1-7])*$/.test(part)) return pointList(part.split(" "));   // "b2 and e5"
  if (/^[\d\s]+$/.test(part) || /^(?:1-0|0-1|1\/2-1\/2)$/.test(part)) return part;       // numbers, results
  if (/^(?:[a-g][1-7](?:-[a-g][1-7])?)?(?:x[a-g][1-7])*$/.test(part)) return part;   // moves: "a1-d1xb2"
  if (catalogue && Object.prototype.hasOwnProperty.call(catalogue.presets, part.split("+")[0]))   // rules text
    return rulesName(part);
  return tm(part);
}
// A move as one whole sentence of the catalogue, one sentence for each kind of move, so that
// every language builds it its own way: "White moved the stone from d2 to d1 and took the
// stone on e5.", "White puts a stone on a1." (tense "past": a move played; "now": a move
// being played or to carry out). A removal-only turn ("xa1") is a sentence of its own.
const MOVE_SENTENCES = {
  past: {
    put: N_("{0} put a stone on {1}."), slide: N_("{0} moved the stone from {1} to {2}."),
    put1: N_("{0} put a stone on {1} and took the stone on {2}."),
    putN: N_("{0} put a stone on {1} and took the stones on {2}."),
    slide1: N_("{0} moved the stone from {1} to {2} and took the stone on {3}."),
    slideN: N_("{0} moved the stone from {1} to {2} and took the stones on {3}."),
    take1: N_("{0} took the stone on {1}."), takeN: N_("{0} took the stones on {1}."),
  },
  now: {
    put: N_("{0} puts a stone on {1}."), slide: N_("{0} moves the stone from {1} to {2}."),
    put1: N_("{0} puts a stone on {1} and takes the stone on {2}."),
    putN: N_("{0} puts a stone on {1} and takes the stones on {2}."),
    slide1: N_("{0} moves the stone from {1} to {2} and takes the stone on {3}."),
    slideN: N_("{0} moves the stone from {1} to {2} and takes the stones on {3}."),
    take1: N_("{0} takes the stone on {1}."), takeN: N_("{0} takes the stones on {1}."),
  },
};
// Points in words: "e5", "e5 and f4", "a1, e5 and f4".
function pointList(points) {
  if (points.length < 2) return points.join("");
  return t("{0} and {1}", points.slice(0, -1).join(", "), points[points.length - 1]);
}
function moveSentence(side, mv, tense) {
  const m = /^(?:([a-g][1-7])(?:-([a-g][1-7]))?)?((?:x[a-g][1-7])*)$/.exec(mv || "");
  if (!m || (!m[1] && !m[3])) return mv;
  const caps = m[3] ? m[3].slice(1).split("x") : [];
  const k = caps.length ? (caps.length === 1 ? "1" : "N") : "";
  const S = MOVE_SENTENCES[tense], who = sideName(side);
  if (!m[1]) return t(S["take" + k], who, pointList(caps));
  if (m[2]) return t(S["slide" + k], who, m[1], m[2], pointList(caps));
  return t(S["put" + k], who, m[1], pointList(caps));
}
// The firmware's messages that carry a move ({side: slot, move: slot, tense, before, then}):
// what comes before, the move as a sentence, then the rest; "before" and "then" are a text of
// the catalogue or a part's slot (host_sim/i18n.py MOVE_TEMPLATES).
function moveTemplate(spec, parts) {
  const side = parts[spec.side].toLowerCase() === "black" ? "black" : "white";
  const say = x => (typeof x === "number" ? tm(parts[x]) : t(x));
  const out = [];
  if (spec.before !== undefined && spec.before !== null) out.push(say(spec.before));
  out.push(moveSentence(side, parts[spec.move], spec.tense || "now"));
  if (spec.then !== undefined && spec.then !== null) out.push(say(spec.then));
  return out.join(" ");
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
  MOVE_TEMPLATES = data.move_templates || {};
  PLURALS = data.plurals || {}; TEMPLATE_PLURALS = data.template_plurals || {};
  pluralIndex = pluralRule(data.plural_forms);
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
  for (const g of [lines, glows, holes, el("dots"), leds, stones, labels, hits]) g.textContent = "";
  for (const k of [0, 1, 2]) {          // three squares
    const a = X0 + k * STEP, w = (6 - 2 * k) * STEP;
    make("rect", { x: a, y: a, width: w, height: w, class: k ? "" : "outer" }, lines);
  }
  // the four cross lines, each as its outer and its inner segment; the diagonals
  // (shown when the rules have them) -- see boardLook()
  const seg = (p, q, cls) => { const [x1, y1] = xy(p), [x2, y2] = xy(q);
                               make("line", { x1, y1, x2, y2, class: cls }, lines); };
  for (const [p, q, r] of [["d7", "d6", "d5"], ["d1", "d2", "d3"], ["a4", "b4", "c4"], ["g4", "f4", "e4"]]) {
    seg(p, q, "outer"); seg(q, r, "");
  }
  for (const [p, q] of [["a1", "c3"], ["g1", "e3"], ["a7", "c5"], ["g7", "e5"]]) seg(p, q, "diagonal");
  names.forEach((name, i) => {
    const [x, y] = xy(name);
    const outer = "adg".includes(name[0]) && "147".includes(name[1]) ? " outer" : "";
    make("circle", { cx: x, cy: y, r: 44, class: "glow", "data-point": name, opacity: 0,
                     fill: "none", filter: "url(#blur)" }, glows);
    make("circle", { cx: x, cy: y, r: 41, class: "ring", "data-point": name, opacity: 0,
                     fill: "none", stroke: "none" }, glows);
    make("circle", { cx: x, cy: y, r: 19, class: "dot", "data-point": name, opacity: 0,
                     fill: "none" }, el("dots"));
    make("path", { d: `M${x - 12} ${y - 12}L${x + 12} ${y + 12}M${x + 12} ${y - 12}L${x - 12} ${y + 12}`,
                   class: "cross", "data-point": name }, el("dots"));
    make("circle", { cx: x, cy: y, r: 11, class: "hole" + outer }, holes);
    make("circle", { cx: x + LED_DX, cy: y + LED_DY, r: 8, class: "led-lens led", "data-point": name,
                     "data-rgb": "0,0,0" }, leds);
    const s = make("circle", { cx: x, cy: y, r: 33, class: "stone", "data-point": name }, stones);
    s.style.display = "none";
    const t = make("text", { x: x - 44, y: y - 22, class: "point-name" + outer }, labels);
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
const PAIR = k => Math.floor(k / 2) + 1;     // ply index -> the record's move number (pairs)
function meaningRow(m) { return (catalogue && catalogue.table && catalogue.table[m]) || null; }
function sideName(c) { return t(c === "white" ? N_("White") : N_("Black")); }
function winText(w) { return w === "draw" ? t("It's a draw") : t(w === "white" ? N_("White wins!") : N_("Black wins!")); }
function other(c) { return c === "white" ? "black" : "white"; }

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
    const row = meaningRow(meaning);
    const mark = look && row ? row.mark : "";
    led.setAttribute("data-rgb", rgb.join(","));
    led.setAttribute("data-meaning", meaning);
    led.setAttribute("data-mark", mark);
    led.setAttribute("data-cue", row ? row.cue : "");
    const tip = led.querySelector("title") || make("title", {}, led);
    tip.textContent = t("{0}: {1}", name, describe(meaning));
    const ring = document.querySelector(`.ring[data-point="${name}"]`);
    const dot = document.querySelector(`.dot[data-point="${name}"]`);
    ring.setAttribute("stroke", mark === "ring" ? look.fill : "none");
    ring.setAttribute("opacity", mark === "ring" ? look.alpha : 0);
    const spot = mark === "dot" || mark === "cross";       // a cross is drawn over a dot
    dot.setAttribute("fill", spot ? look.fill : "none");
    dot.setAttribute("opacity", spot ? look.alpha : 0);
    renderCross(name, mark);
    led.classList.toggle("lit", !!look);
    led.style.fill = look ? look.fill : "";
    glow.setAttribute("opacity", look ? look.alpha * 0.7 : 0);
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
  const last = rp ? rp.last : lastMove(st.record);
  renderLastMove(last);
  const who = playing(st);
  const mover = view.turn, moverKind = who[mover === "white" ? 0 : 1];
  const result = rp ? rp.result : st.result;
  const winner = result ? (result === "1/2-1/2" ? "draw" : result === "1-0" ? "white" : "black") : null;
  renderTurn(st, rp, mover, moverKind, winner);
  el("message").textContent = rp ? replayMessage(rp) : liveMessage(st);
  renderTrays(st, rp, view, who, mover, result);
  el("held-box").hidden = rp || !st.held.length;
  el("held").innerHTML = st.held.map(c => `<span class="stone-icon ${c}"></span>`).join(" ");
  renderRecord(st, rp);
  el("rules-name").textContent = "(" + rulesName(rp ? rp.rules : st.settings.rules) + ")";
  renderResult(st, rp, view, result, winner);
  renderMode(st);
  renderHint(st);
  renderQuality(st);
  renderPuzzle(st);
  renderCard(rp ? rp.rules : st.settings.rules);
  boardLook(rp ? rp.rules : st.settings.rules);
  renderGameButtons(st, rp, result);
  if (st.firmware_error) showError(st.firmware_error);
  document.body.dataset.moves = st.record.length;
  document.body.dataset.queued = st.queued;
  document.body.dataset.replayIndex = rp ? rp.index : "";
  document.body.dataset.result = result || "";
  renderLegend(st, lit, rp, last);
  const evs = el("events");
  evs.innerHTML = "";
  for (const line of st.serial) { const li = document.createElement("li"); li.textContent = line; evs.appendChild(li); }
  // the setup form shows the game being played: its rules and players are loaded again when
  // a new game changes them (not when a setting that applies at once changes: choices for
  // the next game stay), the level and learning mode always show the live settings
  if (catalogue && st.mode !== "mirror") {
    const key = JSON.stringify([st.settings.rules, st.settings.players]);
    if (key !== setupKey) loadSetup(st.settings);
    for (const k of ["level", "learning"]) {
      const sent = settingSent[k];
      if (sent && sent.value !== st.settings[k] && Date.now() - sent.at < 3000) continue;  // on its way
      delete settingSent[k];
      if (k === "level") el("level").value = String(st.settings.level);
      else el("learning").checked = !!st.settings.learning;
    }
  }
  if (st.sim) el("auto-remote").checked = !!st.sim.auto_remote;
  scrollRecord();
  requestAnimationFrame(scrollRecord);      // again once the layout (legend, trays) has settled
}

// The turn box: whose turn and what phase; at the end the winner's stone and no "your turn".
function renderTurn(st, rp, mover, moverKind, winner) {
  const stone = el("turn-stone");
  if (winner) {
    stone.className = "stone-icon " + (winner === "draw" ? "white draw" : winner);
    el("turn-text").textContent = winText(winner);
    el("phase-text").textContent = t("Game over");
    return;
  }
  stone.className = "stone-icon " + mover;
  let tt = t(mover === "white" ? N_("White's turn") : N_("Black's turn"));
  if (!rp && moverKind === "computer" && st.status && st.status.thinking) tt = t("{0} (computer) is thinking…", sideName(mover));
  el("turn-text").textContent = tt;
  const phase = !rp && st.status && st.status.phase ? t(st.status.phase) : "";
  const whose = rp || st.mode === "mirror" ? "" : (moverKind === "computer" ? t("the computer's turn") : t("your turn"));
  el("phase-text").textContent = [phase ? t("Phase: {0}", phase) : "", whose].filter(Boolean).join(" · ");
}

// The firmware's message in words for children (a mistake by its code); the French
// rules' lot is said once.
function liveMessage(st) {
  const mistake = st.status && !st.status.menu && st.status.state === "mistake" && (st.status.mistakes || [])[0];
  const remote = st.status && !st.status.menu && st.status.state === "remote" && st.status.remote;
  let msg = mistake ? mistakeText(mistake, st) : remote ? remoteText(remote, st) : tm(st.message || "");
  const rules = st.settings && st.settings.options;
  if (rules && rules.first_player === "lot" && st.record.length === 0 && !st.result) {
    const first = st.turn;
    msg = t("The lot decided: {0} moves first.", sideName(first)) + " " + msg;
  }
  return msg;
}

// The other side's move to carry out, in whole sentences; "do it by hand" only when the
// simulator does not move the computer's stones itself.
function remoteText(mv, st) {
  if (!/^(?:[a-g][1-7](?:-[a-g][1-7])?)?(?:x[a-g][1-7])*$/.test(mv)) return tm(st.message || "");
  let s = moveSentence(st.turn, mv, "now");
  if (!(st.sim && st.sim.auto_remote)) s += " " + t("Do this move on the board as the lights show.");
  return s;
}

// A mistake in words by its stable code (docs/board_controller.md, "Mistake codes"): the
// catalogue's text of that code's English message, the points filled in from the
// mistake's fields; a code not listed here: its English "what" through the templates.
function mistakeText(m, st) {
  const rm = (m.remove || []).join(" "), mi = (m.missing || []).join(" ");      // as the firmware words them
  const rmW = pointList(m.remove || []), miW = pointList(m.missing || []);      // in words: "b2 and e5"
  const many = a => (a || []).length > 1;
  const fix = () => tm((rm && mi) ? `remove the ${many(m.remove) ? "stones" : "stone"} from ${rm} and put the ${many(m.missing) ? "stones" : "stone"} back on ${mi}`
                                  : rm ? `remove the ${many(m.remove) ? "stones" : "stone"} from ${rm}` : `put the ${many(m.missing) ? "stones" : "stone"} back on ${mi}`);
  const by = {
    stray_stone: () => t(many(m.remove) ? N_("Stones where none should be: remove them from {0}") : N_("Stone where none should be: remove it from {0}"), rmW),
    two_up: () => t(many(m.missing) ? N_("Two stones up at once: put them back on {0}") : N_("Two stones up at once: put the stone back on {0}"), miW),
    wrong_colour: () => t(other(st.turn) === "white" ? N_("That is white's stone: put it back on {0}")
                                                     : N_("That is black's stone: put it back on {0}"), miW),
    in_hand: () => t(st.turn === "white" ? N_("White still has stones in hand: put this one back on {0} and place a new one")
                                         : N_("Black still has stones in hand: put this one back on {0} and place a new one"), miW),
    cannot_move: () => t("This stone cannot move: put it back on {0}", miW),
    illegal_destination: () => t("{0} is not a legal destination: put the stone on a lit point or back on {1}", rm, miW),
    protected_stone: () => t("Protected stone: put it back on {0} and take a lit stone", miW),
    own_stone: () => t("That is your own stone: put it back on {0}", miW),
    no_capture: () => t("No capture now: put the stone back on {0}", miW),
    off_before_mill: () => t("That stone came off before the mill: put it back on {0}, then take a lit stone", miW),
    disturbed: () => t("Board disturbed: {0}", fix()),
    marked_point: () => t("{0} is marked: no stone may go there until placement ends; remove it", rmW),
  };
  const ok = by[m.code] && (m.code === "disturbed" ? (rm || mi)
    : m.code === "stray_stone" || m.code === "illegal_destination" || m.code === "marked_point" ? rm : mi);
  return ok ? by[m.code]() : tm(m.what || st.message || "");
}

// Stones in hand and on the board; a placement waiting for its capture is counted as made.
function renderTrays(st, rp, view, who, mover, result) {
  const hand = view.in_hand.slice(), board = view.on_board.slice();
  const placing = !rp && st.status && st.status.state === "capture" && st.status.phase === "placement";
  if (placing) { const i = mover === "white" ? 0 : 1; hand[i] -= 1; board[i] += 1; }
  for (const [i, c] of [[0, "white"], [1, "black"]]) {
    el("hand-" + c).textContent = hand[i];
    el("board-" + c).textContent = board[i];
    el("cap-" + c).textContent = view.captured[i];
    const name = rp ? tagName(rp.tags[c === "white" ? "White" : "Black"]) : t(who[i]);
    el("who-" + c).textContent = name ? "(" + name + ")" : "";
    el("tray-" + c).classList.toggle("to-move", !result && mover === c);
    const box = el("hand-stones-" + c);
    let html = "";
    for (let k = 0; k < hand[i]; k++) html += `<span class="stone-icon ${c}"></span>`;
    for (let k = 0; k < view.captured[i]; k++) html += `<span class="stone-icon ${c} gone" title="${t("stones of this player captured by the opponent")}"></span>`;
    box.innerHTML = html;
  }
}

function renderRecord(st, rp) {
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
    return;
  }
  const off = firstSide(st) === "black" ? 1 : 0;
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
function firstSide(st) { return st.record.length % 2 === 0 ? st.turn : other(st.turn); }

// The result beside the board (never over it), with a short summary of the game.
function renderResult(st, rp, view, result, winner) {
  const box = el("result-box");
  if (!result) { box.hidden = true; return; }
  box.hidden = false;
  el("result-title").textContent = winText(winner);
  const reason = rp ? rp.reason : st.reason;
  const loser = winner === "draw" ? null : other(winner);
  const plies = rp ? rp.total : st.record.length;
  const lines = [reasonText(reason, loser),
    t("Moves played: {0}.", PAIR(Math.max(0, plies - 1))),
    tn("White took {0} black stone.", "White took {0} black stones.", view.captured[1], view.captured[1]) + " " +
    tn("Black took {0} white stone.", "Black took {0} white stones.", view.captured[0], view.captured[0])];
  if (!rp && st.mode !== "mirror") lines.push(t("For a new game, clear the board."));
  const ul = el("result-summary");
  ul.textContent = "";
  for (const line of lines.filter(Boolean)) { const li = document.createElement("li"); li.textContent = line; ul.appendChild(li); }
}
const REASONS = {
  "fewer than three stones": [N_("White has fewer than three stones left."), N_("Black has fewer than three stones left.")],
  "blocked": [N_("White cannot move any stone."), N_("Black cannot move any stone.")],
  "threefold repetition": N_("The same position came up three times."),
  "no capture": N_("No stone was taken for a long time."),
  "three versus three": N_("Both players had three stones for a long time and nobody took one."),
  "resignation": [N_("White gave up."), N_("Black gave up.")],
  "draw by agreement": N_("Both players agreed to a draw."),
  "full board": N_("The board was full when all the stones were on it."),
};
function reasonText(reason, loser) {
  if (!reason) return "";
  const r = REASONS[reason];
  if (Array.isArray(r)) return loser ? t(r[loser === "white" ? 0 : 1]) : "";
  if (r) return t(r);
  return tm(reason);
}

// Give up / agree a draw: while a game goes on (a move made, no result) in the live view.
function renderGameButtons(st, rp, result) {
  const playing = !rp && st.mode !== "mirror" && !result && st.record.length > 0;
  el("resign").disabled = !playing;
  el("offer-draw").disabled = !playing;
  const clearing = !rp && st.mode !== "mirror" && st.status &&
    (st.status.state === "over" || st.status.state === "clear") && st.occupancy !== 0;
  el("sim-help").hidden = !clearing;
}

// Who plays each side now: the settings' players, but both are the child at the board
// while a puzzle is set (teach/puzzle.py sets the puzzle up for two humans).
function playing(st) {
  return st.status && st.status.puzzle ? ["human", "human"] : st.settings.players;
}

// The side that gives up from the page: the human against the computer, else the side to move.
function resigningSide(st) {
  const p = playing(st);
  if (p[0] === "human" && p[1] !== "human") return "white";
  if (p[1] === "human" && p[0] !== "human") return "black";
  return st.turn;
}

// The last move, marked on the board as in replay: a dashed ring where it went, a small
// dashed circle where it came from.
function lastMove(record) {
  if (!record || !record.length) return null;
  const m = /^(?:([a-g][1-7])(?:-([a-g][1-7]))?)?((?:x[a-g][1-7])*)/.exec(record[record.length - 1]);
  if (!m || (!m[1] && !m[3])) return null;
  const caps = m[3] ? m[3].slice(1).split("x") : [];
  return m[2] ? { from: m[1], to: m[2], caps } : { from: null, to: m[1] || null, caps };
}
function renderLastMove(last) {
  const g = el("last-move");
  g.textContent = "";
  if (!last) return;
  for (const c of last.caps || []) {          // a dashed cross where a stone was taken
    const [x, y] = xy(c), d = 24;
    const cross = make("g", { class: "last-capture", "data-point": c }, g);
    make("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d }, cross);
    make("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d }, cross);
  }
  if (!last.to) return;
  const [x, y] = xy(last.to);
  make("circle", { cx: x, cy: y, r: 45, class: "last-to", "data-point": last.to }, g);
  if (last.from) {
    const [a, b] = xy(last.from);
    make("circle", { cx: a, cy: b, r: 17, class: "last-from", "data-point": last.from }, g);
  }
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
// A player's name from a record tag; an unknown one ("?") is not shown at all.
function tagName(v) { return !v || v === "?" ? "" : (v === "human" || v === "computer" ? t(v) : v); }

// In replay the LEDs show the mill just formed (the last move is marked as in live play).
function replayLit(rp) {
  const lit = {};
  for (const mill of rp.mills) for (const p of mill) lit[p] = "mill";
  return lit;
}
function replayRgb(meaning) {
  const row = meaningRow(meaning);
  return row ? row.rgb : [0, 0, 0];
}
// Replay numbers moves as the record does: by pairs (White's and Black's move make one).
function replayMessage(rp) {
  if (rp.index === 0) return t("Start position");
  const m = rp.moves[rp.index - 1], lastN = rp.moves[rp.moves.length - 1].n;
  let s = t("Move {0} of {1}.", m.n, lastN) + " " + moveSentence(rp.last.by, rp.last.move, "past");
  if (rp.mills.length) s += " " + t("A mill: {0}.", rp.mills.map(x => x.join(" ")).join(", "));
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
    const n = rp.index ? rp.moves[rp.index - 1].n : 0, lastN = rp.moves.length ? rp.moves[rp.moves.length - 1].n : 0;
    const names = [tagName(rp.tags.White), tagName(rp.tags.Black)];
    el("replay-text").textContent = t("Replay: move {0} of {1}", n, lastN) +
      (names[0] || names[1] ? " — " + t("White: {0}, Black: {1}", names[0] || "–", names[1] || "–") : "");
    el("rp-continue").hidden = st.mode === "mirror";
  }
  const ro = st.mode === "mirror" || !!rp;
  document.querySelectorAll("button.hw, #start, #sweep, #tidy, #clear-now").forEach(b => { b.disabled = ro; });
}

// The Hint button: one whole move (the stone and where it goes) and why; the other
// player's threats. During the computer's turn it says to wait.
let hintAsked = 0, hintAskedAt = "";     // when Hint was last pressed on this page (ms), and in which turn
function turnKey(st) { return st.record.length + " " + st.turn + (st.status && st.status.state === "capture" ? " capture" : ""); }
function renderHint(st) {
  const box = el("hint-box");
  const h = st.hint && st.hint.turn === st.turn ? st.hint : null;     // an answer for this turn only
  const classroom = document.body.classList.contains("classroom");
  const moverKind = playing(st)[st.turn === "white" ? 0 : 1];
  const askedNow = !st.result && Date.now() - hintAsked < 8000 && hintAskedAt === turnKey(st);
  const computerAsked = askedNow && moverKind === "computer";
  const capturing = askedNow && st.status && st.status.state === "capture";
  if (st.replay || st.result || (!h && !classroom && !computerAsked && !capturing)) { box.hidden = true; return; }
  box.hidden = false;
  if (capturing) {
    el("hint-now").textContent = t("Your mill is made: take a lit stone first, then ask again.");
    el("hint-threat").textContent = "";
    return;
  }
  if (!h && !computerAsked) {
    el("hint-now").textContent = t("Press Hint to find out.");
    el("hint-threat").textContent = "";
    return;
  }
  const kind = h ? playing(st)[h.turn === "white" ? 0 : 1] : moverKind;
  if (kind === "computer") {
    el("hint-now").textContent = t("It is the computer's turn. Ask again when it is your turn.");
    el("hint-threat").textContent = "";
    return;
  }
  if (h.move && h.from) el("hint-now").textContent = t("Yes! Move the stone from {0} to {1}. It closes the mill {2}.", h.from, h.to, h.mill.join(" "));
  else if (h.move) el("hint-now").textContent = t("Yes! Put a stone on {0}. It closes the mill {1}.", h.to, h.mill.join(" "));
  else el("hint-now").textContent = t("No, not with this move.");
  const threats = pointList(h.threats || []);
  const block = /^([a-g][1-7])(?:-([a-g][1-7]))?/.exec(h.block || "");
  // a block is a legal move onto a threatened point: a stone from the hand, or a stone that
  // can move (or fly) there; none: the threat cannot be blocked with one move
  el("hint-threat").textContent = !threats ? t("No. You are safe for now.")
    : !block ? t("Yes, on {0}. You cannot block it with one move.", threats)
    : block[2] ? t("Yes, on {0}. To block it, move the stone from {1} to {2}.", threats, block[1], block[2])
    : t("Yes, on {0}. Put a stone there to block it.", threats);
}

// The board the rules use: the diagonals drawn (board=diagonals), the outer square
// faded (board=six: Six Men's Morris uses the two inner squares only).
function boardLook(rulesText) {
  if (!catalogue) return;
  const [preset, ...mods] = rulesText.split("+");
  let board = (catalogue.presets[preset] || {}).board || "standard";
  for (const m of mods) if (m.startsWith("board=")) board = m.slice(6);
  document.body.classList.toggle("board-diagonals", board === "diagonals");
  document.body.classList.toggle("board-six", board === "six");
}

// The rules in words for the record's header and the rules card's title: the preset's name,
// then each option that differs from it ("Wikipedia · Two mills at once take two stones").
function rulesName(rulesText) {
  const [preset, ...mods] = String(rulesText || "").split("+");
  const parts = [PRESET_NAMES[preset] ? t(PRESET_NAMES[preset]) : t("These are your own rules.")];
  for (const mod of mods) {
    const [k, v] = mod.split("=");
    if (VARIATION_LABELS[k + "=" + v]) { parts.push(t(VARIATION_LABELS[k + "=" + v])); continue; }
    const value = VALUE_LABELS[k + "=" + v] ? t(VALUE_LABELS[k + "=" + v]) : v;
    parts.push(t("{0}: {1}", OPTION_LABELS[k] ? t(OPTION_LABELS[k]) : k, value));
  }
  return parts.join(" · ");
}

// ---- the rules card: one card per preset and its options, for a ten-year-old -------------
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
  el("card-preset").textContent = "(" + rulesName(rulesText) + ")";
  const lines = [t(SOURCES[preset] || N_("These are your own rules."))];
  // a number in a sentence (tn: the English is the same for any number, the catalogue has a
  // form for each plural class of the language)
  lines.push(tn("Each player has {0} stones. First you put them on the board one by one. Then you slide a stone along a line to the next free point.",
     "Each player has {0} stones. First you put them on the board one by one. Then you slide a stone along a line to the next free point.", v.stones, v.stones));
  lines.push(t("Three of your stones in a row on one line make a mill."));
  if (v.fly_at) lines.push(tn("When you have only {0} stones left, you may jump: move a stone to any free point.",
     "When you have only {0} stones left, you may jump: move a stone to any free point.", v.fly_at, v.fly_at));
  else lines.push(t("Nobody jumps: stones always slide to the next point."));
  lines.push(tn("You lose when you have fewer than {0} stones, or when you cannot move.",
     "You lose when you have fewer than {0} stones, or when you cannot move.", v.lose_below, v.lose_below));
  lines.push(t(v.capture === "optional" ? N_("When you make a mill, you may take away one stone of the other player. You may also say no.")
                                         : N_("When you make a mill, you take away one stone of the other player.")));
  lines.push(t({ unless_all: N_("You may not take a stone that is in a mill, unless all the other player's stones are in mills."),
                 strict: N_("You may never take a stone that is in a mill. If all of them are in mills, you take nothing."),
                 none: N_("You may take any stone, even one in a mill.") }[v.protect_mills]));
  if (v.double_mill !== "each")
    lines.push(t(v.double_mill === "two" ? N_("If one move makes two mills at once, you take away two stones.")
                                         : N_("If one move makes two mills at once, you still take away only one stone.")));
  if (v.mill_reuse !== "first_time_per_points")
    lines.push(t(v.mill_reuse === "first_time_per_line" ? N_("Each line gives you a stone only the first time you fill it.")
                 : N_("You may open a mill and close it again: each time it closes, you take a stone.")));
  lines.push(...variantLines(v));
  if (v.no_return === "on") lines.push(t("If a stone leaves a mill and makes a new mill, it may not go straight back on your next move."));
  const draws = [];
  if (v.draw_no_capture_moves) draws.push(tn("It is a draw when nobody takes a stone for {0} moves each.",
     "It is a draw when nobody takes a stone for {0} moves each.", v.draw_no_capture_moves, v.draw_no_capture_moves));
  if (v.draw_repetition) draws.push(tn("It is a draw when the same position comes up {0} times.",
     "It is a draw when the same position comes up {0} times.", v.draw_repetition, v.draw_repetition));
  if (v.draw_3v3_moves) draws.push(tn("When both have three stones, it is a draw after {0} moves each without taking a stone.",
     "When both have three stones, it is a draw after {0} moves each without taking a stone.", v.draw_3v3_moves, v.draw_3v3_moves));
  if (!draws.length) draws.push(t("The game goes on until someone wins, or until both players agree to a draw."));
  lines.push(...draws);
  lines.push(t(v.first_player === "lot" ? N_("The board draws lots to decide who moves first.") : N_("White moves first.")));
  lines.push(t("Every point has a name: d3 means column d, row 3."));
  if (EXAMPLES[preset]) lines.push(t(EXAMPLES[preset]));
  const ul = document.createElement("ul");
  for (const line of lines) { const li = document.createElement("li"); li.textContent = line; ul.appendChild(li); }
  el("card-body").textContent = "";
  el("card-body").appendChild(ul);
}
const SOURCES = {
  standard: N_("Standard rules: the rules most clubs and tournaments play."),
  wikipedia: N_("Wikipedia rules: the rules of the Russian Wikipedia article."),
  "old-russian": N_("Old Russian rules: the rules of an old Russian game book."),
  schmidt: N_("Schmidt Spiele rules: the rules printed with a Serbian board game."),
  french: N_("French rules: the rules of the French game called jeu du moulin."),
};
const EXAMPLES = {
  standard: N_("Example: White has stones on a1 and d1. White puts a stone on g1: that is a mill, so White takes away one black stone."),
  wikipedia: N_("Example: White makes a mill but wants to keep the game calm, so White takes no stone this time."),
  "old-russian": N_("Example: Black's stone on d2 is in a mill, but White may still take it away."),
  schmidt: N_("Example: all of Black's stones are in mills, so White's new mill takes nothing."),
  french: N_("Example: before the first move the board picks Black by lot, so Black starts."),
  // the relatives: each its own example, on its own board (docs/variants.md)
  twelve: N_("Example: White has stones on a1 and b2. White puts a stone on c3: the short line across the corner is a mill, so White takes away one black stone."),
  morabaraba: N_("Example: all 24 stones are on the board and nobody has made a mill: the board is full, so the game is a draw."),
  dooz: N_("Example: while the stones are put on the board, White makes the mill a1 d1 g1. White takes a stone out of Black's hand, not from the board."),
  lasker: N_("Example: White still has 4 stones in hand, but slides the stone on d2 to d3 instead of putting a new one on the board."),
  "one-time-mill": N_("Example: White opens the mill a1 d1 g1 and closes it again with the same three stones: this time White takes nothing."),
  "cham-gonu": N_("Example: while the stones are put on the board, White makes the mill a7 b6 c5 on the diagonal and takes away the black stone on d6. Nobody may put a stone on d6 until all stones are on the board."),
  "zhi-qi": N_("Example: all 24 stones are on the board and it is full: first the player who began takes away one of the other's stones, then the other player does the same."),
  "cheng-san-qi": N_("Example: White has only three stones left but cannot jump: each of them still slides along a line to the next point."),
  "da-san-qi": N_("Example: White puts a stone on d1 and makes the mills a1 d1 g1 and d1 d2 d3 at once, so White takes away two black stones."),
  "mul-mulan": N_("Example: Black has stones on a1 and g1. White puts a stone on d1, between them, and takes away both black stones."),
  nerenchi: N_("Example: Black put the last stone on the board, so Black also makes the first slide."),
  "el-filja": N_("Example: White makes the mill a1 d1 g1 while the stones are put on the board: it takes nothing. Once the board is full, the mills are counted."),
  six: N_("Example: White has stones on b2 and d2. White puts a stone on f2: that is a mill, so White takes away one black stone."),
};

// ---- the relatives' cards (docs/variants.md), written for a ten-year-old ----------------
Object.assign(SOURCES, {
  twelve: N_("Twelve Men's Morris: an old game, played in England long ago. Each player has 12 stones, and the board has four more lines: the diagonals in the corners."),
  morabaraba: N_("Morabaraba: a game from southern Africa. 12 stones each and the diagonal lines."),
  dooz: N_("Dooz: a game from Iran. 12 stones each and the diagonal lines."),
  lasker: N_("Lasker Morris: made up by the chess champion Emanuel Lasker. 10 stones each, and you may move a stone before all yours are placed."),
  "one-time-mill": N_("One-time mill: a Russian way to play where a mill counts only once."),
  "cham-gonu": N_("Cham Gonu: a game from Korea. 12 stones each and the diagonal lines."),
  "zhi-qi": N_("Zhi Qi: a game from China. 12 stones each and the diagonal lines."),
  "cheng-san-qi": N_("Cheng San Qi: a game from China. 9 stones each."),
  "da-san-qi": N_("Da San Qi: a game from China. 12 stones each and the diagonal lines."),
  "mul-mulan": N_("Mul-Mulan: a game from Indonesia. 9 stones each and the diagonal lines; you can also take stones away by stepping in between them."),
  nerenchi: N_("Nerenchi: a game from Sri Lanka. 12 stones each and the diagonal lines."),
  "el-filja": N_("El Filja: a game from Algeria and Morocco. 12 stones each; everything happens once the board is full."),
  six: N_("Six Men's Morris: a smaller and older game. 6 stones each on the two inner squares only."),
});

// Card lines for the options of docs/variants.md (none of them shows for the classic presets).
function variantLines(v) {
  const out = [];
  if (v.board === "diagonals") out.push(t("The four short lines across the corners count too: three of your stones on one of them make a mill."));
  if (v.board === "six") out.push(t("You play only on the two inner squares (16 points). The outer square stays empty and dark."));
  if (v.placing_mill === "hand") out.push(t("When you make a mill while you put your stones on the board, you take a stone from the other player's hand, not from the board. Take it away yourself, then press OK. When that hand is empty, you take one from the board."));
  if (v.placing_mill === "mark") out.push(t("When you make a mill while you put your stones on the board, you take away a stone and its point gets a mark. Nobody may put a stone there until all stones are on the board."));
  if (v.placing_mill === "none") out.push(t("A mill made while you put your stones on the board takes nothing."));
  if (v.move_in_placement === "on") out.push(t("While you still have stones in your hand, you may put one on the board or slide one of yours instead."));
  if (v.defender_first === "on") out.push(t("Whoever put the last stone on the board also makes the first move."));
  if (v.double_mill === "each") out.push(t("If one move makes several mills at once, you take away one stone for each mill."));
  if (v.mill_reuse === "first_time_per_points") out.push(t("A mill lets you take a stone only if one of its points was never in a mill that took a stone before."));
  if (v.no_return === "mill") out.push(t("A stone that made a mill by sliding may not go straight back to make a mill there again."));
  if (v.intervention === "on") out.push(t("If you put or slide a stone between two stones of the other player on one line, you take away both."));
  const points = v.board === "six" ? 16 : 24;
  if (2 * v.stones >= points) {
    out.push(t({
      first_loses: N_("If the board is full when all stones are placed, the player who began loses."),
      draw: N_("If the board is full when all stones are placed, the game is a draw."),
      remove: N_("If the board is full when all stones are placed, the player who began removes one of the other's stones; then the other player moves first."),
      both_remove: N_("If the board is full when all stones are placed, each player removes one of the other's stones (the one who began first); then the one who began moves."),
      mill_count: N_("If the board is full when all stones are placed, count the mills. Nobody has one: each player removes one of their own stones. Only one player has mills: that player removes two of the other's stones, the other removes one. Both have mills: each removes as many of the other's stones as the smaller number of mills, the player with more mills one more."),
    }[v.full_board]));
  }
  return out;
}

function describe(meaning) {
  const row = meaningRow(meaning);
  return row ? t(row.text) : meaning;
}
const CUES = { blink: N_("blinks fast"), pulse: N_("pulses slowly") };

// What the lit LEDs mean right now, from the board's own table (firmware/board/leds.py):
// each swatch has the meaning's colour and its mark (ring about a stone, dot on a point),
// and says its blink pattern in words; a dim mark says so too. The last move is listed
// with its dashed marks.
function renderLegend(st, lit, rp, last) {
  const seen = [];
  for (const name of POINTS) { const m = lit[name]; if (m && !seen.includes(m)) seen.push(m); }
  const box = el("legend");
  box.textContent = "";
  for (const m of seen) {
    const row = meaningRow(m);
    if (!row) continue;
    const li = document.createElement("li");
    li.dataset.meaning = m;
    const sw = document.createElement("span");
    sw.className = "swatch " + row.mark;
    const look = ledLook(row.rgb);
    sw.dataset.rgb = row.rgb.join(",");
    if (look) {
      if (row.mark === "ring") sw.style.borderColor = look.fill;
      else sw.style.background = look.fill;
      sw.style.opacity = look.alpha;
    }
    li.appendChild(sw);
    li.append(" " + describe(m));
    const cues = [];
    if (CUES[row.cue]) cues.push(t(CUES[row.cue]));
    if (Math.max(...row.rgb) < 128) cues.push(t("dim light"));
    if (cues.length) {
      const cue = document.createElement("span");
      cue.className = "dim-cue";
      cue.textContent = " (" + cues.join(", ") + ")";
      li.appendChild(cue);
    }
    box.appendChild(li);
  }
  if (last) {
    const li = document.createElement("li");
    li.dataset.meaning = "last-move";
    const sw = document.createElement("span");
    sw.className = "swatch last";
    li.appendChild(sw);
    li.append(" " + (last.caps && last.caps.length
      ? t("the last move: a dashed ring where it went, a small dashed circle where it came from, a dashed cross where it took a stone")
      : t("the last move: a dashed ring where it went, a small dashed circle where it came from")));
    box.appendChild(li);
  }
}

// ---- setup panel ----------------------------------------------------------------
function buildSetup(cat) {
  const preset = el("preset");
  preset.textContent = "";
  for (const name of Object.keys(cat.presets)) {
    const o = document.createElement("option"); o.value = name; o.textContent = t(PRESET_NAMES[name] || name); preset.appendChild(o);
  }
  const level = el("level");
  level.textContent = "";
  for (const l of levels) {
    const o = document.createElement("option"); o.value = l;
    o.textContent = levelNames[l] ? `${l} ${t(levelNames[l])}` : l; level.appendChild(o);
  }
  const grid = el("options-grid");
  grid.textContent = "";
  for (const [k, spec] of Object.entries(cat.options)) {
    const lab = document.createElement("label");
    lab.textContent = t(OPTION_LABELS[k] || k) + " ";
    let inp;
    if (spec.values) {
      inp = document.createElement("select");
      for (const v of spec.values) {
        const o = document.createElement("option"); o.value = v; o.textContent = t(VALUE_LABELS[k + "=" + v] || v); inp.appendChild(o);
      }
    } else {
      inp = document.createElement("input"); inp.type = "number"; inp.min = spec.range[0]; inp.max = spec.range[1];
    }
    inp.id = "opt-" + k; inp.dataset.option = k;
    inp.addEventListener("change", syncVariations);
    lab.appendChild(inp); grid.appendChild(lab);
  }
}
el("preset").addEventListener("change", () => presetChanged({}));
const PRESET_NAMES = { standard: N_("Standard"), wikipedia: N_("Wikipedia"), "old-russian": N_("Old Russian"),
                       schmidt: N_("Schmidt Spiele"), french: N_("French"),
                       // the relatives (docs/variants.md)
                       twelve: N_("Twelve Men's Morris"),
                       morabaraba: N_("Morabaraba"),
                       dooz: N_("Dooz"),
                       lasker: N_("Lasker Morris"),
                       "one-time-mill": N_("One-time mill"),
                       "cham-gonu": N_("Cham Gonu"),
                       "zhi-qi": N_("Zhi Qi"),
                       "cheng-san-qi": N_("Cheng San Qi"),
                       "da-san-qi": N_("Da San Qi"),
                       "mul-mulan": N_("Mul-Mulan"),
                       nerenchi: N_("Nerenchi"),
                       "el-filja": N_("El Filja"),
                       six: N_("Six Men's Morris") };
// Every rule option and value in words (the rules text keeps the short names).
const OPTION_LABELS = {
  stones: N_("Stones for each player"), fly_at: N_("Jumping starts with this many stones (0: never)"),
  lose_below: N_("You lose with fewer stones than"), capture: N_("Taking a stone after a mill"),
  protect_mills: N_("Stones in a mill are safe"), double_mill: N_("Two mills at once take"),
  mill_reuse: N_("The same line again"), no_return: N_("Straight back into the old mill"),
  blocked: N_("A player who cannot move"), draw_3v3_moves: N_("Draw with three stones each after this many moves (0: never)"),
  draw_no_capture_moves: N_("Draw after this many moves without taking (0: never)"),
  draw_repetition: N_("Draw when a position comes up this often (0: never)"),
  first_player: N_("Who starts"), board: N_("The board"),
  placing_mill: N_("A mill made while the stones are put on the board"),
  move_in_placement: N_("Sliding before all stones are on the board"),
  defender_first: N_("Who moves first once all stones are on the board"),
  full_board: N_("A full board when all stones are on it"),
  intervention: N_("A stone put between two stones of the other player"),
};
const VALUE_LABELS = {
  "capture=mandatory": N_("you must take one"), "capture=optional": N_("you may say no"),
  "protect_mills=unless_all": N_("unless all are in mills"), "protect_mills=strict": N_("always"),
  "protect_mills=none": N_("never"), "double_mill=one": N_("one stone"), "double_mill=two": N_("two stones"),
  "mill_reuse=always": N_("takes a stone every time"), "mill_reuse=first_time_per_line": N_("takes a stone only the first time"),
  "no_return=off": N_("allowed"), "no_return=on": N_("not allowed"), "blocked=loses": N_("loses"),
  "first_player=white": N_("White"), "first_player=lot": N_("drawn by lot"),
  "board=standard": N_("three squares"), "board=diagonals": N_("three squares with diagonals"),
  "double_mill=each": N_("one stone for each mill"),
  "mill_reuse=first_time_per_points": N_("takes a stone only with a new point"),
  "no_return=mill": N_("not allowed to make the same mill again"),
  "board=six": N_("only the two inner squares"),
  "placing_mill=capture": N_("takes a stone from the board"),
  "placing_mill=hand": N_("takes a stone from the other player's hand"),
  "placing_mill=mark": N_("takes a stone and marks its point"),
  "placing_mill=none": N_("takes nothing"),
  "move_in_placement=off": N_("not allowed"),
  "move_in_placement=on": N_("allowed"),
  "defender_first=off": N_("the next player, as usual"),
  "defender_first=on": N_("whoever put the last stone"),
  "full_board=first_loses": N_("the player who began loses"),
  "full_board=draw": N_("a draw"),
  "full_board=remove": N_("the player who began takes away one stone"),
  "full_board=both_remove": N_("each player takes away one stone"),
  "full_board=mill_count": N_("count the mills"),
  "intervention=off": N_("nothing happens"),
  "intervention=on": N_("both are taken away"),
};
// The named variations of a preset, as sentences.
const VARIATION_LABELS = {
  "double_mill=two": N_("Two mills at once take two stones"),
  "no_return=on": N_("A stone may not go straight back into the mill it left"),
};

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
    lab.appendChild(cb); lab.append(" " + t(VARIATION_LABELS[k + "=" + v] || N_("Another rule variation")));
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
  setupKey = JSON.stringify([s.rules, s.players]);
  el("preset").value = s.rules.split("+")[0];
  presetChanged(s.options);
  el("white").value = s.players[0];
  el("black").value = s.players[1];
  el("level").value = String(s.level);
  el("learning").checked = !!s.learning;
}
// Settings that apply at once, mid-game (the server keeps them: a reload shows them again).
// A setting sent is shown as chosen until the server's state has it (or 3 s pass).
const settingSent = {};
function sendSetting(key, value) {
  settingSent[key] = { value, at: Date.now() };
  send({ type: "settings", [key]: value });
}
el("learning").addEventListener("change", ev => sendSetting("learning", ev.target.checked));
el("level").addEventListener("change", ev => sendSetting("level", parseInt(ev.target.value, 10)));

function startGame() {
  const name = el("preset").value, base = catalogue.presets[name], options = {};
  for (const k of Object.keys(catalogue.options)) {
    const v = el("opt-" + k).value;
    if (String(v) !== String(base[k])) options[k] = v;
  }
  send({ type: "new_game", preset: name, options, white: el("white").value, black: el("black").value,
         level: parseInt(el("level").value, 10), learning: el("learning").checked });
}

// ---- teaching (issue 24): learning mode's move quality and the puzzles -------------------
// A mistake's point gets a dark cross over its dot (its second cue besides its colour).
function renderCross(name, mark) {
  const cross = document.querySelector(`.cross[data-point="${name}"]`);
  if (!cross) return;
  cross.classList.toggle("on", mark === "cross");
}
CUES.flash = N_("flashes twice a second");

// Why a destination has its light, in words (the board's "quality" of the state:
// firmware/teach/quality.py's ``why``).
function qualityWhy(q, st) {
  const them = sideName(other(st.turn)), pts = q.points || [];
  const good = { mill: N_("On {0}: a good move. It closes a mill."), win: N_("On {0}: a good move. It wins the game."),
                 threat: N_("On {0}: a good move. Next you can close a mill in two places."),
                 safe: N_("On {0}: a good move. You keep all your stones.") };
  if (q.meaning === "good") return t(good[q.why] || good.safe, q.to);
  if (q.meaning === "playable") return t("On {0}: all right. But there is a better move: the one to {1} wins a stone.", q.to, pts[0] || "");
  if (q.why === "mill") return t("On {0}: a mistake. Then {1} closes the mill {2} and takes one of your stones.", q.to, them, pts.join(" "));
  if (q.why === "two_mills") return t("On {0}: a mistake. Then {1} can close a mill on {2} and also on {3}: you cannot block both.", q.to, them, pts[0], pts[1]);
  if (q.why === "mill_next") return t("On {0}: a mistake. Then {1} can close a mill on {2}, and you cannot stop it.", q.to, them, pts.join(" "));
  if (q.why === "blocked") return t("On {0}: a mistake. Then {1} can block all your stones, and you lose the game.", q.to, them);
  return t("On {0}: a mistake. Then you lose the game.", q.to);
}

// The lit points' qualities in a few words, and once Hint is pressed why (learning mode:
// the hint event's "quality", firmware/teach/why.py).
function renderQuality(st) {
  const box = el("quality-box"), q = st.status && st.status.quality;
  const human = playing(st)[st.turn === "white" ? 0 : 1] === "human";
  if (st.replay || !q || !q.ready || !human || !st.settings.learning || st.result) { box.hidden = true; return; }
  const lit = st.status.lit || {}, by = { good: [], playable: [], mistake: [] };
  for (const name of POINTS) if (by[lit[name]]) by[lit[name]].push(name);
  const list = el("quality-list");
  list.textContent = "";
  const line = (text, meaning) => { const li = document.createElement("li"); li.textContent = text; li.dataset.meaning = meaning; list.appendChild(li); };
  const why = (st.hint && st.hint.turn === st.turn && st.hint.quality) || null;
  if (!by.good.length && !by.playable.length && !by.mistake.length) {
    line(t("Lift a stone: its points light up green for a good move, violet for an all right one, and red with a cross for a mistake."), "");
  } else {
    if (by.good.length) line(t("Good moves: {0}.", by.good.join(" ")), "good");
    if (by.playable.length) line(t("All right, but not the best: {0}.", by.playable.join(" ")), "playable");
    if (by.mistake.length) line(t("Mistakes: {0}.", by.mistake.join(" ")), "mistake");
    if (why) {         // one line per reason: the points that share it together
      const groups = [];
      for (const m of why.filter(m => lit[m.to] === m.meaning)) {
        const g = groups.find(x => x.meaning === m.meaning && x.why === m.why && String(x.points) === String(m.points));
        if (g) g.to += " " + m.to; else groups.push(Object.assign({}, m));
      }
      for (const g of groups) line(qualityWhy(g, st), g.meaning);
    }
    else if (by.playable.length || by.mistake.length) line(t("Press Hint to hear why."), "");
  }
  box.hidden = false;
  box.dataset.why = why ? why.map(m => m.to + "=" + m.why).join(" ") : "";
}

const PUZZLE_LEVELS = { 1: N_("easy"), 2: N_("medium"), 3: N_("hard") };
// The puzzle in play: which one, how many solved; its task and verdict are the board's message.
function renderPuzzle(st) {
  const p = st.status && st.status.puzzle, box = el("puzzle-box");
  document.body.dataset.puzzle = p ? p.state : "";
  if (!p || st.replay) { box.hidden = true; el("puzzle-start").disabled = !!st.replay; return; }
  box.hidden = false;
  el("puzzle-title").textContent = t("Puzzle {0} of {1} ({2})", p.number, p.count, t(PUZZLE_LEVELS[p.level]));
  el("puzzle-count").textContent = t("Solved so far: {0} of {1}.", p.solved, p.tried);
  el("puzzle-next").disabled = p.state === "setup";
  el("puzzle-answer").disabled = !["ask", "retry", "wrong"].includes(p.state);
  el("puzzle-level").value = String(p.level);
}
el("puzzle-start").addEventListener("click", () => send({ type: "puzzle", level: parseInt(el("puzzle-level").value, 10) }));
el("puzzle-next").addEventListener("click", () => send({ type: "button", name: "ok" }));
el("puzzle-answer").addEventListener("click", () => send({ type: "button", name: "hint" }));
el("puzzle-stop").addEventListener("click", () => send({ type: "puzzle", level: 0 }));

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

function hideError() {
  clearTimeout(errorTimer);
  el("error").hidden = true;
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

// A button held HOLD_MS is a long press (OK held 2 s on an empty board opens the
// board's settings menu): sent as soon as the time is up, the click that follows is dropped.
const HOLD_MS = 2000;
document.querySelectorAll("button.hw").forEach(b => {
  let timer = null, held = false;
  const stop = () => { if (timer) clearTimeout(timer); timer = null; };
  b.addEventListener("pointerdown", () => {
    held = false;
    stop();
    timer = setTimeout(() => { held = true; timer = null; send({ type: "button", name: b.dataset.button, hold_ms: HOLD_MS + 500 }); }, HOLD_MS);
  });
  b.addEventListener("pointerup", stop);
  b.addEventListener("pointerleave", stop);
  b.addEventListener("click", () => {
    if (held) { held = false; return; }
    stop();
    if (b.dataset.button === "hint") { hintAsked = Date.now(); hintAskedAt = state ? turnKey(state) : ""; }
    send({ type: "button", name: b.dataset.button });
  });
});
el("start").addEventListener("click", () => { startGame(); toTop(); });
// The side scrolled back to its top (a new game, an import): the turn, the message and the
// replay controls in view.
function toTop() { el("panel").scrollTop = 0; window.scrollTo(0, 0); }
el("settings-open").addEventListener("click", () => {
  el("setup").open = true;
  el("setup").scrollIntoView({ block: "start" });
});
el("sweep").addEventListener("click", () => send({ type: "sweep" }));
el("tidy").addEventListener("click", () => send({ type: "tidy" }));
// Page-only settings, kept in this browser: point names, the classroom view.
function stored(key, fallback) {
  try { const v = localStorage.getItem(key); return v === null ? fallback : v === "1"; } catch (e) { return fallback; }
}
function store(key, on) { try { localStorage.setItem(key, on ? "1" : "0"); } catch (e) { /* private mode */ } }
function showNames(on) { el("show-names").checked = on; el("board").classList.toggle("hide-names", !on); store("morris-names", on); }
el("show-names").addEventListener("change", ev => showNames(ev.target.checked));
showNames(stored("morris-names", true));
function classroom(on) {
  document.body.classList.toggle("classroom", on);
  const label = on ? N_("Leave the classroom view") : N_("Classroom view");
  el("classroom-toggle").textContent = t(label);
  el("classroom-toggle").dataset.i18n = label;
  store("morris-classroom", on);
  if (state) render(state);
}
el("classroom-toggle").addEventListener("click", () => classroom(!document.body.classList.contains("classroom")));
classroom(/[?&]view=classroom\b/.test(location.search) || stored("morris-classroom", false));
el("auto-remote").addEventListener("change", ev => send({ type: "sim_options", auto_remote: ev.target.checked }));
el("clear-now").addEventListener("click", () => send({ type: "clear" }));
el("resign").addEventListener("click", () => {
  if (!state) return;
  const side = resigningSide(state);
  if (confirm(t("{0} gives up and the other player wins. Are you sure?", sideName(side)))) send({ type: "resign", side });
});
el("offer-draw").addEventListener("click", () => {
  if (confirm(t("Do both players agree to end the game as a draw?"))) send({ type: "draw" });
});

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
  hideError();          // an earlier import's error must not stand beside this one's result
  send({ type: "import", text });
  toTop();
});
el("import-open").addEventListener("click", () => el("import-file").click());
el("import-file").addEventListener("change", async ev => {
  const f = ev.target.files[0];
  if (!f) return;
  const text = await f.text();
  el("import-text").value = text;
  hideError();
  send({ type: "import", text });
  toTop();
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

// The pages' one script: each page (body[data-page]) is drawn from the
// read API (/api/v1), and a test's page is kept current by its event stream.
// No framework and no build step: the coordinator serves this file as it is.
"use strict";

const main = document.getElementById("main");
const csrf = document.querySelector('meta[name="csrf"]').content;
const loggedIn = document.body.dataset.loggedIn === "true";
// Who is logged in, and what their role lets them do (the server's rule,
// coordinator/domain/permissions.h; it checks every action again).
const me = { name: document.body.dataset.account, role: document.body.dataset.role };
const isApprover = loggedIn && ["approver", "admin"].includes(me.role);
const mayManage = (test) => isApprover || (loggedIn && test.owner === me.name);

// Step 1. Small helpers.

// An element with attributes and children (strings become text, never HTML).
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

async function api(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) throw new Error(body.message || `HTTP ${response.status}`);
  return body;
}

// Replaces the page's content; null and undefined parts are left out (the
// DOM would write them as the text "null").
function show(...parts) {
  main.replaceChildren(...parts.flat().filter((part) => part !== null && part !== undefined));
}

function showError(error) {
  show(el("p", { class: "error" }, String(error.message || error)));
}

const fixed = (x, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : "—");
const int = (x) => Number(x || 0);
const ago = (unix) => {
  const seconds = Math.max(0, Date.now() / 1000 - int(unix));
  if (seconds < 90) return `${Math.round(seconds)} s ago`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 129600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} d ago`;
};
const stateWord = (state) => (state || "TEST_STATE_PENDING").replace("TEST_STATE_", "").toLowerCase();
const endingWord = (termination) => (termination || "").replace("TERMINATION_", "").toLowerCase().replaceAll("_", " ");
// "3 (0.4%)": a count and its share of the games.
const rate = (count, games) => (int(games) ? `${int(count)} (${fixed((100 * int(count)) / int(games), 1)}%)` : `${int(count)}`);
const eventWord = (kind) => (kind || "").replace("TEST_EVENT_KIND_", "").toLowerCase().replaceAll("_", " ");
const kindOf = (spec) => (spec.spsa ? "spsa" : spec.sprt ? "sprt" : "fixed");

// The game a test plays; tests made before the other variants came are Judkins's.
function variantName(spec) {
  return spec.variant || "judkins";
}

function timeControl(tc) {
  if (!tc) return "";
  if (tc.fischer) return tc.fischer;
  if (tc.byoyomi) return `${tc.byoyomi} byoyomi`;
  if (tc.movetime) return `${tc.movetime} s/move`;
  if (tc.nodes) return `${tc.nodes} nodes`;
  if (tc.depth) return `depth ${tc.depth}`;
  return "";
}

function wdlText(wdl) {
  return wdl ? `${int(wdl.wins)}-${int(wdl.draws)}-${int(wdl.losses)}` : "0-0-0";
}

// How a test ended, at a glance: an SPRT accepted (green) or rejected (red),
// a fixed-games test or a tune done (neutral), stopped; null while it runs.
function verdict(test) {
  const state = stateWord(test.state), s = test.stats || {};
  if (state === "stopped") return { word: "stopped", class: "verdict-stopped" };
  if (state !== "finished") return null;
  if (s.sprt && s.state === "accepted") return { word: "accepted", class: "verdict-good" };
  if (s.sprt && s.state === "rejected") return { word: "rejected", class: "verdict-bad" };
  return { word: "done", class: "verdict-neutral" };
}

// A badge of the test's verdict, else of its state.
function stateBadge(test, id = null) {
  const v = verdict(test);
  return el("span", { class: `state ${v ? v.class : stateWord(test.state)}`, id }, v ? v.word : stateWord(test.state).replace("_", " "));
}

// Time left at the pace so far (as `judkins test list` says it): the pairs a
// fixed test has left, or the games an SPRT's LLR needs to reach the bound
// it heads for; null when it is not running or cannot tell yet.
function timeLeft(test) {
  const s = test.stats || {}, games = int(s.games), seconds = int(test.updatedUnix) - int(test.createdUnix);
  if (stateWord(test.state) !== "running" || !games || seconds <= 0) return null;
  let remaining = 0;
  if (test.spec.fixedPairs) remaining = 2 * int(test.spec.fixedPairs) - games;
  else if (s.sprt && s.llr) remaining = Math.max(0, ((s.llr > 0 ? s.upperBound : s.lowerBound) / s.llr - 1) * games);
  if (!(remaining > 0)) return null;
  const left = Math.round((remaining * seconds) / games);
  return left >= 3600 ? `${Math.floor(left / 3600)}h ${Math.round((left % 3600) / 60)}m`
    : left >= 60 ? `${Math.floor(left / 60)}m ${left % 60}s` : `${left}s`;
}

// fishtest's result box: the LLR with its bounds and the SPRT's Elo bounds,
// the games as W-L-D, the pentanomial; coloured by the verdict.
function resultBox(test, id = null) {
  const s = test.stats || {}, w = test.wdl || {}, p = test.pentanomial || {}, v = verdict(test);
  const sprt = test.spec.sprt;
  const lines = [
    sprt ? `LLR: ${fixed(s.llr, 2)} (${fixed(s.lowerBound, 2)}, ${fixed(s.upperBound, 2)}) <${fixed(sprt.elo0 || 0, 2)}, ${fixed(sprt.elo1 || 0, 2)}>`
      : test.spec.fixedPairs ? `${int(test.spec.fixedPairs)} pairs` : "tune",
    `Total: ${int(s.games)} W: ${int(w.wins)} L: ${int(w.losses)} D: ${int(w.draws)}`,
    `Ptnml(0-2): ${[p.ll, p.ld, p.ddWl, p.dw, p.ww].map(int).join(", ")}`,
  ];
  return el("pre", { class: `result-box ${v ? v.class : ""}`.trim(), id }, lines.join("\n"));
}

function eloText(stats) {
  if (!stats || !int(stats.games)) return "—";
  const plus = (int(stats.eloCiUpper) - int(stats.eloCiLower)) / 2;
  return `${fixed(stats.elo)} ± ${fixed(plus)}`;
}

// The LLR within its bounds: the bar fills from 0 towards the bound it nears.
function llrBar(stats) {
  if (!stats || !stats.sprt) return el("span", { class: "muted" }, "—");
  const lower = stats.lowerBound, upper = stats.upperBound, llr = stats.llr || 0;
  const span = upper - lower;
  const position = (x) => (100 * (Math.min(upper, Math.max(lower, x)) - lower)) / span;
  const zero = position(0), here = position(llr);
  return el("div", { class: "llr", title: `LLR ${fixed(llr, 2)} in [${fixed(lower, 2)}, ${fixed(upper, 2)}]`,
                     "data-llr": llr },
    el("div", { class: "fill", style: `left:${Math.min(zero, here)}%;width:${Math.abs(here - zero)}%` }),
    el("div", { class: "zero", style: `left:${zero}%` }),
    el("span", { class: "label" }, `${fixed(llr, 2)} (${fixed(lower, 2)}, ${fixed(upper, 2)})`));
}

// "Nice" tick values from lo to hi: about `count` of them, at 1, 2 or 5 times
// a power of ten.
function ticks(lo, hi, count = 5) {
  const raw = (hi - lo) / count, power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const values = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) values.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return values;
}

// A line chart of points [x, y] (and optional [x, low, high] band) in an SVG,
// with ticks on both axes, a zero line, dashed bounds, and the value under
// the pointer. clipEarly: the y range ignores the first tenth of x (an Elo
// interval of the first few games would flatten the rest), and what falls
// outside is drawn at the edge.
function lineChart(title, points, { band = [], bounds = [], xLabel = "games", clipEarly = false, digits = 1 } = {}) {
  const width = 600, height = 220, left = 52, right = 12, top = 22, bottom = 30;
  const chart = svg("svg", { class: "chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title });
  const text = (x, y, content, attributes = {}) => {
    const node = svg("text", { x, y, ...attributes });
    node.textContent = content;
    chart.append(node);
    return node;
  };
  text(left, 14, title);
  if (!points.length) {
    text(width / 2 - 40, height / 2, "no games yet");
    return chart;
  }
  const xs = points.map((p) => p[0]).concat(band.map((p) => p[0]));
  let [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const shown = (p) => !clipEarly || points.length < 10 || p[0] >= x0 + (x1 - x0) / 10;
  const ys = points.filter(shown).map((p) => p[1]).concat(band.filter(shown).flatMap((p) => [p[1], p[2]]), bounds);
  let [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (x0 === x1) x1 = x0 + 1;
  if (y0 === y1) [y0, y1] = [y0 - 1, y1 + 1];
  const X = (x) => left + ((x - x0) / (x1 - x0)) * (width - left - right);
  const Y = (y) => top + (1 - (Math.min(y1, Math.max(y0, y)) - y0) / (y1 - y0)) * (height - top - bottom);
  for (const value of ticks(y0, y1)) {
    chart.append(svg("line", { class: "grid", x1: left, y1: Y(value), x2: width - right, y2: Y(value) }));
    text(left - 6, Y(value) + 4, fixed(value, Math.abs(y1 - y0) < 5 ? 2 : digits), { "text-anchor": "end" });
  }
  for (const value of ticks(x0, x1, 4)) {
    chart.append(svg("line", { class: "axis", x1: X(value), y1: Y(y0), x2: X(value), y2: Y(y0) + 4 }));
    text(X(value), height - 14, Math.round(value), { "text-anchor": "middle" });
  }
  text(width - right, height - 2, xLabel, { "text-anchor": "end" });
  chart.append(svg("line", { class: "axis", x1: left, y1: Y(y0), x2: width - right, y2: Y(y0) }));
  chart.append(svg("line", { class: "axis", x1: left, y1: top, x2: left, y2: Y(y0) }));
  if (y0 < 0 && y1 > 0) chart.append(svg("line", { class: "zero", x1: left, y1: Y(0), x2: width - right, y2: Y(0) }));
  for (const bound of bounds)
    chart.append(svg("line", { class: "bound", x1: left, y1: Y(bound), x2: width - right, y2: Y(bound) }));
  if (band.length) {
    const upper = band.map((p) => `${X(p[0])},${Y(p[2])}`), lower = band.map((p) => `${X(p[0])},${Y(p[1])}`).reverse();
    chart.append(svg("polygon", { class: "band", points: upper.concat(lower).join(" ") }));
  }
  chart.append(svg("polyline", { class: "series", points: points.map((p) => `${X(p[0])},${Y(p[1])}`).join(" ") }));
  // The value under the pointer: the nearest point's, with a guide line.
  const guide = svg("line", { class: "guide", y1: top, y2: Y(y0), visibility: "hidden" });
  const dot = svg("circle", { class: "dot", r: 3, visibility: "hidden" });
  chart.append(guide, dot);
  const readout = text(width - right, 14, "", { "text-anchor": "end", class: "readout" });
  chart.addEventListener("mousemove", (event) => {
    const box = chart.getBoundingClientRect();
    const x = x0 + (((event.clientX - box.left) * (width / box.width) - left) / (width - left - right)) * (x1 - x0);
    const nearest = points.reduce((best, p) => (Math.abs(p[0] - x) < Math.abs(best[0] - x) ? p : best));
    for (const [node, name, value] of [[guide, "x1", X(nearest[0])], [guide, "x2", X(nearest[0])], [dot, "cx", X(nearest[0])], [dot, "cy", Y(nearest[1])]])
      node.setAttribute(name, value);
    guide.setAttribute("visibility", "visible");
    dot.setAttribute("visibility", "visible");
    const interval = band.find((b) => b[0] === nearest[0]);
    readout.textContent = `${Math.round(nearest[0])} ${xLabel}: ${fixed(nearest[1], 2)}` +
      (interval ? ` [${fixed(interval[1], 1)}, ${fixed(interval[2], 1)}]` : "");
  });
  chart.addEventListener("mouseleave", () => {
    guide.setAttribute("visibility", "hidden");
    dot.setAttribute("visibility", "hidden");
    readout.textContent = "";
  });
  return chart;
}

// rowClasses: a class for each row (or null), such as its verdict's;
// secondary: the columns a phone's width leaves out.
function table(headers, rows, { numeric = [], id = null, rowClasses = [], secondary = [] } = {}) {
  const cellClass = (i) => [numeric.includes(i) ? "num" : "", secondary.includes(i) ? "hide-narrow" : ""].join(" ").trim() || null;
  return el("div", { class: "table-wrap", id },
    el("table", {},
      el("thead", {}, el("tr", {}, headers.map((h, i) => el("th", { class: cellClass(i) }, h)))),
      el("tbody", {}, rows.length ? rows.map((cells, row) =>
        el("tr", { class: rowClasses[row] || null }, cells.map((c, i) => el("td", { class: cellClass(i) }, c))))
        : el("tr", {}, el("td", { colspan: headers.length, class: "muted" }, "none")))));
}

// A form that posts an action with the session's CSRF token.
function actionForm(path, label, fields = [], danger = false) {
  return el("form", { method: "post", action: path, class: "filters" },
    el("input", { type: "hidden", name: "csrf", value: csrf }), fields,
    el("button", { type: "submit", class: danger ? "danger" : null }, label));
}

// Calls `update` for each `name` event of the stream at `path`; when the
// server refuses the stream (it has none to spare), polls every `period` ms
// instead. EventSource itself retries a dropped connection. `update` returns
// true when nothing more will change (an ended test): the stream is closed,
// or the polling stopped, and nothing is asked again.
function liveOrPolled(path, name, update, period) {
  const events = new EventSource(path);
  events.addEventListener(name, async (event) => {
    if (await update(event)) events.close();
  });
  events.onerror = () => {
    if (events.readyState !== EventSource.CLOSED) return;
    const timer = setInterval(async () => {
      if (await update(null)) clearInterval(timer);
    }, period);
  };
}

// Step 2. The pages.

const pages = {};

// The tests, grouped by state, with summary cards; refreshed every few seconds.
pages.index = async function () {
  const params = new URLSearchParams(location.search);
  const filters = {
    state: params.get("state") || "", kind: params.get("kind") || "", variant: params.get("variant") || "",
    q: params.get("q") || "", owner: params.get("owner") || "",
    page: Number(params.get("page") || 1),
  };
  // The filters are built once: a redraw while someone types a name or holds
  // a choice open must not take it from under them. Redraws replace the cards
  // and the results only.
  const form = el("form", { class: "filters", onsubmit: (e) => {
      e.preventDefault();
      const data = new FormData(e.target);
      const next = new URLSearchParams();
      for (const [k, v] of data) if (v) next.set(k, v);
      location.search = next.toString();
    } },
    el("select", { name: "state" }, ["", "awaiting_approval", "pending", "running", "finished", "stopped"].map((s) =>
      el("option", { value: s, selected: s === filters.state }, s.replace("_", " ") || "any state"))),
    el("select", { name: "kind" }, ["", "sprt", "fixed", "spsa"].map((k) =>
      el("option", { value: k, selected: k === filters.kind }, k || "any kind"))),
    el("select", { name: "variant" }, ["", "judkins", "shogi", "minishogi"].map((v) =>
      el("option", { value: v, selected: v === filters.variant }, v || "any variant"))),
    el("input", { name: "q", value: filters.q, placeholder: "engine or owner", maxlength: 100 }),
    el("input", { name: "owner", value: filters.owner, placeholder: "owner", maxlength: 100, size: 10 }),
    el("button", { type: "submit" }, "Filter"),
    loggedIn && me.name ? el("a", { href: `?owner=${encodeURIComponent(me.name)}`, id: "mine" }, "my tests") : null);
  const heading = el("h1", {}, "Tests"), cards = el("div", { class: "cards" }), results = el("div", { id: "results" });
  // Games per minute over the last few minutes of samples: reports come in
  // batches, so the change between two redraws a second apart is 0 or a burst.
  const samples = [], span = 5 * 60000, shortest = 30000;
  async function draw() {
    const query = new URLSearchParams({ per_page: 50, page: filters.page });
    for (const name of ["state", "kind", "variant", "q", "owner"]) if (filters[name]) query.set(name, filters[name]);
    const [list, workers] = await Promise.all([api(`/api/v1/tests?${query}`), api("/api/v1/workers")]);
    const recent = workers.workers.filter((w) => Date.now() / 1000 - int(w.lastSeenUnix) < 120);
    const games = list.tests.reduce((sum, t) => sum + int(t.stats && t.stats.games), 0);
    const now = Date.now();
    samples.push([now, games]);
    while (samples.length > 2 && now - samples[1][0] >= span) samples.shift();
    const [since, before] = samples[0];
    const perMinute = now - since >= shortest ? fixed(((games - before) * 60000) / (now - since), 0) : "—";
    const sum = (field) => recent.reduce((total, w) => total + int(w.capabilities && w.capabilities[field]), 0);
    cards.replaceChildren(
      el("div", { class: "card" }, el("div", { class: "muted" }, "workers"), el("div", { class: "value", id: "card-workers" }, recent.length)),
      el("div", { class: "card" }, el("div", { class: "muted" }, "cores"), el("div", { class: "value", id: "card-cores" }, sum("cores"))),
      el("div", { class: "card" }, el("div", { class: "muted" }, "games at once"), el("div", { class: "value", id: "card-slots" }, sum("concurrency"))),
      el("div", { class: "card" }, el("div", { class: "muted" }, "games per minute"), el("div", { class: "value", id: "card-rate" }, perMinute)),
      el("div", { class: "card" }, el("div", { class: "muted" }, "tests"), el("div", { class: "value" }, list.total)));
    const groups = { awaiting_approval: [], pending: [], running: [], finished: [] };
    for (const test of list.tests) {
      const state = stateWord(test.state);
      groups[state === "stopped" ? "finished" : state].push(test);
    }
    const sections = Object.entries(groups).filter(([, tests]) => tests.length).map(([name, tests]) => [
      el("h2", {}, `${name[0].toUpperCase()}${name.slice(1).replace("_", " ")} (${tests.length})`),
      table(["test", "engines", "owner", "variant", "tc", "state", "LLR", "Elo", "games", "left", "W-D-L"], tests.map((t) => t.damaged ? [
        el("a", { href: `/tests/${t.id}` }, `#${t.id}`), el("span", { class: "bad" }, `damaged: ${t.damaged}`), "", "", "", "", "", "", "", "", "",
      ] : [
        el("a", { href: t.spec.spsa ? `/tunes/${t.id}` : `/tests/${t.id}` }, `#${t.id}`),
        `${t.spec.dev.name} vs ${t.spec.base.name}`, t.owner || "—", variantName(t.spec), timeControl(t.spec.timeControl),
        stateBadge(t), llrBar(t.stats), eloText(t.stats), int(t.stats && t.stats.games), timeLeft(t) || "—", wdlText(t.wdl),
      ]), { numeric: [8], secondary: [2, 3, 4, 9, 10], rowClasses: tests.map((t) => (t.damaged || !verdict(t) ? null : verdict(t).class)) }),
    ]);
    const pager = el("div", { class: "pager" },
      filters.page > 1 ? el("a", { href: `?${new URLSearchParams({ ...filters, page: filters.page - 1 })}` }, "← newer") : null,
      el("span", { class: "muted" }, `page ${list.page} of ${list.pages}`),
      filters.page < list.pages ? el("a", { href: `?${new URLSearchParams({ ...filters, page: filters.page + 1 })}` }, "older →") : null);
    results.replaceChildren(
      ...(sections.length ? sections.flat() : [el("p", { class: "muted", id: "no-tests" }, "No tests match.")]), pager);
    if (!main.contains(results)) show(heading, cards, form, results);  // first, or after an error was shown
  }
  await draw();
  // Redrawn when the coordinator says something changed; polled instead when
  // it has no stream to spare. The workers' heartbeats do not move the feed,
  // so the cards are also refreshed every half minute.
  liveOrPolled("/api/v1/events", "changed", () => draw().catch(showError), 5000);
  setInterval(() => draw().catch(showError), 30000);
};

// One test: spec, statistics, charts and workers, updated by its event stream.
// Where a side's engine was built (its upload's provenance), as spec rows,
// and the diff between the two when both come from one repository.
async function provenanceOf(sha) {
  if (!sha) return null;
  const { artifacts } = await api(`/api/v1/artifacts?sha256=${sha}`);
  return artifacts.length && artifacts[0].provenance ? artifacts[0].provenance : null;
}
function provenanceRows(base, dev) {
  if (!base && !dev) return [];
  const commit = (p) => (p && p.commit ? `${p.commit.slice(0, 12)}${p.branch ? ` (${p.branch})` : ""}${p.dirty ? " + changes" : ""}` : "—");
  return [
    ["repository", (base && base.repository) || "—", (dev && dev.repository) || "—"],
    ["commit", commit(base), commit(dev)],
    ["build", (base && base.buildCommand) || "—", (dev && dev.buildCommand) || "—"],
    ["bench", (base && base.benchSignature) || "—", (dev && dev.benchSignature) || "—"],
  ];
}
function diffLine(base, dev) {
  if (!base || !dev || !base.commit || !dev.commit || base.repository !== dev.repository || base.commit === dev.commit) return null;
  const web = /^https:\/\/(github\.com|gitlab\.com|codeberg\.org)\//.test(base.repository) ? base.repository.replace(/\.git$/, "") : null;
  return el("p", { id: "diff" }, "The change: ", el("code", {}, `git diff ${base.commit.slice(0, 12)}..${dev.commit.slice(0, 12)}`),
    web ? [" · ", el("a", { href: `${web}/compare/${base.commit}...${dev.commit}` }, "compare on the web")] : null,
    base.dirty || dev.dirty ? el("span", { class: "muted" }, " (a side had uncommitted changes: the diff is not all of it)") : null);
}

pages.test = async function () {
  const id = location.pathname.split("/")[2];
  let [history, log] = await Promise.all([api(`/api/v1/tests/${id}/history?points=500`), api(`/api/v1/tests/${id}/log`)]);
  // The engines' provenance does not change while the test runs: read once.
  const shown = await api(`/api/v1/tests/${id}`);
  const [baseBuild, devBuild] = shown.damaged ? [null, null]
    : await Promise.all([provenanceOf(shown.spec.base.artifactSha256), provenanceOf(shown.spec.dev.artifactSha256)]);
  // The action forms are made once per state and kept across redraws, so a
  // live update never wipes what someone is typing in them.
  let actions = null, actionsState = null;
  function actionsFor(test) {
    const state = stateWord(test.state);
    if (state === actionsState) return actions;
    actionsState = state;
    const open = ["awaiting_approval", "pending", "running"].includes(state);
    actions = open && mayManage(test) ? el("div", { id: "actions" },
      state === "awaiting_approval" && isApprover ? actionForm(`/tests/${id}/approve`, "Approve") : null,
      actionForm(`/tests/${id}/stop`, "Stop the test", [], true),
      actionForm(`/tests/${id}/priority`, "Set priority", [el("input", { type: "number", name: "priority", value: test.spec.priority || 0, min: -1000, max: 1000 })]))
      : loggedIn ? null : el("p", { class: "muted" }, el("a", { href: `/login?next=/tests/${id}` }, "Log in"), " to stop it or change its priority.");
    return actions;
  }
  // The records' links and one-game form never change: made once, like the
  // actions, so a redraw keeps the game number someone is typing.
  const records = [
    el("h2", {}, "Game records"),
    el("p", {}, "Every game: ", el("a", { href: `/api/v1/tests/${id}/records`, id: "records" }, "PGN (ours)"), " · ",
      el("a", { href: `/api/v1/tests/${id}/records?format=csa`, id: "records-csa" }, "CSA"),
      " (shogi programs read both; KIF holds one game to a file)"),
    el("form", { method: "get", action: `/api/v1/tests/${id}/records`, id: "records-one" },
      el("input", { type: "hidden", name: "format", value: "kif" }),
      el("label", {}, "One game, as KIF: game ", el("input", { type: "number", name: "game", min: "1", value: "1", required: true })),
      " ", el("button", { type: "submit" }, "Download"), " ",
      el("button", { type: "button", id: "view-game", onclick: (event) => {
        location.assign(`/tests/${id}/games/${event.target.form.elements.game.value || 1}`);
      } }, "View on a board")),
  ];
  // Take a worker off the test (fishtest's purge): approvers, from its row.
  // One form per worker, kept across redraws like the actions.
  const purges = new Map();
  function purgeForm(workerId) {
    if (!purges.has(workerId))
      purges.set(workerId, actionForm(`/tests/${id}/exclude`, "Purge", [
        el("input", { type: "hidden", name: "worker", value: workerId }),
        el("input", { name: "reason", placeholder: "why", maxlength: 500, size: 12 })], true));
    return purges.get(workerId);
  }
  function draw(test) {
    if (test.damaged) return show(el("h1", {}, `Test #${test.id}`), el("p", { class: "error", id: "damaged" }, `Damaged: ${test.damaged}`));
    const s = test.stats || {}, spec = test.spec, p = test.pentanomial || {}, tally = test.tally || {};
    const options = (engine) => (engine.options || []).map((o) => `${o.name}=${o.value}`).join(" ") || "—";
    const bounds = spec.sprt ? `[${spec.sprt.elo0 || 0}, ${spec.sprt.elo1 || 0}] ${(spec.sprt.model || "normalized").replace("ELO_MODEL_", "").toLowerCase()}, α ${spec.sprt.alpha || 0.05}, β ${spec.sprt.beta || 0.05}` : spec.fixedPairs ? `${spec.fixedPairs} pairs` : "tune";
    const points = history.points.map((h) => [int(h.games), h.llr]);
    const elo = history.points.map((h) => [int(h.games), h.elo]);
    const band = history.points.map((h) => [int(h.games), h.eloCiLower, h.eloCiUpper]);
    show(
      el("h1", {}, `Test #${test.id}: ${spec.dev.name} vs ${spec.base.name} `,
        el("span", { class: `state ${stateWord(test.state)}`, id: "state" }, stateWord(test.state).replace("_", " ")),
        verdict(test) && stateWord(test.state) === "finished" ? [" ", stateBadge(test, "verdict")] : null),
      test.owner ? el("p", { class: "muted", id: "owner" }, `by ${test.owner}`) : null,
      loggedIn && !spec.spsa ? el("p", {}, el("a", { href: `/tests/new?from=${test.id}`, id: "clone" }, "Rerun with changes (clone)")) : null,
      el("div", { class: "cards" },
        el("div", { class: "card" }, el("div", { class: "muted" }, "LLR"), el("div", { id: "llr" }, llrBar(s))),
        el("div", { class: "card" }, el("div", { class: "muted" }, "Elo (95%)"), el("div", { class: "value", id: "elo" }, eloText(s))),
        el("div", { class: "card" }, el("div", { class: "muted" }, "nElo"), el("div", { class: "value" }, `${fixed(s.nelo)} ± ${fixed(s.nelo95)}`)),
        el("div", { class: "card" }, el("div", { class: "muted" }, "LOS"), el("div", { class: "value" }, `${fixed(100 * (s.los || 0))}%`)),
        el("div", { class: "card" }, el("div", { class: "muted" }, "games"), el("div", { class: "value", id: "games" }, int(s.games))),
        timeLeft(test) ? el("div", { class: "card" }, el("div", { class: "muted" }, "time left"), el("div", { class: "value", id: "time-left" }, timeLeft(test))) : null,
        el("div", { class: "card" }, el("div", { class: "muted" }, "W-D-L"), el("div", { class: "value", id: "wdl" }, wdlText(test.wdl)))),
      resultBox(test, "result-box"),
      el("p", {}, `Pentanomial (LL, LD, DD+WL, DW, WW): ${int(p.ll)}, ${int(p.ld)}, ${int(p.ddWl)}, ${int(p.dw)}, ${int(p.ww)}` +
        ` · pairs in flight ${int(test.pairsInFlight)}, waiting ${int(test.pairsWaiting)}` +
        (test.finishedBecause ? ` · ${test.finishedBecause}` : "")),
      test.unplayableBecause ? el("p", { class: "error", id: "unplayable" }, `No worker can play this test: ${test.unplayableBecause}`) : null,
      actionsFor(test),
      el("div", { class: "grid2" },
        spec.sprt ? lineChart("LLR", points, { bounds: [history.lowerBound, history.upperBound] }) : null,
        lineChart("Elo and its 95% interval", elo, { band, clipEarly: true })),
      el("h2", {}, "Spec"),
      table(["", "base", "dev"], [
        ["engine", spec.base.name, spec.dev.name],
        ["artifact", (spec.base.artifactSha256 || "").slice(0, 12), (spec.dev.artifactSha256 || "").slice(0, 12)],
        ["options", options(spec.base), options(spec.dev)],
        ...provenanceRows(baseBuild, devBuild),
      ], { id: "spec" }),
      diffLine(baseBuild, devBuild),
      el("p", {}, `${variantName(spec)} · time control ${timeControl(spec.timeControl)} · book ${spec.book} (${spec.bookSize} openings) · ${bounds} · priority ${spec.priority || 0}` +
        ` · created ${new Date(int(test.createdUnix) * 1000).toLocaleString()}`),
      el("h2", {}, "Workers"),
      table(["worker", "W-D-L", "pentanomial", "crashes", "time losses", "residual", ""],
        (test.workers || []).map((w) => [w.name || `#${w.workerId}`, wdlText(w.wdl),
          w.pentanomial ? [w.pentanomial.ll, w.pentanomial.ld, w.pentanomial.ddWl, w.pentanomial.dw, w.pentanomial.ww].map(int).join(", ") : "",
          int(w.crashes), int(w.timeLosses), w.hasResidual ? fixed(w.residual, 2) : "—",
          w.excludedBecause ? el("span", { class: "bad" }, w.excludedBecause)
            : [w.outlier ? el("span", { class: "bad" }, "outlier ") : null,
              isApprover && !spec.spsa ? purgeForm(w.workerId) : null]]),
        { numeric: [3, 4, 5], id: "workers" }),
      el("h2", {}, "Results by colour"),
      table(["Black wins", "White wins", "draws"], [[int(tally.blackWins), int(tally.whiteWins), int(tally.draws)]],
        { numeric: [0, 1, 2], id: "by-colour" }),
      el("h2", {}, "How each engine's games ended"),
      el("div", { class: "grid2" }, [[spec.dev.name, "dev", tally.devEndings], [spec.base.name, "base", tally.baseEndings]].map(
        ([name, side, rows]) => el("div", {}, el("h3", {}, `${name} (${side})`),
          table(["ending", "wins", "draws", "losses"], (rows || []).map((r) => [
            el("a", { href: `/tests/${id}/games/first?ending=${r.termination}`, title: "the first game that ended so" }, endingWord(r.termination)),
            int(r.wins), int(r.draws), int(r.losses)]),
            { numeric: [1, 2, 3], id: `endings-${side}` })))),
      el("h2", {}, "Events"),
      table(["when", "what", "by", ""], log.events.map((e) => [new Date(int(e.atUnix) * 1000).toLocaleString(),
        eventWord(e.kind), e.by, e.detail]), { id: "log" }),
      records);
  }
  const ended = (test) => ["finished", "stopped"].includes(stateWord(test.state)) || Boolean(test.damaged);
  // Redraws with the test (the event's, or asked for); true once it ended.
  async function refresh(test) {
    [history, log] = await Promise.all([api(`/api/v1/tests/${id}/history?points=500`), api(`/api/v1/tests/${id}/log`)]);
    test = test || await api(`/api/v1/tests/${id}`);
    draw(test);
    return ended(test);
  }
  const first = shown;
  draw(first);
  if (ended(first)) return;  // nothing will change: no stream, no polling
  liveOrPolled(`/api/v1/tests/${id}/events`, "test",
    (event) => refresh(event && JSON.parse(event.data)).catch((error) => { showError(error); return true; }), 5000);
};

// A tune: theta against its start and range, and each parameter's path.
pages.tune = async function () {
  const id = location.pathname.split("/")[2];
  async function draw() {
    const tune = await api(`/api/v1/tunes/${id}?points=300`);
    const test = tune.test;
    show(
      el("h1", {}, `Tune #${test.id}: ${test.spec.dev.name} `, el("span", { class: `state ${stateWord(test.state)}` }, stateWord(test.state))),
      el("p", {}, `${int(tune.iterations)} of ${int(test.spec.spsa.pairs)} iterations · W-D-L ${wdlText(test.wdl)}`),
      table(["parameter", "start", "min", "max", "theta now"], tune.parameters.map((p) =>
        [p.spec.name, p.spec.start, p.spec.min, p.spec.max, fixed(p.value, 2)]), { numeric: [1, 2, 3, 4] }),
      el("div", { class: "grid2" }, tune.parameters.map((p, i) => lineChart(`${p.spec.name}: change from ${p.spec.start}`,
        tune.history.map((h) => [int(h.iterations), h.theta[i] - p.spec.start]),
        { bounds: [p.spec.min - p.spec.start, p.spec.max - p.spec.start], xLabel: "iterations" }))),
      el("p", {}, "Export: ", el("code", {}, `judkins-tune export ${id}`)));
  }
  await draw();
  setInterval(() => draw().catch(showError), 5000);
};

pages.workers = async function () {
  async function draw() {
    const { workers } = await api("/api/v1/workers");
    show(el("h1", {}, "Workers"),
      table(["worker", "cores", "concurrency", "speed (nodes/s)", "version", "last seen", "playing now", "games", "crashes", "time losses"],
        workers.map((w) => [`${w.capabilities.name} (#${w.id})`, int(w.capabilities.cores), int(w.capabilities.concurrency),
          fixed(w.capabilities.speed, 0), w.capabilities.version || "", ago(w.lastSeenUnix),
          (w.playingTestIds || []).length ? (w.playingTestIds || []).map((t) => el("a", { href: `/tests/${t}` }, `#${t} `)) : "idle",
          int(w.games), rate(w.crashes, w.games), rate(w.timeLosses, w.games)]),
        { numeric: [1, 2, 3, 7, 8, 9], id: "worker-list" }));
  }
  await draw();
  setInterval(() => draw().catch(showError), 5000);
};

// The SPRT calculator: the verdict for given counts (the API's, as
// judkins-worker sprt), and the test's power and length as functions of the
// true normalized Elo (a Brownian approximation of the LLR of game pairs).
pages.sprt = function () {
  const form = el("form", { class: "filters", id: "sprt-form" },
    el("label", {}, "pentanomial ", el("input", { name: "pentanomial", value: "10,20,40,25,12", size: 18 })),
    el("label", {}, "elo0 ", el("input", { name: "elo0", value: "0", size: 4 })),
    el("label", {}, "elo1 ", el("input", { name: "elo1", value: "5", size: 4 })),
    el("label", {}, "α ", el("input", { name: "alpha", value: "0.05", size: 4 })),
    el("label", {}, "β ", el("input", { name: "beta", value: "0.05", size: 4 })),
    el("select", { name: "model" }, ["normalized", "logistic", "bayeselo"].map((m) => el("option", { value: m }, m))),
    el("button", { type: "submit" }, "Compute"));
  const result = el("div", { id: "sprt-result" });
  const curves = el("div", { class: "grid2", id: "sprt-curves" });
  async function compute() {
    const query = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (v) query.set(k, v);
    try {
      const r = await api(`/api/v1/sprt?${query}`);
      result.replaceChildren(table(["LLR", "lower bound", "upper bound", "state", "Elo (95%)", "LOS"],
        [[el("span", { id: "llr-value" }, fixed(r.llr, 3)), fixed(r.lowerBound, 3), fixed(r.upperBound, 3), r.state,
          eloText(r), `${fixed(100 * r.los)}%`]]));
    } catch (error) {
      result.replaceChildren(el("p", { class: "error" }, error.message));
    }
    const elo0 = Number(query.get("elo0")), elo1 = Number(query.get("elo1"));
    const alpha = Number(query.get("alpha") || 0.05), beta = Number(query.get("beta") || 0.05);
    if (!(elo0 < elo1)) return curves.replaceChildren();
    const neloPerT = 800 / Math.log(10);
    const t0 = (elo0 / neloPerT) * Math.SQRT2, t1 = (elo1 / neloPerT) * Math.SQRT2;
    const a = Math.log(beta / (1 - alpha)), b = Math.log((1 - beta) / alpha);
    const pass = [], games = [];
    for (let i = 0; i <= 80; ++i) {
      const elo = elo0 - (elo1 - elo0) + (i / 80) * 3 * (elo1 - elo0);
      const t = (elo / neloPerT) * Math.SQRT2;
      const mu = (t1 - t0) * (t - (t0 + t1) / 2), variance = (t1 - t0) ** 2;
      let p, pairs;
      if (Math.abs(mu) < 1e-12) {
        p = -a / (b - a);
        pairs = (-a * b) / variance;
      } else {
        const theta = (2 * mu) / variance;
        p = (1 - Math.exp(-theta * a)) / (Math.exp(-theta * b) - Math.exp(-theta * a));
        pairs = (p * b + (1 - p) * a) / mu;
      }
      pass.push([elo, 100 * p]);
      games.push([elo, 2 * pairs]);
    }
    curves.replaceChildren(lineChart("pass probability (%) against the true normalized Elo", pass, { xLabel: "nElo" }),
      lineChart("expected games against the true normalized Elo", games, { xLabel: "nElo" }));
  }
  form.addEventListener("submit", (e) => { e.preventDefault(); compute(); });
  show(el("h1", {}, "SPRT calculator"), form, result, curves);
  compute();
};

// The admin token, given once: the server answers with a session cookie.
// A new test from a form, or a clone of one ("rerun with changes":
// /tests/new?from=N fills the form with test N's spec). Engines are chosen
// from the uploaded artifacts; the spec goes to POST /tests/new as the API's
// JSON, checked by the server as the command line's is; an error is shown
// beside the field it names.
const SPRT_PRESETS = {
  STC: { tc: "10+0.1", elo0: 0, elo1: 5 },
  LTC: { tc: "60+0.6", elo0: 0.5, elo1: 2.5 },
};
pages.create = async function () {
  if (!loggedIn) {
    return show(el("h1", {}, "New test"), el("p", {}, el("a", { href: `/login?next=${encodeURIComponent(location.pathname + location.search)}` }, "Log in"), " to create a test."));
  }
  const from = new URLSearchParams(location.search).get("from");
  const [{ artifacts }, source] = await Promise.all([api("/api/v1/artifacts"), from ? api(`/api/v1/tests/${from}`) : null]);
  const spec = source ? source.spec : {};
  const tc = spec.timeControl || { fischer: "10+0.1" };
  const tcKind = ["fischer", "byoyomi", "movetime", "nodes", "depth"].find((k) => tc[k] !== undefined) || "fischer";
  // Every input names the spec field the server's errors name (data-field).
  const input = (field, attributes) => el("input", { "data-field": field, ...attributes });
  const engine = (side) => {
    const e = spec[side] || {};
    const options = (e.options || []).map((o) => `${o.name}=${o.value}`).join(" ");
    return el("fieldset", {}, el("legend", {}, side),
      el("label", {}, "name ", input(`spec.${side}.name`, { name: `${side}-name`, value: e.name || side, required: true, maxlength: 100 })),
      el("label", {}, "engine ", el("select", { name: `${side}-sha`, "data-field": `spec.${side}.artifact_sha256`, required: true },
        artifacts.map((a) => el("option", { value: a.sha256, selected: a.sha256 === e.artifactSha256 },
          `${a.name} · ${a.sha256.slice(0, 12)} · ${new Date(int(a.createdUnix) * 1000).toLocaleString()}`)))),
      el("label", {}, "options ", input(`spec.${side}.options`, { name: `${side}-options`, value: options, placeholder: "Hash=16 Threads=1", size: 30 })));
  };
  const kind = spec.fixedPairs ? "fixed" : "sprt";
  const sprt = spec.sprt || { elo0: 0, elo1: 5 };
  const form = el("form", { id: "create-form", class: "create" },
    el("p", { class: "error", id: "create-error", hidden: true }),
    engine("dev"), engine("base"),
    el("fieldset", {}, el("legend", {}, "game"),
      el("label", {}, "variant ", el("select", { name: "variant", "data-field": "spec.variant" },
        ["judkins", "shogi", "minishogi"].map((v) => el("option", { value: v, selected: v === (spec.variant || "judkins") }, v)))),
      el("label", {}, "time control ", el("select", { name: "tc-kind" },
        ["fischer", "byoyomi", "movetime", "nodes", "depth"].map((k) => el("option", { value: k, selected: k === tcKind }, k))),
        " ", input("spec.time_control", { name: "tc", value: tc[tcKind], required: true, size: 10 })),
      el("label", {}, "book ", input("spec.book", { name: "book", value: spec.book || "default", required: true, size: 12 })),
      el("label", {}, "openings ", input("spec.book_size", { name: "book-size", type: "number", min: 1, value: spec.bookSize || 500 }))),
    el("fieldset", {}, el("legend", {}, "when it stops"),
      el("label", {}, el("input", { type: "radio", name: "kind", value: "sprt", checked: kind === "sprt" }), " SPRT "),
      el("label", {}, "elo0 ", input("spec.sprt.elo0", { name: "elo0", type: "number", step: "any", value: sprt.elo0 || 0, size: 5 })),
      el("label", {}, "elo1 ", input("spec.sprt.elo1", { name: "elo1", type: "number", step: "any", value: sprt.elo1 || 0, size: 5 })),
      Object.keys(SPRT_PRESETS).map((name) => el("button", { type: "button", class: "preset", onclick: () => {
        const preset = SPRT_PRESETS[name];
        form.elements["tc-kind"].value = "fischer";
        form.elements.tc.value = preset.tc;
        form.elements.elo0.value = preset.elo0;
        form.elements.elo1.value = preset.elo1;
        form.elements.kind.value = "sprt";
      } }, name)),
      el("label", {}, el("input", { type: "radio", name: "kind", value: "fixed", checked: kind === "fixed" }), " fixed games "),
      el("label", {}, "pairs ", input("spec.fixed_pairs", { name: "pairs", type: "number", min: 1, value: spec.fixedPairs || spec.maxPairs || "", size: 7, placeholder: "SPRT: no cap" }))),
    el("fieldset", {}, el("legend", {}, "share of the workers"),
      el("label", {}, "priority ", input("spec.priority", { name: "priority", type: "number", value: spec.priority || 0, min: -1000, max: 1000 })),
      el("label", {}, "throughput ", input("spec.throughput", { name: "throughput", type: "number", value: spec.throughput || 100, min: 1, max: 10000 }))),
    el("button", { type: "submit" }, from ? "Create the clone" : "Create the test"));
  const engineSpec = (side, data) => {
    const options = data.get(`${side}-options`).trim();
    const kept = spec[side] || {};
    return {
      ...(kept.artifactSha256 === data.get(`${side}-sha`) ? kept : {}),  // a clone keeps bench, bundle, net
      name: data.get(`${side}-name`), artifactSha256: data.get(`${side}-sha`),
      options: options ? options.split(/\s+/).map((word) => {
        const at = word.indexOf("=");
        return at < 0 ? { name: word, value: "" } : { name: word.slice(0, at), value: word.slice(at + 1) };
      }) : [],
    };
  };
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const tcValue = data.get("tc").trim();
    const pairs = data.get("pairs") ? Number(data.get("pairs")) : 0;
    const body = {
      dev: engineSpec("dev", data), base: engineSpec("base", data), variant: data.get("variant"),
      timeControl: { [data.get("tc-kind")]: ["fischer", "byoyomi"].includes(data.get("tc-kind")) ? tcValue : Number(tcValue) },
      book: data.get("book"), bookSize: Number(data.get("book-size")),
      priority: Number(data.get("priority")), throughput: Number(data.get("throughput")),
      ...(data.get("kind") === "fixed" ? { fixedPairs: pairs }
        : { sprt: { ...(spec.sprt || {}), elo0: Number(data.get("elo0")), elo1: Number(data.get("elo1")) }, maxPairs: pairs }),
    };
    for (const marked of form.querySelectorAll(".field-error")) marked.remove();
    const shown = document.getElementById("create-error");
    shown.hidden = true;
    const response = await fetch("/tests/new", {
      method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf, Accept: "application/json" },
    });
    if (response.redirected) return location.assign(response.url);
    const error = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
    // Beside the field whose name is the longest prefix of the one the message names.
    const named = (error.message || "").split(":")[0];
    const field = [...form.querySelectorAll("[data-field]")].filter((f) => named.startsWith(f.dataset.field))
      .sort((a, b) => b.dataset.field.length - a.dataset.field.length)[0];
    if (field) field.after(el("span", { class: "field-error error" }, error.message));
    else {
      shown.textContent = error.message;
      shown.hidden = false;
    }
  });
  show(el("h1", {}, from ? `Clone of test #${from}` : "New test"),
    artifacts.length ? form : el("p", { class: "muted" }, "No engine uploaded yet: judkins engine upload FILE."),
    el("p", { class: "muted" }, loggedIn && !isApprover ? "Your tests wait for an approver before they run." : ""));
};

// The game viewer: a recorded game replayed on a board, a frame per move
// (the server replays it with the rules core: /api/v1/tests/{id}/games/{n}),
// for any variant: the board's size comes from the SFEN.
// Pieces as kanji, or as the letters of the Western notation (the default:
// every font has them); the choice is kept in the browser.
const KANJI = { P: "歩", L: "香", N: "桂", S: "銀", G: "金", B: "角", R: "飛", K: "玉",
  "+P": "と", "+L": "杏", "+N": "圭", "+S": "全", "+B": "馬", "+R": "龍" };
const pieceGlyph = (kind) => (localStorage.getItem("pieces") === "kanji" ? KANJI[kind] || kind : kind);
const HAND_ORDER = ["R", "B", "G", "S", "N", "L", "P"];
function parseSfen(sfen) {
  const [placement, side, hands] = sfen.split(" ");
  const rows = placement.split("/").map((rank) => {
    const squares = [];
    for (let i = 0; i < rank.length; ++i) {
      const c = rank[i];
      if (/[0-9]/.test(c)) {
        let run = c;
        while (/[0-9]/.test(rank[i + 1] || "")) run += rank[++i];
        for (let n = Number(run); n > 0; --n) squares.push(null);
      } else if (c === "+") {
        const p = rank[++i];
        squares.push({ kind: `+${p.toUpperCase()}`, white: p === p.toLowerCase() });
      } else squares.push({ kind: c.toUpperCase(), white: c === c.toLowerCase() });
    }
    return squares;
  });
  const hand = { black: {}, white: {} };
  for (const [, count, p] of (hands === "-" ? "" : hands).matchAll(/(\d*)([A-Za-z])/g))
    hand[p === p.toLowerCase() ? "white" : "black"][p.toUpperCase()] = Number(count || 1);
  return { rows, side, hand };
}
function boardView(sfen, lastMove) {
  const { rows, hand } = parseSfen(sfen);
  const files = rows[0].length;
  // A USI square: file digit (files counted from the right), rank letter.
  const square = (text) => text && /^\d+[a-z]$/.test(text) ? [files - Number(text.slice(0, -1)), text.charCodeAt(text.length - 1) - 97] : null;
  const to = lastMove ? square(lastMove.replace("+", "").slice(-2)) : null;
  const handText = (side) => HAND_ORDER.filter((p) => hand[side][p]).map((p) => `${pieceGlyph(p)}${hand[side][p] > 1 ? hand[side][p] : ""}`).join(" ") || "—";
  return el("div", { class: "shogi", id: "board" },
    el("div", { class: "hand", id: "hand-white" }, `☖ ${handText("white")}`),
    el("div", { class: "grid", style: `grid-template-columns: repeat(${files}, 1fr)` },
      rows.flatMap((rank, r) => rank.map((piece, f) => el("div", {
        class: ["cell", to && to[0] === f && to[1] === r ? "last" : ""].join(" ").trim(),
        "data-square": `${files - f}${String.fromCharCode(97 + r)}`,
      }, piece ? el("span", { class: [piece.white ? "piece white" : "piece", piece.kind.startsWith("+") ? "promoted" : ""].join(" ").trim(), title: piece.kind }, pieceGlyph(piece.kind)) : "")))),
    el("div", { class: "hand", id: "hand-black" }, `☗ ${handText("black")}`));
}
pages.game = async function () {
  const [, , id, , asked] = location.pathname.split("/");
  // /tests/N/games/first?ending=TERMINATION_...: the first game that ended so.
  const number = asked === "first"
    ? (await api(`/api/v1/tests/${id}/games?ending=${new URLSearchParams(location.search).get("ending")}`)).game : asked;
  const replay = await api(`/api/v1/tests/${id}/games/${number}`);
  const tags = replay.tags || {}, moves = replay.moves || [], comments = replay.comments || [];
  let ply = Number(new URLSearchParams(location.search).get("ply") || moves.length);
  const board = el("div"), caption = el("p", { class: "muted", id: "ply" });
  const list = el("ol", { class: "moves" }, moves.map((move, i) =>
    el("li", { onclick: () => go(i + 1), title: comments[i] || "" }, comments[i] ? comments[i].split(" ")[0] : move)));
  function go(to) {
    ply = Math.max(0, Math.min(moves.length, to));
    board.replaceChildren(boardView(replay.sfens[ply], ply ? moves[ply - 1] : null));
    caption.textContent = ply ? `after move ${ply} of ${moves.length}: ${moves[ply - 1]}${comments[ply - 1] ? ` (${comments[ply - 1]})` : ""}` : `start, ${moves.length} moves`;
    list.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i + 1 === ply));
  }
  const button = (label, to, name) => el("button", { type: "button", id: name, onclick: () => go(to()) }, label);
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") go(ply - 1);
    if (event.key === "ArrowRight") go(ply + 1);
  });
  show(el("h1", {}, `Test #${id}, game ${number}: ${tags.Black || "?"} (☗) vs ${tags.White || "?"} (☖)`),
    el("p", {}, `${replay.variant} · ${tags.Result || ""} · ${tags.Termination || ""}${tags.Reason && tags.Reason !== tags.Termination ? ` (${tags.Reason})` : ""} · `,
      el("a", { href: `/tests/${id}` }, "the test"), " · ",
      el("a", { href: `/api/v1/tests/${id}/records?format=kif&game=${number}` }, "KIF")),
    el("div", { class: "viewer" }, el("div", {}, board, caption,
      el("div", { class: "filters" }, button("«", () => 0, "first"), button("‹", () => ply - 1, "back"),
        button("›", () => ply + 1, "forward"), button("»", () => moves.length, "last"),
        el("button", { type: "button", id: "glyphs", onclick: () => {
          localStorage.setItem("pieces", localStorage.getItem("pieces") === "kanji" ? "letters" : "kanji");
          go(ply);
        } }, "kanji / letters"))), list));
  go(ply);
};

// Accounts, for admins: who has which role, a new account, a role changed,
// an account disabled or enabled (the server checks the role again).
pages.accounts = async function () {
  const response = await fetch("/accounts/list", { headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) return show(el("h1", {}, "Accounts"), el("p", { class: "error", id: "accounts-error" }, body.message));
  const roles = ["user", "approver", "admin"];
  const roleOf = (role) => (role || "").replace("ACCOUNT_ROLE_", "").toLowerCase();
  show(el("h1", {}, "Accounts"),
    table(["account", "role", "since", ""], (body.accounts || []).map((a) => [
      a.name + (a.disabled ? " (disabled)" : ""),
      actionForm("/accounts/update", "Set role", [el("input", { type: "hidden", name: "name", value: a.name }),
        el("select", { name: "role" }, roles.map((r) => el("option", { value: r, selected: r === roleOf(a.role) }, r)))]),
      new Date(int(a.createdUnix) * 1000).toLocaleDateString(),
      actionForm("/accounts/update", a.disabled ? "Enable" : "Disable", [el("input", { type: "hidden", name: "name", value: a.name }),
        el("input", { type: "hidden", name: "disabled", value: a.disabled ? "false" : "true" })], !a.disabled),
    ]), { id: "accounts" }),
    el("h2", {}, "New account"),
    actionForm("/accounts/new", "Create", [
      el("input", { name: "name", placeholder: "name", required: true, maxlength: 40, autocomplete: "off" }),
      el("input", { name: "password", type: "password", placeholder: "password (10 or more)", required: true, minlength: 10, autocomplete: "new-password" }),
      el("select", { name: "role" }, roles.map((r) => el("option", { value: r }, r)))]),
    el("p", { class: "muted" }, "They log in with that password, and make CLI tokens with judkins login NAME."));
};

pages.login = function () {
  const params = new URLSearchParams(location.search);
  const why = { wrong: "Wrong name, password or token.", wait: "Too many failed logins: try again in a while." }[params.get("error")];
  const next = el("input", { type: "hidden", name: "next", value: params.get("next") || "/" });
  show(el("h1", {}, "Log in"),
    why ? el("p", { class: "error", id: "login-error" }, why) : null,
    el("form", { method: "post", action: "/login", class: "filters", id: "login-form" }, next,
      el("input", { name: "name", placeholder: "account", autocomplete: "username", required: true }),
      el("input", { type: "password", name: "password", placeholder: "password", autocomplete: "current-password", required: true }),
      el("button", { type: "submit" }, "Log in")),
    el("details", {}, el("summary", {}, "With the coordinator's admin token"),
      el("form", { method: "post", action: "/login", class: "filters", id: "token-form" }, next.cloneNode(),
        el("input", { type: "password", name: "token", placeholder: "admin token", autocomplete: "off", required: true }),
        el("button", { type: "submit" }, "Log in"))),
    el("p", { class: "muted" }, "Accounts are made by an admin (judkins account create). Reads need no login unless the coordinator runs with --http-require-login."));
};

// A page the server could not serve: its reason, said plainly.
pages.error = function () {
  show(el("h1", {}, "Not found"), el("p", { class: "error", id: "error-message" }, document.body.dataset.message),
    el("p", {}, el("a", { href: "/" }, "All tests")));
};

// Step 3. The theme switch, then the page.
document.getElementById("theme").addEventListener("click", () => {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  localStorage.setItem("theme", next);
});
const page = pages[document.body.dataset.page];
if (page) Promise.resolve(page()).catch(showError);

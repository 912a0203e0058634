// fscript inspect: the page. Plain JavaScript, no libraries, nothing fetched from outside this server.
"use strict";

const state = { change: null, tree: null, views: [], byUid: new Map(), selected: null, matches: new Set(), width: 375, height: 667 };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  return { ok: response.ok, status: response.status, data };
}

// The views in depth-first pre-order (back to front), each with its parent and depth.
function flatten(tree) {
  const views = [];
  (function walk(node, parent, depth) {
    // Hidden as the app's own checks see it: isHidden, transparent (alpha below 0.01), or inside such a view.
    const hidden = Boolean(parent?.hidden || node.isHidden === true || node.isHidden === 1 ||
      (typeof node.alpha === "number" && node.alpha < 0.01));
    const view = { node, parent, depth, hidden, uid: String(node.uid), frame: node.accessibilityFrame };
    views.push(view);
    for (const child of node.subviews || []) walk(child, view, depth + 1);
  })(tree, null, 0);
  return views;
}

function describe(node) {
  const label = node.accessibilityLabel ?? node.text ?? node.placeholder;
  return label ? `${node.class} "${label}"` : node.class;
}

function renderTree() {
  const root = $("tree");
  root.textContent = "";
  const lists = new Map();
  for (const view of state.views) {
    const item = document.createElement("li");
    item.dataset.uid = view.uid;
    const span = document.createElement("span");
    span.textContent = view.node.class;
    const label = view.node.accessibilityLabel ?? view.node.text ?? view.node.placeholder;
    if (label) {
      const text = document.createElement("span");
      text.className = "label";
      text.textContent = ` "${label}"`;
      span.appendChild(text);
    }
    if (view.hidden) {
      // A hidden view is in the tree but not on screen: touch and "I should see" do not find it.
      span.classList.add("hidden");
      const note = document.createElement("span");
      note.className = "hidden-note";
      note.textContent = " (hidden)";
      span.appendChild(note);
    }
    span.addEventListener("click", () => select(view.uid));
    item.appendChild(span);
    const list = document.createElement("ul");
    item.appendChild(list);
    lists.set(view.uid, list);
    (view.parent ? lists.get(view.parent.uid) : root).appendChild(item);
  }
}

function renderBoxes() {
  const boxes = $("boxes");
  boxes.textContent = "";
  const scale = $("picture").clientWidth / state.width || 1;
  for (const view of state.views) {
    if (!view.frame || view.depth === 0) continue;
    const box = document.createElement("div");
    box.className = view.hidden ? "box hidden" : "box";
    box.dataset.uid = view.uid;
    box.style.left = `${view.frame.origin.x * scale}px`;
    box.style.top = `${view.frame.origin.y * scale}px`;
    box.style.width = `${view.frame.size.width * scale}px`;
    box.style.height = `${view.frame.size.height * scale}px`;
    boxes.appendChild(box);
  }
  mark();
}

// Keeps the picture, the tree and the selection in step.
function mark() {
  for (const element of document.querySelectorAll("[data-uid]")) {
    element.classList.toggle("selected", element.dataset.uid === state.selected);
    element.classList.toggle("match", state.matches.has(element.dataset.uid));
  }
}

function render(snapshot) {
  state.change = snapshot.change;
  state.tree = snapshot.tree;
  state.views = flatten(snapshot.tree);
  state.byUid = new Map(state.views.map((v) => [v.uid, v]));
  const frame = snapshot.tree.accessibilityFrame;
  if (frame) { state.width = frame.size.width; state.height = frame.size.height; }
  $("picture").src = `/api/screen.png?change=${snapshot.change}`;
  renderTree();
  $("busy").textContent = snapshot.busy.length ? `busy: ${snapshot.busy.join(", ")}` : "";
  $("script").textContent = snapshot.script;
  $("record").checked = snapshot.recording;
  if (state.selected && !state.byUid.has(state.selected)) { state.selected = null; showDetails(null); }
  matchSelector();
}

// Follows the app: each answer comes when the app changed (or after 10 s), then the next wait starts.
async function follow() {
  for (;;) {
    try {
      const query = state.change === null ? "" : `?after=${state.change}`;
      const { ok, data } = await api(`/api/state${query}`);
      if (!ok) throw new Error(data.error);
      $("status").textContent = `change ${data.change}`;
      const changed = data.change !== state.change || state.tree === null;
      if (changed) render(data);
      // No change: the wait ended (10 s), or the inspector had too many waits parked and answered at once;
      // ask again after a pause, so a page never asks in a tight loop.
      else await new Promise((resolve) => setTimeout(resolve, 250));
    } catch (error) {
      $("status").textContent = `target unreachable: ${error.message}`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

// The front-most view under a point of the picture.
function viewAt(x, y) {
  let found = null;
  for (const view of state.views) {
    const f = view.frame;
    if (!f || view.hidden) continue;
    if (x >= f.origin.x && y >= f.origin.y && x < f.origin.x + f.size.width && y < f.origin.y + f.size.height) found = view;
  }
  return found;
}

async function select(uid) {
  state.selected = uid;
  mark();
  const { ok, data } = await api("/api/select", { uid });
  if (!ok) { showDetails(null, data.error); return; }
  showDetails(data);
}

function showDetails(data, problem) {
  const details = $("details");
  const list = $("selectors");
  list.textContent = "";
  if (!data) { details.textContent = problem || "Nothing selected."; $("selected-selector")?.remove(); return; }
  const d = data.details;
  const lines = [`class: ${d.class}`, `uid: ${d.uid}`];
  for (const key of ["accessibilityLabel", "text", "placeholder", "isOn", "isEnabled"]) if (d[key] !== undefined) lines.push(`${key}: ${JSON.stringify(d[key])}`);
  if (d.accessibilityFrame) { const f = d.accessibilityFrame; lines.push(`frame: ${f.origin.x}, ${f.origin.y}, ${f.size.width} × ${f.size.height}`); }
  lines.push(`visible: ${d.visible}`);
  if (data.targetMatches !== null) lines.push(`the first selector selects ${data.targetMatches} view(s) on the target`);
  details.textContent = lines.join("\n");
  data.selectors.forEach((selector, index) => {
    const item = document.createElement("li");
    const code = document.createElement("code");
    code.textContent = selector;
    if (index === 0) code.id = "selected-selector";
    item.appendChild(code);
    const copy = document.createElement("button");
    copy.textContent = "copy";
    copy.addEventListener("click", () => navigator.clipboard?.writeText(selector));
    item.appendChild(copy);
    const use = document.createElement("button");
    use.textContent = "try";
    use.addEventListener("click", () => { $("selector-input").value = selector; matchSelector(); });
    item.appendChild(use);
    list.appendChild(item);
  });
}

let matchTimer = null;
function matchSelector() {
  clearTimeout(matchTimer);
  matchTimer = setTimeout(async () => {
    const text = $("selector-input").value;
    const error = $("selector-error");
    if (!text.trim()) { state.matches = new Set(); error.hidden = true; $("selector-count").textContent = ""; mark(); return; }
    const { data } = await api("/api/match", { selector: text });
    if (data.error) {
      error.hidden = false;
      const column = data.column ?? 0;
      error.textContent = `${text}\n${" ".repeat(Math.max(0, column - 1))}^ column ${column}: ${data.error}`;
      state.matches = new Set();
      $("selector-count").textContent = "";
    } else {
      error.hidden = true;
      state.matches = new Set(data.uids);
      $("selector-count").textContent = `${data.uids.length} view(s) selected`;
    }
    mark();
  }, 120);
}

async function act(action) {
  const result = $("act-result");
  if (!state.selected && action !== "back") { result.textContent = "select a view first"; result.className = "result bad"; return; }
  const body = { uid: state.selected, action };
  if (action === "type") body.text = $("type-text").value;
  if (action === "swipe") body.direction = $("swipe-direction").value;
  if (action === "slider") body.value = Number($("slider-value").value);
  result.textContent = "…";
  const { ok, data } = await api("/api/act", body);
  result.className = ok ? "result" : "result bad";
  result.textContent = ok ? data.lines.join("\n") : `${data.line ? data.line + "\n" : ""}${data.error}`;
  if (data.script) $("script").textContent = data.script;
}

$("picture").addEventListener("load", renderBoxes);
window.addEventListener("resize", renderBoxes);
$("screen").addEventListener("click", (event) => {
  const picture = $("picture").getBoundingClientRect();
  const scale = picture.width / state.width || 1;
  const view = viewAt((event.clientX - picture.left) / scale, (event.clientY - picture.top) / scale);
  if (view) select(view.uid);
});
$("selector-input").addEventListener("input", matchSelector);
for (const button of document.querySelectorAll("button[data-action]")) button.addEventListener("click", () => act(button.dataset.action));
$("record").addEventListener("change", async () => {
  const { data } = await api("/api/record", { on: $("record").checked });
  if (data.script) $("script").textContent = data.script;
});
$("save").addEventListener("click", async () => {
  const { ok, data } = await api("/api/save", {});
  const result = $("save-result");
  result.className = ok ? "result" : "result bad";
  result.textContent = ok ? `saved ${data.saved}` : data.error;
});
// The state the server wrote into the page is painted now, while the page loads: the picture it asks for holds
// the load event back, so the first paint (and a headless screenshot) shows the app. Then the changes are followed.
const initial = JSON.parse($("initial-state").textContent);
if (initial) {
  $("status").textContent = `change ${initial.change}`;
  render(initial);
}
follow();

---The trace viewer: one scenario's trace (fscript.trace.recorder) as a timeline of its steps. Clicking a step
---shows its pictures before and after side by side, with the view it acted on outlined as the inspector outlines a
---selected view, the requests the app sent to the mocks during it, the busy reasons a wait saw, what it printed and
---the view tree after it; the arrow keys move through the steps. The same markup is a trace file of its own
---(`trace.html`, fscript.trace.file) and a section of the HTML report under a failed scenario. The trace's data
---is JSON inside the page and the pictures are data: URLs, so nothing is fetched.
local xml = require("fscript.report.xml")
local util = require("fscript.util")

local M = {}

local escape = xml.escape

---The viewer's style, scoped to `.fs-trace`.
M.STYLE = [[
.fs-trace {
  border: 1px solid #ccc;
  border-radius: 6px;
  margin: 8px 0;
  font: 13px/1.4 -apple-system, "DejaVu Sans", sans-serif;
}
.fs-trace .fs-head { padding: 6px 10px; background: #f4f4f6; border-bottom: 1px solid #ddd; }
.fs-trace .fs-bar { display: flex; height: 14px; margin: 6px 10px; gap: 1px; }
.fs-trace .fs-bar span { background: #34c759; min-width: 4px; cursor: pointer; }
.fs-trace .fs-bar span.failed { background: #ff3b30; } .fs-trace .fs-bar span.current { outline: 2px solid #0a60ff; }
.fs-trace .fs-body { display: flex; align-items: flex-start; }
.fs-trace ol.fs-steps {
  list-style: none;
  margin: 0;
  padding: 4px 0;
  width: 34%;
  max-height: 640px;
  overflow: auto;
  border-right: 1px solid #ddd;
}
.fs-trace ol.fs-steps li { padding: 3px 8px; cursor: pointer; border-left: 4px solid #34c759; }
.fs-trace ol.fs-steps li.failed { border-left-color: #ff3b30; color: #b00010; }
.fs-trace ol.fs-steps li.action { color: #555; font-family: monospace; font-size: 12px; }
.fs-trace ol.fs-steps li.current { background: #dde8ff; }
.fs-trace ol.fs-steps .fs-t { float: right; color: #888; font-size: 11px; }
.fs-trace .fs-detail { flex: 1; padding: 6px 12px; min-width: 0; }
.fs-trace .fs-pictures { display: flex; gap: 12px; }
.fs-trace figure { margin: 0; } .fs-trace figcaption { color: #666; font-size: 12px; }
.fs-trace .fs-shot { position: relative; display: inline-block; border: 1px solid #ccc; }
.fs-trace .fs-shot img { display: block; max-width: 300px; }
.fs-trace .fs-outline {
  position: absolute;
  border: 2px solid #d11;
  background: rgba(220, 20, 20, 0.12);
  box-sizing: border-box;
}
.fs-trace .fs-none { width: 200px; height: 80px; color: #888; padding: 8px; }
.fs-trace table.fs-requests { border-collapse: collapse; margin: 4px 0; }
.fs-trace table.fs-requests td, .fs-trace table.fs-requests th {
  border: 1px solid #ddd;
  padding: 2px 6px;
  text-align: left;
  vertical-align: top;
}
.fs-trace pre {
  background: #f6f6f6;
  padding: 6px;
  overflow-x: auto;
  max-height: 320px;
  margin: 4px 0;
  white-space: pre-wrap;
}
.fs-trace h4 { margin: 10px 0 2px; font-size: 13px; }
.filmstrip { display: flex; gap: 6px; overflow-x: auto; margin: 6px 0; }
.filmstrip figure { margin: 0; flex: none; } .filmstrip img { height: 160px; border: 1px solid #ccc; display: block; }
.filmstrip figcaption { font-size: 11px; color: #555; max-width: 120px; }
]]

---The viewer's script: starts every `.fs-trace` on the page from its JSON.
M.SCRIPT = [==[
(function () {
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function seconds(s) { return (s || 0).toFixed(2) + ' s'; }
  var current = null;
  function Trace(root) {
    var data = JSON.parse(root.querySelector('script.fs-trace-data').textContent);
    var trace = data.trace, steps = trace.steps || [], self = this;
    this.data = data; this.steps = steps; this.index = -1; this.items = []; this.blocks = [];
    var head = el('div', 'fs-head');
    head.appendChild(el('b', null, trace.scenario));
    head.appendChild(el('span', null,
      ' \u2014 ' + trace.status + ', ' + steps.length + ' steps, ' + seconds(trace.duration)));
    root.appendChild(head);
    var bar = el('div', 'fs-bar'), total = 0;
    steps.forEach(function (s) { if (s.depth === 0) total += s.duration || 0; });
    var list = el('ol', 'fs-steps');
    steps.forEach(function (s, i) {
      var text = s.kind === 'action' ? s.text : ((s.keyword ? s.keyword + ' ' : '') + s.text);
      var li = el('li', (s.status === 'failed' ? 'failed ' : '') + s.kind);
      li.style.paddingLeft = (8 + 14 * (s.depth || 0)) + 'px';
      li.appendChild(el('span', 'fs-t', '+' + seconds(s.start)));
      li.appendChild(document.createTextNode(text));
      li.setAttribute('data-index', i);
      li.addEventListener('click', function () { self.select(i); });
      list.appendChild(li);
      self.items.push(li);
      var block = el('span', s.status === 'failed' ? 'failed' : '');
      block.title = text;
      block.style.flex = String(s.depth === 0 && total > 0 ? Math.max(s.duration || 0, total / 200) : 0.0001);
      if (s.depth !== 0) block.style.display = 'none';
      block.addEventListener('click', function () { self.select(i); });
      bar.appendChild(block);
      self.blocks.push(block);
    });
    root.appendChild(bar);
    var body = el('div', 'fs-body');
    body.appendChild(list);
    this.detail = el('div', 'fs-detail');
    body.appendChild(this.detail);
    root.appendChild(body);
    root.tabIndex = 0;
    root.addEventListener('focus', function () { current = self; });
    var failed = -1;
    steps.forEach(function (s, i) { if (s.status === 'failed' && failed < 0 && !hasFailedChild(i)) failed = i; });
    function hasFailedChild(i) {
      for (var j = i + 1; j < steps.length && steps[j].depth > steps[i].depth; j++) {
        if (steps[j].status === 'failed') return true;
      }
      return false;
    }
    // Opening on the failed step scrolls the step list only, never the page: a report with a trace opens at
    // its top (it scrolled to the middle, and a headless screenshot of it came out blank).
    if (steps.length) this.select(failed >= 0 ? failed : 0, true);
  }
  Trace.prototype.picture = function (title, snap, frames) {
    var fig = el('figure', 'fs-' + title.toLowerCase());
    fig.appendChild(el('figcaption', null, title));
    var pictures = this.data.pictures || [];
    if (!snap || !snap.picture || !pictures[snap.picture - 1]) {
      fig.appendChild(el('div', 'fs-shot fs-none', 'no picture (the app was not in use yet)'));
      return fig;
    }
    var shot = el('div', 'fs-shot');
    var img = el('img');
    img.alt = title + ' the step';
    img.src = 'data:image/png;base64,' + pictures[snap.picture - 1];
    shot.appendChild(img);
    var screen = snap.screen;
    frames.forEach(function (f) {
      if (!screen || !f) return;
      var box = el('div', 'fs-outline');
      box.style.left = (100 * f.x / screen.w) + '%';
      box.style.top = (100 * f.y / screen.h) + '%';
      box.style.width = (100 * f.width / screen.w) + '%';
      box.style.height = (100 * f.height / screen.h) + '%';
      shot.appendChild(box);
    });
    fig.appendChild(shot);
    return fig;
  };
  function treeText(node, depth, lines) {
    if (!node) return lines;
    var bits = [node['class']];
    if (node.label) bits.push('label=' + JSON.stringify(node.label));
    if (node.text) bits.push('text=' + JSON.stringify(node.text));
    if (node.frame) bits.push('(' + [node.frame.x, node.frame.y, node.frame.w, node.frame.h].join(', ') + ')');
    lines.push(new Array(depth + 1).join('  ') + bits.join(' '));
    (node.children || []).forEach(function (c) { treeText(c, depth + 1, lines); });
    return lines;
  }
  // Scrolls the step list (when it scrolls) so that `item` shows, leaving the page where it is.
  function reveal(item) {
    var list = item.parentNode;
    if (!list || list.scrollHeight <= list.clientHeight) return;
    var top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + item.offsetHeight - list.clientHeight;
    }
  }
  Trace.prototype.select = function (i, opening) {
    if (i < 0 || i >= this.steps.length) return;
    if (this.index >= 0) {
      this.items[this.index].classList.remove('current');
      this.blocks[this.index].classList.remove('current');
    }
    this.index = i;
    current = this;
    var s = this.steps[i], d = this.detail;
    this.items[i].classList.add('current');
    this.blocks[i].classList.add('current');
    if (opening) reveal(this.items[i]); else this.items[i].scrollIntoView({ block: 'nearest' });
    d.textContent = '';
    d.appendChild(el('h3', 'fs-title', s.kind === 'action' ? s.text : ((s.keyword ? s.keyword + ' ' : '') + s.text)));
    d.appendChild(el('div', 'fs-meta', (s.where ? s.where + ' \u2014 ' : '') + 'started +' + seconds(s.start)
      + ', took ' + seconds(s.duration) + ', ' + s.status));
    if (s.error) d.appendChild(el('pre', 'fs-error', s.error));
    var frames = (s.actions || []).map(function (a) { return a.frame; }).filter(function (f) { return !!f; });
    var pics = el('div', 'fs-pictures');
    pics.appendChild(this.picture('Before', s.before, frames));
    // The acted-on view is outlined where it was when the step acted: in the picture before it.
    pics.appendChild(this.picture('After', s.after, []));
    d.appendChild(pics);
    if ((s.actions || []).length) {
      d.appendChild(el('h4', null, 'Actions'));
      var ul = el('ul', 'fs-actions');
      s.actions.forEach(function (a) {
        ul.appendChild(el('li', null, 'app:' + a.action + '(' + (a.selector || a.text || '') + ')'
          + (a.duration !== undefined ? ' ' + seconds(a.duration) : '') + (a.error ? ' \u2014 ' + a.error : '')));
      });
      d.appendChild(ul);
    }
    d.appendChild(el('h4', null, 'Requests to the mocks (' + (s.requests || []).length + ')'));
    if ((s.requests || []).length) {
      var table = el('table', 'fs-requests');
      var row = el('tr');
      ['Method', 'Path', 'Status', 'Answered by', 'Body'].forEach(function (h) { row.appendChild(el('th', null, h)); });
      table.appendChild(row);
      s.requests.forEach(function (r) {
        var tr = el('tr', 'fs-request');
        tr.appendChild(el('td', null, r.method));
        tr.appendChild(el('td', null, r.path));
        tr.appendChild(el('td', null, r.status));
        tr.appendChild(el('td', null, r.stub || ('no stub' + (r.near_miss ? ': ' + r.near_miss : ''))));
        var body = el('td');
        if (r.body) body.appendChild(el('pre', null, r.body));
        tr.appendChild(body);
        table.appendChild(tr);
      });
      d.appendChild(table);
    }
    if ((s.busy || []).length) {
      d.appendChild(el('h4', null, 'Busy while it waited'));
      d.appendChild(el('pre', 'fs-busy', s.busy.map(function (b) { return b.join('; '); }).join('\n')));
    }
    if ((s.output || []).length) {
      d.appendChild(el('h4', null, 'Output'));
      d.appendChild(el('pre', 'fs-output', s.output.join('\n')));
    }
    var snap = s.after || s.before, trees = this.data.trees || [];
    if (snap && snap.tree && trees[snap.tree - 1]) {
      var details = el('details', 'fs-tree');
      details.appendChild(el('summary', null, 'View tree after the step'));
      details.appendChild(el('pre', null, treeText(trees[snap.tree - 1], 0, []).join('\n')));
      d.appendChild(details);
    }
  };
  var all = Array.prototype.slice.call(document.querySelectorAll('.fs-trace')).map(function (root) {
    return new Trace(root);
  });
  current = all[0] || null;
  document.addEventListener('keydown', function (e) {
    if (!current || e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') { current.select(current.index + 1); e.preventDefault(); }
    if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') { current.select(current.index - 1); e.preventDefault(); }
  });
})();
]==]

local SECTION_OPEN = '<div class="fs-trace"><script type="application/json" class="fs-trace-data">'
local SECTION_CLOSE = "</script></div>"

---A trace file's page around its data: the page is `before .. data .. after`, the data made safe inside
---`<script>` (`</` written `<\/`, `<!--` written `<\u0021--`, the same JSON) by the host's trace writer, which
---puts it in on a thread of its own.
---@param title string
---@return string before
---@return string after
function M.page_around(title)
  local before = table.concat({ "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
    "<title>" .. escape("fscript trace: " .. title) .. "</title>",
    "<style>body { margin: 16px; }\n" .. M.STYLE .. "</style></head><body>", SECTION_OPEN }, "\n")
  return before, SECTION_CLOSE .. "\n<script>" .. M.SCRIPT .. "</script></body></html>\n"
end

---The trace section of the HTML report for a trace file read by `fscript.trace.file` (its `embed` calls this),
---or a note when the file could not be read (`raw` nil, `err` why).
---@param path string
---@param raw? string the file's data, as the trace file holds it
---@param err? string
---@return string
function M.section(path, raw, err)
  if not raw then return ('<p class="note">trace: %s</p>'):format(escape(err)) end
  -- The data as the trace file holds it: safe inside <script> already.
  return ('<details open class="trace"><summary>Trace (%s; open it alone with fscript show-trace)</summary>%s'
    .. "</details>"):format(escape(path), SECTION_OPEN .. raw .. SECTION_CLOSE)
end

---The `--screenshots every-step` pictures of a scenario as a row of thumbnails, each captioned with its step.
---@param strip {step: string, path: string}[]
---@return string
function M.filmstrip(strip)
  local out = { '<div class="filmstrip">' }
  for _, shot in ipairs(strip) do
    local bytes = util.read_input(shot.path)
    if bytes then
      out[#out + 1] = ('<figure><img alt="%s" src="data:image/png;base64,%s"><figcaption>%s</figcaption></figure>')
        :format(escape("after: " .. shot.step), util.base64(bytes), escape(shot.step))
    end
  end
  out[#out + 1] = "</div>"
  return table.concat(out)
end

return M

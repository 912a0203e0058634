---The HTML report (`--report html:DIR` writes DIR/index.html): one self-contained page, readable with no
---network: the summary, every scenario with its tags, steps (with their data tables and doc strings, Background
---steps marked, steps run by another step indented under it) and times, and for a failure the message, the
---traceback, the failure screenshot (embedded) and the view tree the target showed, collapsible. Buttons filter
---by status and a box by tag. Nothing is fetched: the style and the script are in the page.
local junit = require("fscript.report.junit")
local util = require("fscript.util")
local screenshot_diff = require("fscript.report.screenshot_diff")

local M = {}

local escape = junit.escape


local STYLE = [[
body { font: 14px/1.45 -apple-system, "DejaVu Sans", sans-serif; margin: 24px; color: #1d1d1f; }
h1 { font-size: 20px; margin: 0 0 4px; } .summary { margin: 0 0 16px; color: #555; }
.controls { margin: 0 0 16px; } .controls button { margin-right: 6px; } .controls input { margin-left: 12px; }
.file { margin: 18px 0 6px; font-weight: bold; }
.case { border: 1px solid #ddd; border-left: 6px solid #34c759; border-radius: 6px; padding: 8px 12px; margin: 8px 0; }
.case.failed { border-left-color: #ff3b30; } .case.skipped { border-left-color: #aaa; } .case.error { border-left-color: #ff9500; }
.name { font-weight: bold; } .tag { background: #eef; border-radius: 4px; padding: 0 5px; margin-left: 6px; font-size: 12px; }
.time { color: #888; float: right; } ol.steps { margin: 6px 0; padding-left: 22px; } .steps .failed { color: #d70015; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; } pre.message { white-space: pre-wrap; } img.shot { max-width: 320px; border: 1px solid #ccc; }
.hidden { display: none; } .steps .background { color: #666; } .note { color: #888; font-size: 12px; }
table.data { border-collapse: collapse; margin: 4px 0; } table.data td { border: 1px solid #ccc; padding: 1px 6px; }
pre.doc { margin: 4px 0; }
]]

local SCRIPT = [[
(function () {
  var status = 'all';
  var cases = Array.prototype.slice.call(document.querySelectorAll('.case'));
  var tagBox = document.getElementById('tag');
  function apply() {
    var tag = tagBox.value.trim().replace(/^@/, '');
    cases.forEach(function (c) {
      var okStatus = status === 'all' || c.getAttribute('data-status') === status;
      var tags = (c.getAttribute('data-tags') || '').split(' ');
      var okTag = tag === '' || tags.indexOf(tag) >= 0;
      c.classList.toggle('hidden', !(okStatus && okTag));
    });
  }
  Array.prototype.slice.call(document.querySelectorAll('[data-filter]')).forEach(function (b) {
    b.addEventListener('click', function () { status = b.getAttribute('data-filter'); apply(); });
  });
  tagBox.addEventListener('input', apply);
  // A link can open the page filtered: index.html#status=failed&tag=smoke.
  var hash = window.location.hash;
  var wanted = /status=(\w+)/.exec(hash), tagged = /tag=([\w-]+)/.exec(hash);
  if (wanted) status = wanted[1];
  if (tagged) tagBox.value = tagged[1];
  apply();
})();
]]

local function case_status(case)
  if case.status == "failed" and case.failure and case.failure.kind == "infrastructure" then return "error" end
  return case.status
end

-- A step's data table as a table and its doc string as preformatted text, or "".
local function argument(step)
  local parts = {}
  if step.data_table then
    parts[#parts + 1] = '<table class="data">'
    for _, row in ipairs(step.data_table) do
      local cells = {}
      for c, cell in ipairs(row) do cells[c] = "<td>" .. escape(cell) .. "</td>" end
      parts[#parts + 1] = "<tr>" .. table.concat(cells) .. "</tr>"
    end
    parts[#parts + 1] = "</table>"
  end
  if step.doc_string then parts[#parts + 1] = ('<pre class="doc">%s</pre>'):format(escape(step.doc_string)) end
  return table.concat(parts)
end

local function render_case(out, case)
  local status = case_status(case)
  local tags = {}
  for i, tag in ipairs(case.tags or {}) do tags[i] = tostring(tag):gsub("^@", "") end
  out[#out + 1] = ('<div class="case %s" data-status="%s" data-tags="%s">'):format(status, status,
    escape(table.concat(tags, " ")))
  out[#out + 1] = ('<span class="time">%.2f s</span><span class="name">%s</span>'):format(case.duration or 0,
    escape(case.name))
  for _, tag in ipairs(tags) do out[#out + 1] = ('<span class="tag">@%s</span>'):format(escape(tag)) end
  local keys = {}
  for key in pairs(case.info or {}) do keys[#keys + 1] = key end
  table.sort(keys)
  if #keys > 0 then
    out[#out + 1] = '<dl class="info">'
    for _, key in ipairs(keys) do
      out[#out + 1] = ("<dt>%s</dt><dd>%s</dd>"):format(escape(key), escape(tostring(case.info[key])))
    end
    out[#out + 1] = "</dl>"
  end
  if #(case.steps or {}) > 0 then
    out[#out + 1] = '<ol class="steps">'
    for _, step in ipairs(case.steps) do
      local text = step.keyword ~= "" and (step.keyword .. " " .. step.text) or step.text
      out[#out + 1] = ('<li class="%s%s" style="margin-left:%dem">%s%s <span class="time">%.2f s</span>%s</li>')
        :format(step.status == "passed" and "passed" or "failed", step.background and " background" or "",
          (step.depth or 0) * 1, escape(text), step.background and ' <span class="note">(background)</span>' or "",
          step.duration or 0, argument(step))
    end
    out[#out + 1] = "</ol>"
  end
  if case.status == "skipped" then
    out[#out + 1] = ("<p>%s</p>"):format(escape(case.skip_reason or "not run"))
  end
  local f = case.failure
  if f then
    local message = f.step and (f.step .. ": " .. f.message) or f.message
    out[#out + 1] = ("<pre class=\"message\">%s</pre>"):format(escape(message))
    if f.where then out[#out + 1] = ("<p>at %s</p>"):format(escape(f.where)) end
    if f.traceback and f.traceback ~= "" then
      out[#out + 1] = ("<details><summary>Traceback</summary><pre>%s</pre></details>"):format(escape(f.traceback))
    end
    screenshot_diff.render(out, case)
    for _, path in ipairs(case.artifacts or {}) do
      if path:match("%.png$") then
        local bytes = util.read_file(path)
        if bytes then
          out[#out + 1] = ('<p><img class="shot" alt="the screen when %s failed" src="data:image/png;base64,%s"></p>')
            :format(escape(case.name), util.base64(bytes))
        end
      end
    end
    if case.target and #case.target > 0 then
      out[#out + 1] = ("<details><summary>What the target showed</summary><pre class=\"tree\">%s</pre></details>")
        :format(escape(table.concat(case.target, "\n")))
    end
  end
  if #(case.output or {}) > 0 then
    out[#out + 1] = ("<details><summary>Output</summary><pre>%s</pre></details>"):format(
      escape(table.concat(case.output, "\n")))
  end
  out[#out + 1] = "</div>"
end

---Renders the run as one HTML page.
---@param run fscript.RunResult
---@return string
function M.render(run)
  local out = { "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
    "<title>fscript report</title>", "<style>" .. STYLE .. screenshot_diff.STYLE .. "</style></head><body>" }
  local summary = ("%d passed, %d failed"):format(run.passed, run.failed)
  if run.skipped > 0 then summary = summary .. (", %d skipped"):format(run.skipped) end
  out[#out + 1] = ("<h1>fscript report</h1><p class=\"summary\">%s in %.2f s%s</p>"):format(summary,
    run.duration or 0, run.interrupted and " (interrupted)" or "")
  out[#out + 1] = '<div class="controls"><button data-filter="all">All</button><button data-filter="passed">'
    .. 'Passed</button><button data-filter="failed">Failed</button><button data-filter="error">Errors</button>'
    .. '<button data-filter="skipped">Skipped</button><input id="tag" placeholder="filter by tag"></div>'
  for _, file in ipairs(run.files) do
    out[#out + 1] = ('<div class="file">%s</div>'):format(escape(file.path))
    for _, case in ipairs(file.cases) do render_case(out, case) end
  end
  out[#out + 1] = "<script>" .. SCRIPT .. screenshot_diff.SCRIPT .. "</script></body></html>"
  return table.concat(out, "\n") .. "\n"
end

return M

---The HTML report (`--report html:DIR` writes DIR/index.html): one self-contained page, readable with no
---network: the summary, every scenario with its tags, steps (with their data tables and doc strings, Background
---steps marked, steps run by another step indented under it) and times, and for a failure the message, the
---traceback, the failure screenshot (embedded) and the view tree the target showed, collapsible. Buttons filter
---by status and a box by tag. A failed scenario with a trace (`--trace`) shows it as a timeline (fscript.trace.viewer),
---and `--screenshots every-step` adds a filmstrip of step pictures. Nothing is fetched: the style and the script
---are in the page.
local xml = require("fscript.report.xml")
local viewer = require("fscript.trace.viewer")
local trace_file = require("fscript.trace.file")
local util = require("fscript.util")
local screenshot_diff = require("fscript.report.screenshot_diff")

local M = {}

local escape = xml.escape

---True when `url` may be a clickable link in the report: `http:`, `https:` or relative (no scheme). Anything
---else (`javascript:`, `data:`, `vbscript:`, a scheme hidden behind a space or a tab, which browsers drop) is
---shown as text, so a link attachment can never run script in the page.
---@param url string
---@return boolean
function M.clickable(url)
  local scheme = url:match("^([^/?#]*):")
  if not scheme then return true end
  scheme = scheme:lower()
  return scheme == "http" or scheme == "https"
end

-- A media type fit for a data: URL the page offers for download; anything a browser could run there (HTML, SVG,
-- XML, script) or odd is offered as bytes.
local function download_type(media)
  local kind = tostring(media):lower():match("^[%w][%w.+-]*/[%w][%w.+-]*$")
  if not kind or kind:find("html", 1, true) or kind:find("xml", 1, true) or kind:find("script", 1, true) then
    return "application/octet-stream"
  end
  return kind
end

-- The stylesheet is the report's own bytes: wrapping its long rules would change every HTML report written.
-- luacheck: push ignore 631
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
.case.pending, .case.undefined { border-left-color: #ffcc00; } .case.ambiguous { border-left-color: #ff3b30; }
.steps .skipped { color: #888; } .steps .pending, .steps .undefined { color: #a67c00; }
.steps .ambiguous { color: #d70015; } .status { font-size: 12px; color: #666; margin-left: 6px; }
.flaky { background: #fff3c4; border-radius: 4px; padding: 0 5px; margin-left: 6px; font-size: 12px; }
.attachment { margin: 2px 0 2px 12px; } .attachment pre { margin: 2px 0; }
img.attached { max-width: 320px; border: 1px solid #ccc; }
]]
-- luacheck: pop

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

-- What a step or hook attached: text inline, images as <img> data URIs, links as links, anything else as a
-- download link carrying its data.
local function attachments_html(step)
  local parts = {}
  for _, a in ipairs(step.attachments or {}) do
    -- A merged report's attachments are data from outside: every field is checked before it is used.
    local body, base64 = type(a.body) == "string" and a.body or "", a.encoding == "BASE64"
    if a.file then
      local bytes = util.read_input(a.file)
      body, base64 = bytes and util.base64(bytes) or "", true
    end
    local media = type(a.media_type) == "string" and a.media_type or "application/octet-stream"
    local url = type(a.url) == "string" and a.url or nil
    local html
    if url or media == "text/uri-list" then
      local links = {}
      for line in (url or body):gmatch("[^\r\n]+") do
        links[#links + 1] = M.clickable(line) and ('<a href="%s">%s</a>'):format(escape(line), escape(line))
          or ('<span class="link">%s</span>'):format(escape(line))
      end
      html = table.concat(links, "<br>")
    elseif media:find("^image/") then
      local data = base64 and body or util.base64(body)
      html = ('<img class="attached" alt="%s" src="data:%s;base64,%s">'):format(escape(a.file_name or media),
        escape(media), escape(data))
    elseif not base64 then
      html = ("<pre>%s</pre>"):format(escape(body))
    else
      html = ('<a download="%s" href="data:%s;base64,%s">%s (%s)</a>'):format(escape(a.file_name or "attachment"),
        escape(download_type(media)), escape(body), escape(a.file_name or "attachment"), escape(media))
    end
    parts[#parts + 1] = ('<div class="attachment">%s</div>'):format(html)
  end
  return table.concat(parts)
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

local function f_message(case)
  return case.failure and case.failure.message or nil
end

-- Whether the failure screenshot is already shown as a step's attachment.
local function attached_shot(case)
  for _, step in ipairs(case.steps or {}) do
    for _, a in ipairs(step.attachments or {}) do
      if a.file then return true end
    end
  end
  return false
end

local function render_case(out, case)
  local status = case_status(case)
  local tags = {}
  for i, tag in ipairs(case.tags or {}) do tags[i] = tostring(tag):gsub("^@", "") end
  out[#out + 1] = ('<div class="case %s" data-status="%s" data-tags="%s">'):format(status, status,
    escape(table.concat(tags, " ")))
  out[#out + 1] = ('<span class="time">%.2f s</span><span class="name">%s</span>'):format(case.duration or 0,
    escape(case.name))
  if case.status ~= "passed" and case.status ~= "failed" and case.status ~= "skipped" then
    out[#out + 1] = ('<span class="status">%s</span>'):format(escape(case.status))
  end
  if case.flaky then
    out[#out + 1] = ('<span class="flaky">flaky: passed on attempt %d</span>'):format(#case.attempts + 1)
  end
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
      local step_status = step.status or "failed"
      local note = (step_status ~= "passed" and step_status ~= "failed")
        and (' <span class="note">(%s)</span>'):format(step_status) or ""
      out[#out + 1] = ('<li class="%s%s" style="margin-left:%dem">%s%s%s <span class="time">%.2f s</span>%s%s</li>')
        :format(escape(step_status), step.background and " background" or "",
          (step.depth or 0) * 1, escape(text), step.background and ' <span class="note">(background)</span>' or "",
          note, step.duration or 0, argument(step), attachments_html(step))
    end
    out[#out + 1] = "</ol>"
  end
  if case.attachments then out[#out + 1] = attachments_html(case) end
  if case.status == "skipped" then
    out[#out + 1] = ("<p>%s</p>"):format(escape(case.skip_reason or (f_message(case)) or "skipped"))
  end
  local f = case.status ~= "skipped" and case.failure or nil
  if f then
    local message = f.step and (f.step .. ": " .. f.message) or f.message
    out[#out + 1] = ("<pre class=\"message\">%s</pre>"):format(escape(message))
    if f.where then out[#out + 1] = ("<p>at %s</p>"):format(escape(f.where)) end
    if f.traceback and f.traceback ~= "" then
      out[#out + 1] = ("<details><summary>Traceback</summary><pre>%s</pre></details>"):format(escape(f.traceback))
    end
    screenshot_diff.render(out, case)
    for _, path in ipairs(attached_shot(case) and {} or case.artifacts or {}) do
      if path:match("%.png$") then
        local bytes = util.read_input(path)
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
  -- A failed scenario's trace as a timeline in the page; `--screenshots every-step` pictures as a filmstrip.
  if case.trace and case.status == "failed" then
    out[#out + 1] = trace_file.embed(case.trace)
  elseif case.trace then
    out[#out + 1] = ('<p class="note">trace: %s</p>'):format(escape(case.trace))
  end
  if case.filmstrip then out[#out + 1] = viewer.filmstrip(case.filmstrip) end
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
    "<title>fscript report</title>",
    "<style>" .. STYLE .. viewer.STYLE .. screenshot_diff.STYLE .. "</style></head><body>" }
  local summary = ("%d passed, %d failed"):format(run.passed, run.failed)
  if run.skipped > 0 then summary = summary .. (", %d skipped"):format(run.skipped) end
  local extra = {}
  for _, status in ipairs({ "pending", "undefined", "ambiguous" }) do
    local n = run.counts and run.counts[status] or 0
    if n > 0 then extra[#extra + 1] = ("%d %s"):format(n, status) end
  end
  if (run.flaky or 0) > 0 then extra[#extra + 1] = ("%d flaky"):format(run.flaky) end
  if #extra > 0 then summary = summary .. " (" .. table.concat(extra, ", ") .. ")" end
  out[#out + 1] = ("<h1>fscript report</h1><p class=\"summary\">%s in %.2f s%s</p>"):format(summary,
    run.duration or 0, run.interrupted and " (interrupted)" or "")
  out[#out + 1] = '<div class="controls"><button data-filter="all">All</button><button data-filter="passed">'
    .. 'Passed</button><button data-filter="failed">Failed</button><button data-filter="error">Errors</button>'
    .. '<button data-filter="skipped">Skipped</button><button data-filter="pending">Pending</button>'
    .. '<button data-filter="undefined">Undefined</button><button data-filter="ambiguous">Ambiguous</button>'
    .. '<input id="tag" placeholder="filter by tag"></div>'
  for _, file in ipairs(run.files) do
    out[#out + 1] = ('<div class="file">%s</div>'):format(escape(file.path))
    for _, case in ipairs(file.cases) do render_case(out, case) end
  end
  out[#out + 1] = "<script>" .. SCRIPT .. viewer.SCRIPT .. screenshot_diff.SCRIPT .. "</script></body></html>"
  return table.concat(out, "\n") .. "\n"
end

return M

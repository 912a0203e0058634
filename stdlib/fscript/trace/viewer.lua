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

-- The viewer's style and script are files beside this module (viewer.css, viewer.js), read once.
local HERE = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"

local function asset(name)
  local f = assert(io.open(HERE .. name, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

---The viewer's style, scoped to `.fs-trace` (viewer.css).
M.STYLE = asset("viewer.css")

---The viewer's script (viewer.js): starts every `.fs-trace` on the page from its JSON.
M.SCRIPT = asset("viewer.js")

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

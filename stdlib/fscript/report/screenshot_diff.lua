---The HTML report's section for a failed screenshot check (`case.screenshots`, see `fscript.screenshots`): the
---expected and the actual picture stacked, with a slider that uncovers one over the other, and the diff image
---(changed pixels red, anti-aliasing yellow) beside them. Everything is embedded: nothing is fetched.
local xml = require("fscript.report.xml")
local util = require("fscript.util")

local M = {}

local escape = xml.escape

---The section's style, added to the page's.
M.STYLE = [[
.shotcheck { margin: 8px 0; } .shotcheck .pair { display: inline-block; vertical-align: top; margin-right: 16px; }
.shotcheck .stack { position: relative; display: inline-block; line-height: 0; border: 1px solid #ccc; }
.shotcheck .stack img { max-width: 320px; display: block; }
.shotcheck .stack img.actual { position: absolute; left: 0; top: 0; clip-path: inset(0 0 0 50%); }
.shotcheck input[type=range] { width: 100%; display: block; } .shotcheck .legend { color: #888; font-size: 12px; }
.shotcheck img.diff { max-width: 320px; border: 1px solid #ccc; }
]]

---The section's script, added to the page's: each slider uncovers the actual picture from its position on.
M.SCRIPT = [[
(function () {
  Array.prototype.slice.call(document.querySelectorAll('.shotcheck')).forEach(function (box) {
    var slider = box.querySelector('input.slider'), actual = box.querySelector('img.actual');
    function show() { actual.style.clipPath = 'inset(0 0 0 ' + slider.value + '%)'; }
    slider.addEventListener('input', show);
    show();
  });
})();
]]

local function data_url(path)
  local bytes = path and util.read_input(path)
  if not bytes then return nil end
  return "data:image/png;base64," .. util.base64(bytes)
end

---Appends the section for each failed check of `case` to `out` (nothing when it has none).
---@param out string[]
---@param case table
function M.render(out, case)
  for _, shot in ipairs(case.screenshots or {}) do
    local expected, actual, diff = data_url(shot.expected), data_url(shot.actual), data_url(shot.diff)
    if expected and actual then
      local name = escape(shot.name)
      out[#out + 1] = ('<div class="shotcheck" data-baseline="%s"><div class="pair"><div class="stack">'
        .. '<img class="expected" alt="baseline %s (expected)" src="%s">'
        .. '<img class="actual" alt="screen for %s (actual)" src="%s"></div>'
        .. '<input class="slider" type="range" min="0" max="100" value="50" aria-label="expected | actual">'
        .. '<div class="legend">◀ expected | actual ▶ (baseline %s)</div></div>')
        :format(name, name, expected, name, actual, escape(shot.baseline or ""))
      if diff then
        out[#out + 1] = ('<div class="pair"><img class="diff" alt="differences from %s" src="%s">'
          .. '<div class="legend">diff: red changed, yellow anti-aliasing</div></div>'):format(name, diff)
      end
      out[#out + 1] = "</div>"
    end
  end
end

return M

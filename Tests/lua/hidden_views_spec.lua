-- Spec: a dump printed (the REPL, `print(app:dump())`) marks hidden views (issue 37): hidden, transparent or
-- inside a hidden view, which touches and "I should see" do not find, each line ends with `(hidden)`.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")
local pretty = require("fscript.pretty")

frank.launch{ app = here .. "fixtures/hidden_app.lua" }
local lines = {}
for line in pretty.tree(app:dump()):gmatch("[^\n]+") do
  local text = line:match('label="([^"]+)"')
  if text then lines[text] = line end
end
check.equal(nil, (lines.Shown or ""):find("(hidden)", 1, true),
  "a visible view is not marked: " .. tostring(lines.Shown))
for _, text in ipairs({ "Secret", "Faded", "Inside" }) do
  check.truthy((lines[text] or ""):sub(-8) == "(hidden)", text .. " is marked hidden: " .. tostring(lines[text]))
end
check.finish("hidden_views_spec")

-- Spec: the annotation files for lua-language-server (stdlib/meta) compile, and name what editors complete:
-- the app, query and mock classes, the DSL, and the app-file API.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local meta = here .. "../../stdlib/meta/"
for _, name in ipairs({ "frank.lua", "app.lua" }) do
  local file = assert(io.open(meta .. name))
  local text = file:read("a")
  file:close()
  check.truthy(load(text, "=" .. name), name .. " compiles")
  check.truthy(text:find("^%-%-%-@meta"), name .. " is a ---@meta file")
end
local function has(name, pattern)
  local file = assert(io.open(meta .. name))
  local text = file:read("a")
  file:close()
  check.truthy(text:find(pattern), ("%s declares %s"):format(name, pattern))
end
has("frank.lua", "@class frank%.App")
has("frank.lua", "function this_file%(")
has("frank.lua", "function frank%.reset%(")
has("frank.lua", "function App:expect_screenshot%(")
-- Every global the session installs (cucumber's hooks, statuses and attachments among them) is declared.
package.path = here .. "../../stdlib/?.lua;" .. package.path
for name in pairs(require("fscript.session").new({ catalog = false }):globals()) do
  has("frank.lua", "function " .. name .. "%(")
end
has("app.lua", "@class sim%.App")
has("app.lua", "function App:request%(")
has("app.lua", "function text_field%(")
check.finish("meta_spec")

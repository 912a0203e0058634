---Frank's Ruby helper API in Lua, so a team ports its own step definitions line by line:
---`local F = require("fscript.frank_compat")` and call `F.touch(…)`, or `require("fscript.frank_compat").install()`
---for globals named as in Ruby (`touch`, `element_exists`, `wait_until` …), as Frank's helpers are mixed into
---cucumber's world. Every public method of Frank's helper modules is here under its Ruby name and argument order
---(Ruby's option hashes become a table: `wait_until({timeout = 5}, fn)`, `fill_in("Name", {with = "Pete"})`;
---a predicate's `?` is dropped: `frankly_oriented_portrait`). The parts follow Frank's own files:
---  frank_compat/query.lua     frank_helper.rb: frankly_map, touch, fill_in, element_exists, check_*, app_exec …
---  frank_compat/waits.lua     wait_helper.rb and frank_helper.rb's waits
---  frank_compat/keyboard.lua  keyboard_helper.rb
---  frank_compat/gestures.lua  gesture_helper.rb, drag_with_initial_delay
---  frank_compat/scrolling.lua scroll_helper.rb
---  frank_compat/device.lua    orientation, device, ping, location_helper.rb, FrankHelper's settings, bonjour.rb
---  frank_compat/launch.lua    launcher.rb, host_scripting.rb, console.rb, wait_for_frank_to_come_up
---  frank_compat/mac.lua       frank_mac_helper.rb (for a Frank server inside a Mac app)
---The differences are fscript's: no fixed sleeps (waits park on the target's change feed), failures that say
---what the screen shows, and helpers that cannot mean anything against fscript (Bonjour, the Simulator's menus,
---sim_launcher) raise an error saying what to use instead.
local M = {}

local PARTS = { "query", "waits", "keyboard", "gestures", "scrolling", "device", "launch", "mac" }

for _, part in ipairs(PARTS) do
  for name, fn in pairs(require("fscript.frank_compat." .. part)) do
    assert(M[name] == nil, "fscript.frank_compat: two parts define " .. name)
    M[name] = fn
  end
end

---Sets every helper above as a global (in `env`, default `_G`), for step files ported line by line.
---@param env? table
---@return table M
function M.install(env)
  env = env or _G
  for name, fn in pairs(M) do
    if name ~= "install" then rawset(env, name, fn) end
  end
  return M
end

return M

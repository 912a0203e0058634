-- Spec: "I render the X screen" on a screen that stays busy (issue 37). Swerkin users render a loading screen to
-- check it: the step waits for the screen's trait, waits for idle at most the wait limit, then checks the screen
-- as it is with a note (as XCUITest goes on when an app never idles); `screen{busy = true}` skips the idle wait.
-- `eventually` retries a suite's own check.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. here .. "../../stdlib/?.lua;" .. package.path
local check = require("fixtures.check")

frank.launch{ app = here .. "fixtures/busy_app.lua" }
screen{ name = "Loading", trait = "label marked:'Loading your orders'", render = "loading" }
screen{ name = "Busy loading", trait = "label marked:'Loading your orders'", render = "loading", busy = true }

local printed = {}
local real_print = print
print = function(...) printed[#printed + 1] = table.concat({ ... }, " ") end -- luacheck: ignore
local started = fscript.clock()
local ok, err = pcall(Given, "I render the Loading screen")
local took = fscript.clock() - started
print = real_print -- luacheck: ignore
check.equal(true, ok, "rendering a busy screen passes: " .. tostring(err))
check.contains(table.concat(printed, "\n"), "note: the Loading screen is still busy (", "and says so")
check.contains(table.concat(printed, "\n"), 'screen{name = "Loading", busy = true} skips the wait',
  "naming the way out")
check.truthy(pcall(Then, "I should see an activity indicator animating"), "the busy screen is checked as it is")

printed = {}
print = function(...) printed[#printed + 1] = table.concat({ ... }, " ") end -- luacheck: ignore
started = fscript.clock()
ok, err = pcall(Given, "I render the Busy loading screen")
local busy_took = fscript.clock() - started
print = real_print -- luacheck: ignore
check.equal(true, ok, "a screen declared busy renders: " .. tostring(err))
check.equal(0, #printed, "without a note")
check.truthy(busy_took < took, ("without the idle wait (%.2f s against %.2f s)"):format(busy_took, took))

-- eventually: retries a failing check until it passes, returns its value; gives up with the last failure.
local tries = 0
local value = eventually(function()
  tries = tries + 1
  assert(tries >= 3, "not yet")
  return "ready"
end, { timeout = 5 })
check.equal("ready", value, "eventually returns what the check returned")
check.equal(3, tries, "after retrying the failures")
local failed = check.raises(function()
  eventually(function() error("the export file is not there", 0) end, { timeout = 0.1, what = "the export" })
end, "eventually gives up")
check.equal("still failing after 0.1 s (the export): the export file is not there", failed, "with the last failure")
check.contains(check.raises(function() eventually(function() return false end, { timeout = 0 }) end, "false fails"),
  "it returned false", "a check returning false fails")
check.contains(check.raises(function() eventually(function() end, { timout = 1 }) end, "misuse raises"),
  "unknown option \"timout\"; the options are timeout, what", "a misspelt option is named")
check.finish("render_busy_spec")

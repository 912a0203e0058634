-- Spec: fscript.frank_compat's waits (frank_compat/waits.lua, wait_helper.rb and frank_helper.rb's waits) against
-- the embedded simulator: wait_until returns the block's value, times out with Frank's message (or Ruby's
-- "execution expired"), and ends at once when its block raises; the element waits see views arrive and leave
-- later, touch what arrived, and wait out an animation. Timeouts are short only where the wait must fail.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local F = require("fscript.frank_compat")
local APP = here .. "fixtures/frank_compat_app.lua"
local function note() return app:map("label", "text")[1] end
frank.launch({ app = APP })

-- wait_until
local tries = 0
check.equal(3, F.wait_until({ timeout = 10 }, function()
  tries = tries + 1
  return tries >= 3 and tries or nil
end), "wait_until: returns the block's first true value")
check.equal("hi", F.wait_until(function() return F.app_exec("greet") end), "wait_until(fn): no options")
check.equal("splines did not reticulate", support.error_of(F.wait_until,
  { timeout = 0.2, message = "splines did not reticulate" }, function() return false end),
  "wait_until: raises the message, as Frank does")
check.equal("execution expired (wait_until waited 0.2 s for its block to return true)",
  support.error_of(F.wait_until, { timeout = 0.2 }, function() return nil end),
  "wait_until: Ruby's timeout message without one")
local calls = 0
check.contains(support.error_of(F.wait_until, { timeout = 30, message = "never" }, function()
  calls = calls + 1
  error("the block broke", 0)
end), "the block broke", "wait_until: an error in the block is raised as it is")
check.equal(1, calls, "wait_until: an error in the block ends the wait at once")
check.contains(support.error_of(F.wait_until, { timeout = 1 }), "a function to wait on is required",
  "wait_until: a missing block is a usage error")

-- wait_for_element_to_exist: the second screen arrives 0.8 s after the touch
F.touch("button marked:'Later'")
check.equal(false, F.element_exists("view marked:'On second'"), "the second screen is not there yet")
local seen = {}
F.wait_for_element_to_exist("view marked:'Nowhere'", "view marked:'On second'", function(sel) seen[#seen + 1] = sel end)
check.equal("view marked:'On second'", seen[1], "wait_for_element_to_exist: the block gets the selector found")
check.equal(1, #seen, "wait_for_element_to_exist: only the selector that matched")
check.equal("Waited for element matching any of view marked:'A', view marked:'B' to exist",
  support.error_of(function()
    local limits = require("fscript.config")
    limits.push({ wait = 0.2 })
    local ok, err = pcall(F.wait_for_element_to_exist, "view marked:'A'", "view marked:'B'")
    limits.pop()
    if not ok then error(err, 0) end
  end), "wait_for_element_to_exist: Frank's message")

-- wait_for_element_to_not_exist: going back takes the second screen away
app:touch("navigationItemButtonView")
F.wait_for_element_to_not_exist("view marked:'On second'")
check.equal(false, F.element_exists("view marked:'On second'"), "wait_for_element_to_not_exist: gone")
check.equal("Waited for element button marked:'Touch me' to not exist", support.error_of(function()
  local limits = require("fscript.config")
  limits.push({ wait = 0.2 })
  local ok, err = pcall(F.wait_for_element_to_not_exist, "button marked:'Touch me'")
  limits.pop()
  if not ok then error(err, 0) end
end), "wait_for_element_to_not_exist: Frank's message")

-- wait_for_element_to_exist_and_then_touch_it
F.wait_for_element_to_exist_and_then_touch_it("button marked:'Nowhere'", "button marked:'Touch me'")
check.equal("touched", note(), "wait_for_element_to_exist_and_then_touch_it: touched what arrived")

-- wait_for_nothing_to_be_animating
F.touch("button marked:'Animate'")
check.equal("touched", note(), "the animation is running")
F.wait_for_nothing_to_be_animating()
check.equal("animated", note(), "wait_for_nothing_to_be_animating: the animation finished")
F.touch("button marked:'Animate'")
F.wait_for_nothing_to_be_animating(false)
check.equal("animated", note(), "wait_for_nothing_to_be_animating(false): Frank's default timeout")
F.touch("button marked:'Slow'")
check.contains(support.error_of(F.wait_for_nothing_to_be_animating, 0.1),
  "execution expired (wait_for_nothing_to_be_animating waited 0.1 s)",
  "wait_for_nothing_to_be_animating(timeout): times out while a minute-long animation runs")

check.finish("frank_compat_waits_spec")

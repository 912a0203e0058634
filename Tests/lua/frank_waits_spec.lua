-- Spec: frank.App waits against the embedded simulator's demo app: wait_for, wait_for_absence, wait_until and
-- wait_for_idle (what is still busy, ignore), each timeout's whole message.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local error_of = support.error_of

support.fresh()
-- A view already there is found by the first check: well within the interval, which a wait that paced or parked
-- before looking would spend whole (the margin is for a busy machine).
local started = fscript.clock()
app:wait_for("button marked:'Log In'", { timeout = 30, interval = 20 })
check.truthy(fscript.clock() - started < 10, "wait_for returns at once when the view is there")
check.equal(
  "wait_for: no view matching \"button marked:'Sign Up'\" became visible within 0.1 s; no label or text on screen "
    .. "is close to 'Sign Up' (the screen shows 'Welcome to the demo', 'User name', 'Password', …)",
  error_of(app.wait_for, app, "button marked:'Sign Up'", { timeout = 0.1 }), "wait_for timeout message")
app:wait_for_absence("button marked:'Sign Up'", { timeout = 0 })
check.equal("wait_for_absence: a view matching \"button marked:'Log In'\" is still visible after 0.1 s",
  error_of(app.wait_for_absence, app, "button marked:'Log In'", { timeout = 0.1 }), "wait_for_absence timeout")

local calls = 0
local a, b = app:wait_until(function()
  calls = calls + 1
  return calls >= 3 and "done", calls
end)
check.equal("done", a, "wait_until returns the condition's results")
check.equal(3, b, "wait_until returns all of them")
check.equal("wait_until: the condition did not hold within 0.05 s",
  error_of(app.wait_until, app, function() return false end, { timeout = 0.05 }), "wait_until timeout")
check.equal("boom", error_of(app.wait_until, app, function() error("boom", 0) end), "wait_until: errors end the wait")

-- idle: log in, then the home screen loads its items for 0.5 s behind a spinner
app:type_into("textField marked:'User name'", "erin")
app:type_into("textField marked:'Password'", "secret")
app:touch("button marked:'Log In'")
app:wait_for("label text:'Welcome, erin'")
local busy = error_of(app.wait_for_idle, app, { timeout = 0.05 })
check.contains(busy, "wait_for_idle: still busy after 0.05 s: ", "wait_for_idle names what is busy")
check.contains(busy, "UIActivityIndicatorView 'Loading'", "the spinner is busy")
-- Still busy (above), yet idle at the first check once that work is ignored: no time-out, however slow the check.
local ignored = { "UIActivityIndicatorView", "network" }
check.equal(nil, error_of(app.wait_for_idle, app, { timeout = 0.05, ignore = ignored }), "ignored work does not count")
app:wait_for_idle({ timeout = 5 })
check.equal(3, app:lookup("tableViewCell"):count(), "idle after the items arrived")
check.equal(
  "bad argument #1 to 'wait_for_idle' (timeout must be a number of seconds from 0 to 86400, got -1)",
  error_of(app.wait_for_idle, app, { timeout = -1 }), "wait_for_idle checks its timeout")
check.equal("bad argument #1 to 'wait_for_idle' (ignore must be a list of strings, got 3)",
  error_of(app.wait_for_idle, app, { ignore = 3 }), "wait_for_idle checks ignore")

check.finish("frank_waits_spec")

-- Spec: numbers at the edges (negative, math.mininteger/maxinteger, NaN, ±inf, 1e300, fractions) as arguments
-- to the Lua bindings that turn them into counts, indexes, ports and durations. Each is an answer or a Lua
-- error naming the argument, never a trap (a trap ends fscript with no report: the spec would not finish).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local err = check.error_of

local nan, inf = 0 / 0, math.huge

-- mock.stop_started_after sliced its list from a negative checkpoint (a trap).
for _, checkpoint in ipairs({ -1, math.mininteger }) do
  check.contains(err(mock.stop_started_after, checkpoint),
    "bad argument #1 to 'stop_started_after' (a checkpoint from mock.checkpoint() (0 or more) expected, got "
    .. checkpoint .. ")", "checkpoint " .. checkpoint)
end
check.contains(err(mock.stop_started_after, 1.5), "number has no integer representation", "a fraction")
check.contains(err(mock.stop_started_after, nan), "number has no integer representation", "NaN")
check.equal("(no error)", err(mock.stop_started_after, math.maxinteger), "past the end stops nothing")

-- Ports, journal limits, counts and timeouts: refused with the field's name.
for _, port in ipairs({ -1, 65536, math.maxinteger, math.mininteger }) do
  check.contains(err(mock.start, { port = port }), "field 'port': 0 to 65535 expected", "port " .. port)
end
for _, port in ipairs({ nan, inf, 1e300, 0.5 }) do
  check.contains(err(mock.start, { port = port }), "field 'port'", "port " .. tostring(port))
end
check.contains(err(mock.start, { journal_limit = math.maxinteger }), "field 'journal_limit'", "journal_limit")
local s = mock.start{}
for _, count in ipairs({ -1, math.mininteger }) do
  check.contains(err(s.verify, s, { path = "/x", count = count }), "field 'count': 0 or more expected", "count")
end
check.contains(err(s.verify, s, { path = "/x", at_least = math.maxinteger }), "", "at_least: an answer")
for _, timeout in ipairs({ nan, inf, -1, 1e300 }) do
  check.contains(err(s.wait_for_request, s, { path = "/x", timeout = timeout }), "field 'timeout'",
    "timeout " .. tostring(timeout))
end
for _, delay in ipairs({ nan, inf, -1, 1e300 }) do
  check.contains(err(s.stub, s, { path = "/d", respond = { delay = delay } }), "field 'respond.delay'",
    "delay " .. tostring(delay))
end
for _, status in ipairs({ -1, 0, 99, 600, math.mininteger, math.maxinteger }) do
  check.contains(err(s.stub, s, { path = "/s", respond = { status = status } }), "status", "status " .. status)
end
s:stop()

-- fscript's own: sleep, isatty, the test deadline.
for _, seconds in ipairs({ nan, inf, -1, 1e300 }) do
  check.contains(err(fscript.sleep, seconds), "bad argument #1 to 'sleep'", "sleep " .. tostring(seconds))
end
check.equal(false, fscript.isatty(math.maxinteger), "a descriptor past a C int is no terminal")
check.equal(false, fscript.isatty(math.mininteger), "nor one below")
for _, seconds in ipairs({ nan, inf, -1, 0, 1e300, 86401 }) do
  check.contains(err(fscript.set_deadline, seconds), "bad argument #1 to 'set_deadline'",
    "deadline " .. tostring(seconds))
end
-- `.seconds(1e300)` trapped converting to a Duration.
check.contains(err(fscript.set_deadline, 1e300), "(positive number of seconds up to 86400 expected, got 1e+300)",
  "a deadline past a day")
check.equal("(no error)", err(fscript.set_deadline, 86400), "a day is a deadline")
fscript.set_deadline(nil)

-- A scenario's own time limits reach set_deadline: checked where they are given.
local config = require("fscript.config")
for _, seconds in ipairs({ nan, inf, -1, 1e300 }) do
  check.contains(err(config.set, { timeout = seconds }),
    "time limit timeout must be a number of seconds from 0 to 86400", "config timeout " .. tostring(seconds))
end

check.finish("numeric_args_spec")

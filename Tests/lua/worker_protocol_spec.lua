-- Spec: the worker protocol (fscript.run.parallel.protocol). Each kind MESSAGES declares reads back with its
-- fields; a case travels as its record (its failure a Failure again, its attempts too), never the test's own
-- objects (a World that refers to itself, keys JSON cannot hold); what comes back is checked, and a case with a
-- field of the wrong type is no message; the sender holds a unit's cases until the unit is done, leaves out an
-- attempt to be retried and keeps one a Ctrl-C cut short; a line that is no message says why (the parent reports
-- it and ignores it); and a kind declared at run time travels from a worker's event stream to the parent's with
-- nothing else changed.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local protocol = require("fscript.run.parallel.protocol")
local cases = require("fscript.run.cases")
local failure = require("fscript.failure")
local bus_mod = require("fscript.events.bus")

local case = cases.new("a scenario", { "smoke" }, false)
case.status, case.index, case.duration = "failed", 1, 0.25
case.failure = failure.new({ message = "expected 2, got 3", kind = "infrastructure", where = "a.lua:3" })
case.steps[1] = { keyword = "Given", text = "a step", depth = 0, status = "failed", duration = 0.1,
  hook = { kind = "before", location = "a.lua:1" } }
local earlier = cases.new("a scenario", { "smoke" }, false)
earlier.status, earlier.failure = "failed", failure.new({ message = "first try" })
case.attempts = { earlier }
case.preconditions = { signed_in = true }
-- The scenario's World (`world()`): the test's own table, which may refer to itself or have keys JSON cannot hold.
case.world = { [{}] = true }
case.world.me = case.world
earlier.world = case.world
check.truthy(case.mark ~= nil, "a running case knows the target it used")

-- Every declared kind reads back with its fields.
local samples = {
  testCaseFinished = { unit = "features/a.feature#1", case = case },
  unitFinished = { unit = "features/a.feature#1" },
  runFacts = { support = { definitions = {} }, run_hooks = {}, started_at = 1700000000.5, strict = true,
    final = true },
}
for kind, fields in pairs(protocol.MESSAGES) do
  check.truthy(samples[kind], ("the spec has a sample of %s"):format(kind))
  local line = protocol.encode(kind, samples[kind])
  check.truthy(not line:find("\n"), ("a %s is one line"):format(kind))
  local back_kind, event = protocol.read(line)
  check.equal(kind, back_kind, ("a %s line reads back (%s)"):format(kind, tostring(back_kind or event)))
  for _, field in ipairs(fields) do
    if samples[kind][field] ~= nil then
      check.truthy(event[field] ~= nil, ("a %s carries %s"):format(kind, field))
    end
  end
end

-- A case travels whole.
local _, event = protocol.read(protocol.encode("testCaseFinished", samples.testCaseFinished))
local back = event.case
check.equal("a scenario", back.name, "the case's name")
check.equal("failed", back.status, "its status")
check.equal(1, back.index, "its index")
check.equal("smoke", back.tags[1], "its tags")
check.truthy(failure.is(back.failure), "its failure is a Failure again")
check.equal("infrastructure", back.failure.kind, "with its kind")
check.equal("a.lua:3", back.failure.where, "and where")
check.equal("before", back.steps[1].hook.kind, "its steps and hooks")
check.truthy(failure.is(back.attempts[1].failure), "an earlier attempt's failure is a Failure too")
check.equal(nil, back.mark, "the target it used stays in the worker")
check.equal(nil, back.preconditions, "its preconditions too")
check.equal(nil, back.world, "and its World")
check.equal(nil, back.attempts[1].world, "also an earlier attempt's")
check.equal(0, select(2, protocol.read('{"testCaseFinished": {"unit": "a#1", "case": {"name": "bare", '
  .. '"status": "passed"}}}')).case.duration, "a bare case comes back with the runner's defaults")
check.equal(1700000000.5, select(2, protocol.read(protocol.encode("runFacts", samples.runFacts))).started_at,
  "the run facts")

-- Lines that are no message, each with why.
for line, why in pairs({
  ["not json"] = "not JSON (",
  ['[1, 2]'] = "not one message",
  ['{"unitFinished": {"unit": "a#1"}, "runFacts": {}}'] = "not one message",
  ['{"nosuchKind": {}}'] = "no message kind nosuchKind",
  ['{"unitFinished": {"unit": 7}}'] = "its unit is not a string",
  ['{"testCaseFinished": {"unit": "a#1", "case": {"status": "passed"}}}'] = "case.name: a string expected",
  ['{"testCaseFinished": {"unit": "a#1", "case": {"name": "x", "status": "passed", "steps": 5}}}'] =
    "case.steps: a list expected, got a number",
  ['{"testCaseFinished": {"unit": "a#1"}}'] = "it has no case",
  ['{"runFacts": {"run_hooks": [{"keyword": 1}]}}'] = "run_hooks[1].keyword: a string expected",
  ['null'] = "not one message",
  -- The JSON report's case records were the wire once; they are no message now.
  ['{"unit": "a#1", "cases": []}'] = "not one message",
}) do
  local kind, said = protocol.read(line)
  check.equal(nil, kind, ("%q is no message"):format(line))
  check.truthy(type(said) == "string" and said:find(why, 1, true),
    ("%q says %q (%s)"):format(line, why, tostring(said)))
end

-- The sender: a unit's cases wait for its end, each with the unit; an attempt to be retried does not go.
local sent = {}
local bus = bus_mod.new()
bus:subscribe(protocol.sender(function(line) sent[#sent + 1] = line end))
local retried = cases.new("flaky one", {}, false)
retried.status, retried.will_be_retried = "failed", true
bus:publish("testCaseStarted", { case = retried })
bus:publish("testCaseFinished", { case = retried })
bus:publish("testCaseFinished", { case = case })
-- A case a Ctrl-C cut short: it started, and never finished.
local cut_short = cases.new("cut short", {}, false)
bus:publish("testCaseStarted", { case = cut_short })
bus:publish("note", { text = "not declared: stays in the worker" })
check.equal(0, #sent, "nothing goes before the unit is done")
bus:publish("runFacts", { started_at = 1 })
bus:publish("unitFinished", { unit = "a.lua#1" })
local kinds = {}
for i, line in ipairs(sent) do
  local kind, ev = protocol.read(line)
  kinds[i] = kind
  if kind == "testCaseFinished" then
    check.equal("a.lua#1", ev.unit, "a case goes with its unit")
    check.truthy(ev.case.name == "a scenario" or ev.case.name == "cut short", "not the attempt to be retried")
  end
end
check.equal("runFacts testCaseFinished testCaseFinished unitFinished", table.concat(kinds, " "),
  "the facts, then the unit's cases (the one cut short too), then its end")

-- A kind declared in one place travels: from a worker's stream, through a line, onto the parent's stream.
protocol.MESSAGES.greeting = { "text" }
local wire = {}
local worker_bus, parent_bus = bus_mod.new(), bus_mod.new()
worker_bus:subscribe(protocol.sender(function(line) wire[#wire + 1] = line end))
local heard
parent_bus:subscribe({ greeting = function(_, ev) heard = ev.text end })
worker_bus:publish("greeting", { text = "hello from a worker", extra = "not declared, not sent" })
check.equal(1, #wire, "the new kind is sent as one line")
local kind, ev = protocol.read(wire[1])
parent_bus:publish(kind, ev)
check.equal("hello from a worker", heard, "and the parent's subscriber hears it")
check.equal(nil, ev.extra, "with the fields declared, no others")
protocol.MESSAGES.greeting = nil

-- A failure's traceback ends at the user's frames, as a worker's and a serial run's must agree on: also when Lua
-- skipped the middle of a deep stack, the runner's first frame among the skipped ones.
local deep = table.concat({ "", "stack traceback:", "\t[C]: in function 'error'", "\tsteps.lua:12: in field 'fn'",
  "\t[C]: in ?", "\t...\t(skipping 3 levels)", "\t.../fscript/run/scenario.lua:197: in upvalue 'attempt_scenario'",
  "\t.../fscript/run/lifecycle.lua:250: in function 'run_loaded_scenarios'" }, "\n")
check.equal("stack traceback:\n\t[C]: in function 'error'\n\tsteps.lua:12: in field 'fn'", failure.trim_traceback(deep),
  "a traceback is cut where Lua skipped levels")

-- A unit whose result left its scenario out: Ctrl-C reached the worker before the scenario started (while it
-- loaded the file), so an interrupted run reports it not run (exit 130); in a run not interrupted it is lost
-- (exit 2). A parallel_test run under load had failed Ctrl-C with exit 2 this way.
local runner = require("fscript.runner")
local dir = os.tmpname()
os.remove(dir)
assert(os.execute("mkdir -p " .. dir))
local suite_file = dir .. "/two_test.lua"
local handle = assert(io.open(suite_file, "w"))
handle:write('scenario("one", function() end)\nscenario("two", function() end)\n')
handle:close()
local report = dir .. "/run.json"
for _, interrupted in ipairs({ true, false }) do
  local plan = assert(runner.parallel_begin({ files = { suite_file }, jobs = 2, out = function() end,
    reports = { "json:" .. report } }))
  local ids = {}
  for _, unit in ipairs(require("fscript.json").decode(plan).units) do ids[#ids + 1] = unit.id end
  check.equal(2, #ids, "a unit a scenario")
  local ran = cases.new("two", {}, false)
  ran.status, ran.index = "passed", 2
  if interrupted then
    -- Ctrl-C reached the worker while it loaded the file: it reports the file's top level as interrupted.
    local top = cases.new("(script)", {}, true)
    top.status, top.index = "failed", 0
    top.failure = failure.new({ message = "two_test.lua:1: interrupted", kind = "interrupt" })
    runner.parallel_result(protocol.encode("testCaseFinished", { unit = ids[1], case = top }), "w1", ids[1])
  end
  check.equal(true, runner.parallel_result(protocol.encode("unitFinished", { unit = ids[1] }), "w1", ids[1]),
    "the first unit comes back without its scenario")
  runner.parallel_result(protocol.encode("testCaseFinished", { unit = ids[2], case = ran }), "w2", ids[2])
  runner.parallel_result(protocol.encode("unitFinished", { unit = ids[2] }), "w2", ids[2])
  local code = runner.parallel_finish(interrupted, {}, {})
  check.equal(interrupted and 130 or 2, code, interrupted and "interrupted: exit 130" or "otherwise: exit 2")
  local read = assert(io.open(report))
  local statuses = {}
  for _, file in ipairs(require("fscript.json").decode(read:read("a")).files) do
    for _, reported in ipairs(file.cases) do statuses[reported.name] = reported.status end
  end
  read:close()
  check.equal(interrupted and "skipped" or "error", statuses.one,
    interrupted and "a scenario the worker had not started when interrupted is not run" or "else it is lost (an error)")
  check.equal("passed", statuses.two, "the scenario that came back is as it came")
  check.equal(nil, statuses["(script)"], "an interrupted load is not listed beside the scenarios it planned")
end
os.remove(report)
os.remove(suite_file)
os.remove(dir)

check.finish("worker_protocol_spec")

-- Spec: the worker protocol (fscript.run.parallel.protocol) reads back what it writes, kind by kind as KINDS
-- declares them, and names what is no message of it (the parent reports such a line and ignores it).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local protocol = require("fscript.run.parallel.protocol")
local cases = require("fscript.run.cases")
local state_mod = require("fscript.run.state")

local state = state_mod.new({ started_at = 1700000000.5, strict_steps = true })
local facts = protocol.facts(state, { definitions = {} })
local case = cases.new("a scenario", { "smoke" }, false)
case.status, case.index, case.duration = "passed", 1, 0.25

local lines = { result = protocol.result("features/a.feature#1", { case }, facts) }
facts.final = true
lines.facts = protocol.facts_line(facts)

for kind, fields in pairs(protocol.KINDS) do
  local message, why = protocol.read(lines[kind])
  check.truthy(message, ("a %s line reads back (%s)"):format(kind, tostring(why)))
  if message then
    check.equal(kind, message.kind, "its kind")
    for _, field in ipairs(fields) do check.truthy(message[field] ~= nil, ("a %s carries %s"):format(kind, field)) end
  end
end

local result = assert(protocol.read(lines.result))
check.equal("features/a.feature#1", result.unit, "the unit")
local back = protocol.case(result.cases[1])
check.equal("a scenario", back.name, "the case's name")
check.equal("passed", back.status, "its status")
check.equal(1, back.index, "its index")
check.equal(1700000000.5, result.run.started_at, "the run facts ride along")
check.equal(true, assert(protocol.read(lines.facts)).run.final, "the last line's facts are final")

local message, why, decoded = protocol.read('{"unit": "x#1"}')
check.equal(nil, message, "a unit without cases is no result")
check.equal("no unit and cases", why, "and says why")
check.equal("x#1", decoded.unit, "what it decoded to comes back (run facts in it still count)")
check.equal(nil, (protocol.read("not json")), "a line that is not JSON is no message")

check.finish("worker_protocol_spec")

-- Spec: the Compatibility Kit's comparison (Tests/cck/normalize.lua), on a sample's own expected stream: what an
-- implementation may do differently (hand out other ids, write its keys in another order, take other times,
-- point its source references elsewhere, name its exceptions' classes and write snippets in its language)
-- still matches; anything else (a status, a missing or extra message, an order, an id that refers to another
-- message) is the first difference, with the message and the path of the field.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. here .. "../cck/?.lua;" .. package.path
local check = require("fixtures.check")
local normalize = require("normalize")

-- A stream like the kit's: a step definition, a test case that uses it, a failed step with an exception and a
-- suggestion.
local REFERENCE = table.concat({
  '{"meta":{"protocolVersion":"34.2.1","implementation":{"name":"fake-cucumber","version":"123.45.6"}}}',
  '{"stepDefinition":{"id":"4","pattern":{"type":"CUCUMBER_EXPRESSION","source":"a step"},'
    .. '"sourceReference":{"uri":"samples/x/x.ts","location":{"line":3}}}}',
  '{"testRunStarted":{"id":"5","timestamp":{"seconds":0,"nanos":0}}}',
  '{"testCase":{"id":"6","pickleId":"2","testSteps":[{"id":"7","pickleStepId":"1","stepDefinitionIds":["4"],'
    .. '"stepMatchArgumentsLists":[{"stepMatchArguments":[]}]}],"testRunStartedId":"5"}}',
  '{"suggestion":{"id":"9","pickleStepId":"1","snippets":[{"language":"typescript","code":"Given(\\"x\\")"}]}}',
  '{"testCaseStarted":{"id":"8","testCaseId":"6","timestamp":{"seconds":0,"nanos":1000000},"attempt":0}}',
  '{"testStepFinished":{"testCaseStartedId":"8","testStepId":"7","testStepResult":{"message":"whoops",'
    .. '"exception":{"type":"Error","message":"whoops","stackTrace":"Error: whoops\\nsamples/x/x.feature:3"},'
    .. '"status":"FAILED","duration":{"seconds":0,"nanos":1000000}},"timestamp":{"seconds":0,"nanos":2000000}}}',
  '{"testRunFinished":{"testRunStartedId":"5","timestamp":{"seconds":0,"nanos":3000000},"success":false}}',
}, "\n")

local function compare(actual_text)
  return normalize.compare(normalize.stream(normalize.decode(REFERENCE, "expected")),
    normalize.stream(normalize.decode(actual_text, "actual")))
end

check.equal(nil, compare(REFERENCE), "a stream matches itself")

-- Another implementation's way of writing the same run: its own ids (sorted keys, other numbers), times, source
-- references, meta, exception class, snippet language and stack trace.
local OURS = table.concat({
  '{"meta":{"implementation":{"name":"fscript","version":"1.0"},"protocolVersion":"32.0.0"}}',
  '{"stepDefinition":{"id":"a","pattern":{"source":"a step","type":"CUCUMBER_EXPRESSION"},'
    .. '"sourceReference":{"uri":"samples/x/step_definitions/x_steps.lua","location":{"line":1}}}}',
  '{"testRunStarted":{"id":"b","timestamp":{"seconds":1764000000,"nanos":5}}}',
  '{"testCase":{"id":"c","pickleId":"p","testRunStartedId":"b","testSteps":[{"id":"d","pickleStepId":"s",'
    .. '"stepDefinitionIds":["a"],"stepMatchArgumentsLists":[{"stepMatchArguments":[]}]}]}}',
  '{"suggestion":{"id":"f","pickleStepId":"s","snippets":[{"code":"step(\\"x\\", function() end)","language":"lua"}]}}',
  '{"testCaseStarted":{"attempt":0,"id":"e","testCaseId":"c","timestamp":{"seconds":1764000000,"nanos":7}}}',
  '{"testStepFinished":{"testCaseStartedId":"e","testStepId":"d","testStepResult":{"duration":{"seconds":0,'
    .. '"nanos":12},"exception":{"message":"whoops","stackTrace":"x_steps.lua:2: whoops","type":"error"},'
    .. '"message":"whoops","status":"FAILED"},"timestamp":{"seconds":1764000000,"nanos":9}}}',
  '{"testRunFinished":{"success":false,"testRunStartedId":"b","timestamp":{"seconds":1764000001,"nanos":0}}}',
}, "\n")
check.equal(nil, compare(OURS), "ids, times, meta, source references, exception classes and snippets are normalized")

-- What must still agree.
local function changed(from, to, comparer)
  local text, n = OURS:gsub(from:gsub("%p", "%%%0"), (to:gsub("%%", "%%%%")))
  assert(n == 1, "the change applies once: " .. from)
  return (comparer or compare)(text) or "(no difference)"
end
check.contains(changed('"status":"FAILED"', '"status":"PASSED"'),
  "message 7 differs at testStepFinished.testStepResult.status", "a status")
check.contains(changed('"status":"FAILED"', '"status":"PASSED"'), 'expected: "FAILED"', "the expected value")
check.contains(changed('"status":"FAILED"', '"status":"PASSED"'), 'actual:   "PASSED"', "the actual value")
check.contains(changed('"message":"whoops","status"', '"message":"oops","status"'),
  "testStepFinished.testStepResult.message", "an error message")
check.contains(changed('"stepDefinitionIds":["a"]', '"stepDefinitionIds":["b"]'),
  "message 4 differs at testCase.testSteps[0].stepDefinitionIds[0]", "an id that refers to another message")
check.contains(changed('"snippets":[{"code":"step(\\"x\\", function() end)","language":"lua"}]', '"snippets":[]'),
  "suggestion.snippets", "a snippet must be there")
check.contains(changed(',"type":"error"}', '}'), "exception.type", "an exception's type must be there")
check.contains(compare(OURS:gsub("\n[^\n]*testRunFinished[^\n]*", "")), "message 8 is missing", "a missing message")
check.contains(compare(OURS .. "\n" .. '{"testRunFinished":{"success":false,"testRunStartedId":"b"}}'),
  "message 9 is extra", "an extra message")
local lines = {}
for line in OURS:gmatch("[^\n]+") do lines[#lines + 1] = line end
lines[2], lines[3] = lines[3], lines[2]
check.contains(compare(table.concat(lines, "\n")), "message 2 differs", "the order")

-- Keeping (`{keep = true}`, two runs of fscript: a --jobs run or merged shards against the serial run): only
-- meta's content, ids and times are left out; source references, stack traces, exception types and snippets
-- must agree, and a time must keep its shape.
local function compare_kept(actual_text)
  return normalize.compare(normalize.stream(normalize.decode(OURS, "serial"), { keep = true }),
    normalize.stream(normalize.decode(actual_text, "parallel"), { keep = true }))
end
local function kept(from, to) return changed(from, to, compare_kept) end
check.equal(nil, compare_kept((OURS:gsub('"nanos":%d+', '"nanos":42'):gsub('"id":"a"', '"id":"z"')
  :gsub('"stepDefinitionIds":%["a"%]', '"stepDefinitionIds":["z"]'):gsub('"version":"1.0"', '"version":"2.0"'))),
  "keeping: other times, ids and meta still match")
check.contains(kept('"line":1', '"line":2'), "stepDefinition.sourceReference.location.line", "keeping: a source line")
check.contains(kept('"stackTrace":"x_steps.lua:2: whoops"', '"stackTrace":"x_steps.lua:3: whoops"'),
  "exception.stackTrace", "keeping: a stack trace")
check.contains(kept('"type":"error"', '"type":"Error"'), "exception.type", "keeping: an exception's type")
check.contains(kept('"language":"lua"', '"language":"ruby"'), "snippets[0].language", "keeping: a snippet")
check.contains(kept('"timestamp":{"seconds":1764000000,"nanos":5}', '"timestamp":{"seconds":1764000000}'),
  "testRunStarted.timestamp", "keeping: a time's shape")

check.contains(check.error_of(normalize.decode, "{}\nnot json", "fscript's messages"), "fscript's messages:2:",
  "a line that is not JSON is named")

check.finish("cck_normalize_spec")

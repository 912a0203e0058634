-- Spec: cucumber's statuses and what follows from them. Each status (passed, failed, pending, skipped, undefined,
-- ambiguous) from a step, the steps after a non-passed one skipped (an undefined one stays undefined), the case's
-- status the worst; exit codes under --strict (the default: pending and undefined fail) and --no-strict; skip()
-- does not fail a run; --retry runs a failed case again and marks one that then passes flaky (the run passes),
-- but does not retry pending or undefined cases; attachments reach the JSON, cucumber JSON, HTML and JUnit reports.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")

local dir, write = runs.folder()
assert(os.execute("mkdir -p '" .. dir .. "/step_definitions'"))
write("step_definitions/steps.lua", [[
tries = 0
step("a step passes", function() end)
step("a step fails", function() error("boom", 0) end)
step("a pending step", function() return "pending" end)
step("a step pending with a reason", function() pending("not written yet") end)
step("a skipped step", function() skip() end)
step("an ambiguous step", function() end)
step("an {word} step", function() end)
step("a step that fails once", function() tries = tries + 1 if tries == 1 then error("first try", 0) end end)
step("a step attaches", function()
  attach("some text", "text/plain")
  attach("\137PNG\r\n\26\n", "image/png", "dot.png")
  log("a log line")
  link("https://example.com/run")
end)
]])

local function feature(text) write("f.feature", "Feature: statuses\n" .. text) end
local function run(extra)
  local path = dir .. "/run.json"
  local opts = { reports = { "json:" .. path } }
  for k, v in pairs(extra or {}) do opts[k] = v end
  local code, console = runs.run({ dir }, opts)
  return code, json.decode(runs.read(path)), console
end
local function statuses(case)
  local out = {}
  for _, s in ipairs(case.steps) do out[#out + 1] = s.status end
  return table.concat(out, ",")
end

feature([[
  Scenario: passed
    Given a step passes
  Scenario: failed
    Given a step fails
    And a step passes
    And an undefined step here
  Scenario: pending
    Given a pending step
    And a step passes
  Scenario: skipped
    Given a skipped step
    And a step passes
  Scenario: undefined
    Given a step that nobody wrote
    And a step passes
  Scenario: ambiguous
    Given an ambiguous step
]])
local code, doc = run()
local cases = doc.files[1].cases
local expected = {
  { "passed", "passed" }, { "failed", "failed,skipped,undefined" }, { "pending", "pending,skipped" },
  { "skipped", "skipped,skipped" }, { "undefined", "undefined,skipped" }, { "ambiguous", "ambiguous" } }
for i, e in ipairs(expected) do
  check.equal(e[1], cases[i].status, "the case's status: " .. cases[i].name)
  check.equal(e[2], statuses(cases[i]), "its steps' statuses: " .. cases[i].name)
end
check.equal(1, code, "failed and ambiguous fail the run")
check.contains(cases[6].failure.message, "matches 2 step definitions", "ambiguous says which definitions match")
check.equal(true, cases[3].steps[1].quiet, "a step that returned \"pending\" has no message of its own")
-- Every step that matches one definition names it, whatever its status (cucumber's JSON has its match.location):
-- the failed, pending and self-skipped steps and those a failure skipped; undefined and ambiguous ones name none.
local function definitions(case)
  local out = {}
  for i, s in ipairs(case.steps) do out[i] = s.definition and s.definition:match("steps%.lua:%d+$") or "-" end
  return table.concat(out, ",")
end
check.equal("steps.lua:3,steps.lua:2,-", definitions(cases[2]), "a failed step and the step it skipped name theirs")
check.equal("steps.lua:4,steps.lua:2", definitions(cases[3]), "a pending step names its definition")
check.equal("steps.lua:6,steps.lua:2", definitions(cases[4]), "a step that skipped itself names its definition")
check.equal("-", definitions(cases[6]), "an ambiguous step names none")

-- After a step that skipped itself, even an undefined step is skipped (cucumber-js); after pending it stays undefined.
feature([[
  Scenario: skipped first
    Given a skipped step
    And a step that nobody wrote
  Scenario: pending first
    Given a pending step
    And a step that nobody wrote
]])
doc = select(2, run())
check.equal("skipped,skipped", statuses(doc.files[1].cases[1]), "after skip(), an undefined step is skipped")
check.equal("pending,undefined", statuses(doc.files[1].cases[2]), "after pending, an undefined step stays undefined")
check.contains(doc.files[1].cases[2].steps[2].snippets[1], 'step("a step that nobody wrote", function()',
  "an undefined step keeps the snippet that defines it")

-- Exit codes: pending and undefined fail a strict run (the default), pass under --no-strict; skipped never fails.
feature("  Scenario: pending\n    Given a step pending with a reason\n")
code, doc = run()
check.equal(1, code, "pending fails the run by default (strict, as cucumber-js)")
check.equal("not written yet", doc.files[1].cases[1].steps[1].error, "pending(message) keeps its message")
check.equal(0, (run({ lenient = true })), "--no-strict: pending passes the run")
-- JUnit and TAP: a pending scenario is a failure under --strict, skipped under --no-strict.
local junit_path, tap_path = dir .. "/pending.xml", dir .. "/pending.tap"
run({ reports = { "junit:" .. junit_path, "tap:" .. tap_path } })
check.contains(runs.read(junit_path), '<failure message="Given a step pending with a reason: not written yet"',
  "JUnit, strict: pending is a failure")
check.contains(runs.read(tap_path), "not ok 1 - ", "TAP, strict: pending is not ok")
run({ lenient = true, reports = { "junit:" .. junit_path, "tap:" .. tap_path } })
check.contains(runs.read(junit_path), '<skipped message="pending"/>', "JUnit, --no-strict: pending is skipped")
check.contains(runs.read(tap_path), "# SKIP pending", "TAP, --no-strict: pending is a SKIP")
feature("  Scenario: undefined\n    Given nothing defines this\n")
check.equal(1, (run()), "undefined fails the run by default")
check.equal(0, (run({ lenient = true })), "--no-strict: undefined passes the run")
feature("  Scenario: skipped\n    Given a skipped step\n")
code, doc = run()
check.equal(0, code, "a skipped scenario does not fail the run")
check.equal(1, doc.skipped, "it counts as skipped")

-- Retry: a failed case runs again; failed then passed is flaky and passes; pending and undefined are not retried.
feature([[
  Scenario: flaky
    Given a step that fails once
  Scenario: pending
    Given a pending step
]])
local console
code, doc, console = run({ retry = 2 })
cases = doc.files[1].cases
check.equal(0 + 1, code, "the pending case still fails the run")
check.equal(2, #cases, "each scenario is one case, its earlier attempts inside it")
check.equal("passed", cases[1].status, "the last attempt decides")
check.equal(true, cases[1].flaky, "a case that failed then passed is flaky")
check.equal(1, #cases[1].attempts, "its failed attempt is kept")
check.equal("failed", cases[1].attempts[1].status, "with its status")
check.equal(true, cases[1].attempts[1].will_be_retried, "and that it was retried")
check.equal(nil, cases[2].attempts, "a pending case is not retried")
check.contains(console, "1 flaky", "the console counts the flaky case")
feature("  Scenario: flaky\n    Given a step that fails once\n")
local flaky_out = dir .. "/flaky"
check.equal(0, (run({ retry = 1, reports = { "json:" .. dir .. "/run.json",
  "cucumber:" .. flaky_out .. ".cucumber.json",
  "html:" .. flaky_out .. "/html", "junit:" .. flaky_out .. ".xml", "tap:" .. flaky_out .. ".tap",
  "message:" .. flaky_out .. ".ndjson" } })), "a run whose only failure passed on retry passes")
check.equal(true, json.decode(runs.read(dir .. "/run.json")).files[1].cases[1].flaky, "JSON: flaky")
check.contains(json.decode(runs.read(flaky_out .. ".cucumber.json"))[1].elements[1].description,
  "flaky: passed on attempt 2", "cucumber JSON: flaky in the description")
check.contains(runs.read(flaky_out .. "/html/index.html"), '<span class="flaky">flaky: passed on attempt 2</span>',
  "HTML: a flaky badge")
check.contains(runs.read(flaky_out .. ".xml"), "flaky: passed on attempt 2 after 1 failed",
  "JUnit: flaky in system-out")
check.contains(runs.read(flaky_out .. ".tap"), "(flaky: passed on attempt 2)", "TAP: flaky on the test point")
local stream = runs.read(flaky_out .. ".ndjson")
check.contains(stream, '"willBeRetried":true', "messages: the first attempt will be retried")
check.contains(stream, '"attempt":1', "messages: the second attempt")
check.equal(1, (run({ retry = 0 })), "without --retry it fails")

-- Attachments, on the step that made them, in every report.
feature("  Scenario: attaching\n    Given a step attaches\n")
local out = dir .. "/out"
code = run({ reports = { "json:" .. dir .. "/run.json", "cucumber:" .. out .. ".cucumber.json",
  "html:" .. out .. "/html", "junit:" .. out .. ".xml" } })
check.equal(0, code, "attaching passes")
doc = json.decode(runs.read(dir .. "/run.json"))
local attached = doc.files[1].cases[1].steps[1].attachments
check.equal(4, #attached, "four attachments on the step")
check.equal("IDENTITY", attached[1].encoding, "text stays as it is")
check.equal("BASE64", attached[2].encoding, "binary data is base64")
check.equal("dot.png", attached[2].file_name, "with its file name")
check.equal("text/x.cucumber.log+plain", attached[3].media_type, "log() is cucumber's log media type")
check.equal("text/uri-list", attached[4].media_type, "link() is a URI list")
local cucumber = json.decode(runs.read(out .. ".cucumber.json"))
local embeddings = cucumber[1].elements[1].steps[1].embeddings
check.equal(4, #embeddings, "cucumber JSON: the step's embeddings")
check.equal("image/png", embeddings[2].mime_type, "with their media types")
local html = runs.read(out .. "/html/index.html")
check.contains(html, "<pre>some text</pre>", "HTML: text inline")
check.contains(html, '<img class="attached" alt="dot.png" src="data:image/png;base64,', "HTML: an image as a data URI")
check.contains(html, '<a href="https://example.com/run">', "HTML: a link as a link")
check.contains(runs.read(out .. ".xml"), "attached: a log line", "JUnit: text attachments in system-out")

-- Support code that does not load: the run cannot start; every scenario is not run, the messages end with the
-- error as the test run's exception, and the exit code is 2 (a file did not load).
write("step_definitions/broken.lua", [[step("defined first", function() end) error("Whoops!", 0)]])
feature("  Scenario: never runs\n    Given a step passes\n")
code, doc = run({ reports = { "json:" .. dir .. "/run.json", "message:" .. dir .. "/run.ndjson" } })
check.equal(2, code, "a support file that does not load is exit 2")
local never
for _, file in ipairs(doc.files) do
  for _, case in ipairs(file.cases) do if case.name == "never runs" then never = case end end
end
check.equal("not run: a support or step definition file did not load", never and never.skip_reason,
  "the scenario is reported not run, and why")
local last = runs.read(dir .. "/run.ndjson"):match("[^\n]+\n$")
check.contains(last, '"testRunFinished"', "the stream ends with testRunFinished")
check.contains(last, '"message":"Whoops!"', "carrying the error as the run's exception")
check.equal(nil, runs.read(dir .. "/run.ndjson"):find('"testCase"', 1, true), "and no test case")
os.remove(dir .. "/step_definitions/broken.lua")

-- Misuse of the attachment functions is named.
write("step_definitions/bad.lua", [[step("a bad attachment", function() attach("x", "not a type") end)]])
feature("  Scenario: bad\n    Given a bad attachment\n")
doc = select(2, run())
check.contains(doc.files[1].cases[1].failure.message, "media_type must be a media type", "a bad media type")
os.execute("rm -rf '" .. dir .. "'")
check.finish("cucumber_statuses_spec")

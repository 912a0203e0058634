-- Spec: reports tell cases apart. Outline rows whose name does not tell them apart get the row in their name
-- (cucumber-ruby's `NAME (outline example : | a | b |)`) and cucumber's `feature;outline;examples;row` id; Background
-- steps are marked (a `background` element in cucumber's JSON); data tables and doc strings appear in the console,
-- JSON, cucumber JSON and HTML; files the tag filter left out are in no report; a step's nested steps (a screen's
-- entry) come after it, one level in.
-- luacheck: globals app (this spec puts a fake app where the host's `app` global is)
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local runner = require("fscript.runner")
local json = require("fscript.json")

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p '" .. dir .. "'")
app = require("fixtures.login_app").new()
local folder = here .. "fixtures/report_cases"
local printed = {}
local code = runner.run({ files = { folder }, tags = "not @wip", reset = false, color = false, artifacts = false,
  env = setmetatable({}, { __index = _G }), out = function(s) printed[#printed + 1] = s end,
  reports = { "junit:" .. dir .. "/r.xml", "json:" .. dir .. "/r.json", "cucumber:" .. dir .. "/c.json",
    "html:" .. dir .. "/html" } })
local console = table.concat(printed)
check.equal(0, code, "the run passes: " .. console)

local function read(name) return runs.read(dir .. "/" .. name) end

local report = json.decode(read("r.json")) or { files = {} }
local cucumber = json.decode(read("c.json")) or {}
local xml, html = read("r.xml"), read("html/index.html")
local files, cases = {}, {}
for _, file in ipairs(report.files) do
  files[#files + 1] = file.path:sub(#folder + 2)
  for _, case in ipairs(file.cases) do cases[case.name] = case end
end

-- d. Files whose scenarios --tags all left out are in no report.
check.equal("cases.feature navigation.lua", table.concat(files, " "), "the JSON report lists the files that ran")
local uris = {}
for i, feature in ipairs(cucumber) do uris[i] = feature.uri:sub(#folder + 2) end
check.equal("cases.feature navigation.lua", table.concat(uris, " "), "cucumber's JSON has no empty feature")
check.truthy(not xml:find("excluded", 1, true), "no JUnit testsuite for a left-out file")
check.truthy(not html:find("excluded", 1, true), "no HTML section for a left-out file")
check.truthy(not console:find("excluded", 1, true), "the console does not list a left-out file: " .. console)

-- a. Outline rows: distinct names in every report, cucumber-ruby's ids.
local outline = {
  "adding a row (outline example : | alice | 3 |)", "adding a row (outline example : | bob | 4 |)",
  "adding a row (outline example : | carol | 5 |)", "counting to 1", "counting to 2",
}
for _, name in ipairs(outline) do
  check.truthy(cases[name], "the JSON report has the case " .. name)
  check.contains(xml, ('<testcase name="%s"'):format(name), "JUnit has the case " .. name)
  check.contains(html, name, "the HTML report has the case " .. name)
  check.contains(console, "Scenario: " .. name, "the console says which row ran: " .. name)
end
local ids, names = {}, {}
for _, element in ipairs(cucumber[1] and cucumber[1].elements or {}) do
  if element.type == "scenario" then
    ids[#ids + 1] = element.id
    names[#names + 1] = element.name
  end
end
check.equal(table.concat({ "cases-told-apart;adding-a-row;people;2", "cases-told-apart;adding-a-row;people;3",
  "cases-told-apart;adding-a-row;more-people;2", "cases-told-apart;counting-to-<n>;;2",
  "cases-told-apart;counting-to-<n>;;3", "cases-told-apart;a-table-and-a-doc-string" }, "\n"),
  table.concat(ids, "\n"), "cucumber's ids: feature;outline;examples;row (the header is row 1)")
check.equal(table.concat(outline, "\n") .. "\na table and a doc string", table.concat(names, "\n"),
  "cucumber's element names tell the rows apart")

-- b. Background steps are marked.
local row = cases[outline[1]] or { steps = {} }
check.equal(true, row.steps[1] and row.steps[1].background, "a Background step is marked in the JSON report")
check.equal(nil, row.steps[2] and row.steps[2].background, "a scenario's own step is not")
check.contains(console, "✔ Given the sum is reset  (background)", "the console marks a Background step")
check.contains(html, '<span class="note">(background)</span>', "the HTML report marks a Background step")
local first, second = cucumber[1] and cucumber[1].elements[1] or {}, cucumber[1] and cucumber[1].elements[2] or {}
check.equal("background", first.type, "cucumber's JSON: a background element before the scenario")
check.equal("Background a clean slate 5 the sum is reset", ("%s %s %s %s"):format(first.keyword, first.name,
  first.line, first.steps and first.steps[1] and first.steps[1].name), "the background element: the Background's")
check.equal("passed", first.steps and first.steps[1] and first.steps[1].result.status, "its step's result")
check.equal("scenario I add \"alice\" with 3", ("%s %s"):format(second.type, second.steps and second.steps[1]
  and second.steps[1].name), "the scenario element holds only the scenario's own steps")

-- c. Data tables and doc strings.
local doc_case = cases["a table and a doc string"] or { steps = {} }
local table_step, note_step = doc_case.steps[2] or {}, doc_case.steps[3] or {}
check.equal('[["name","age"],["alice","3"]]', json.encode(table_step.data_table), "the JSON report's data table")
check.equal('{"a": 1}', note_step.doc_string, "the JSON report's doc string")
check.contains(console, "| name  | age |\n", "the console shows the data table, columns padded")
check.contains(console, '"""\n', "the console shows the doc string between fences")
check.contains(console, '{"a": 1}\n', "the console shows the doc string's text")
check.contains(html, '<table class="data"><tr><td>name</td><td>age</td></tr>', "the HTML report's data table")
check.contains(html, '<pre class="doc">{&quot;a&quot;: 1}</pre>', "the HTML report's doc string")
check.contains(xml, "| alice | 3   |", "JUnit's system-out shows the data table")
local lua_feature = cucumber[2] or { elements = {} }
local lua_step = {}
for _, element in ipairs(lua_feature.elements) do
  if element.name == "a Lua data table" then lua_step = element.steps[1] end
end
check.equal('[{"cells":["name","age"]},{"cells":["alice","3"]}]', json.encode(lua_step.rows),
  "cucumber's JSON: a Lua step's data table as rows")

-- e. A step run by a screen's entry comes after the step that ran it, one level in.
local walk = cases["walking to Home"] or { steps = {} }
local order = {}
for i, step in ipairs(walk.steps) do order[i] = ("%d %s %s"):format(step.depth, step.keyword, step.text) end
check.equal(table.concat({ "0 Given I am on the Home screen", '1 When I type "secret" into the "Password" text field',
  '1 And I touch the button marked "Log In"', '0 Then I should see "Welcome"' }, "\n"), table.concat(order, "\n"),
  "the JSON report lists the parent step first, its nested steps after it")
local parent_at = console:find("✔ Given I am on the Home screen", 1, true)
local child_at = console:find('    ✔ When I type "secret"', 1, true)
check.truthy(parent_at and child_at and parent_at < child_at, "the console shows the parent step first: " .. console)
local parent_xml = xml:find("✔ Given I am on the Home screen", 1, true)
local child_xml = xml:find("  ✔ When I type &quot;secret&quot;", 1, true)
check.truthy(parent_xml and child_xml and parent_xml < child_xml, "JUnit's system-out shows the parent step first")

os.execute("rm -rf '" .. dir .. "'")
check.finish("report_cases_spec")

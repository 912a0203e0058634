-- Spec: JUnit XML (well-formed, failure message names the step), TAP shape, JSON report, artifacts.
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
local env = setmetatable({}, { __index = _G })
local code = runner.run({ files = { here .. "fixtures/reported.lua" }, env = env, color = false,
  reports = { "junit:" .. dir .. "/r.xml", "tap:" .. dir .. "/r.tap", "json:" .. dir .. "/r.json" },
  artifacts = dir .. "/art", out = function() end })
check.equal(1, code, "one scenario failed")

local function read(name) return runs.read(dir .. "/" .. name) end

local xml = read("r.xml")
local parsed = os.execute(("python3 -c 'import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])' %s 2>&1")
  :format(dir .. "/r.xml"))
check.truthy(parsed, "JUnit XML parses (python3 xml.dom.minidom)")
check.truthy(xml:find('<testsuite name="' .. here .. 'fixtures/reported.lua" tests="2" failures="1"', 1, true),
  "one testsuite per file with counts")
check.truthy(xml:find('<testcase name="passes &lt;&amp;&gt;"', 1, true), "names are escaped")
check.truthy(xml:find('<failure message="Then I should see &quot;Welcome, &lt;bob&gt; &amp; co&quot;: Expected to see',
  1, true), "the failure message names the step")
check.truthy(xml:find("<system-out>", 1, true) and not xml:find("\1", 1, true), "system-out without control bytes")

local tap = read("r.tap")
local lines = {}
for l in tap:gmatch("[^\n]+") do lines[#lines + 1] = l end
check.equal("TAP version 13", lines[1], "TAP header")
check.equal("1..2", lines[2], "TAP plan")
check.equal("ok 1 - " .. here .. "fixtures/reported.lua: passes <&>", lines[3], "TAP ok line")
check.equal("not ok 2 - " .. here .. 'fixtures/reported.lua: fails "quoted"', lines[4], "TAP not ok line")
check.equal("  ---", lines[5], "TAP YAML block opens")
check.equal("  ...", lines[#lines], "TAP YAML block closes")

local report = json.decode(read("r.json"))
check.equal(1, report and report.failed, "JSON report counts")
check.equal("failed", report and report.files[1].cases[2].status, "JSON case status")
check.equal([[Then I should see "Welcome, <bob> & co"]], report and report.files[1].cases[2].failure.step,
  "JSON failure step")

local art = dir .. "/art/reported/fails_quoted"
check.truthy(json.decode(read("art/reported/fails_quoted/dump.json")), "dump.json artifact is JSON: " .. art)
check.equal("\137PNG fake", read("art/reported/fails_quoted/screen.png"), "screen.png artifact from app:screenshot")

os.execute("rm -rf '" .. dir .. "'")
check.finish("reports_spec")

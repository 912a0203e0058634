-- Spec: traces (`--trace`) against the embedded simulator with a mock backend: retain-on-failure keeps a failed
-- scenario's trace and not a passing one's, `on` keeps both, `off` none; the failing step's trace holds its
-- text and line, pictures before and after that differ, the frame of the button it touched, the login request the
-- app sent during it (and the near miss of the one no stub answered) and what it printed; steps that change
-- nothing store no new picture; app: actions outside a step (a query's touch too) are steps of their own; a wait
-- for idle records what kept the app busy; `--screenshots every-step` writes a picture per step for passing
-- scenarios too; show-trace checks a file.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local trace_file = require("fscript.trace.file")
local json = require("fscript.json")

local dir, write = runs.folder()
-- The failing scenario is the shell check's fixture (its last step on line 14), then scenarios of this spec's own.
local fixture = assert(io.open(here .. "../cli/fixtures/trace/wrong_welcome.lua", "rb"))
local failing = fixture:read("a")
fixture:close()
local suite = write("login_trace.lua", failing .. [=[

scenario("nothing changes", function()
  Then 'I should see "Log In"'
  Then 'I should see "Log In"'
  Then 'I should see "Log In"'
  app:touch("textField marked:'User name'")
  app:lookup("textField marked:'Password'"):touch()
end)

step("I log in and wait until the app is idle", function()
  app:touch("button marked:'Log In'")
  app:wait_for_idle{ timeout = 5 }
end)

scenario("a plain failure", function()
  assert(false, "nothing here uses the app")
end)

scenario("a slow login", function()
  Given "the app uses a mock backend"
  And [[the backend answers POST /api/login with status 200 and JSON '{"name":"alice"}' after 0.3 seconds]]
  When 'I log in and wait until the app is idle'
end)
]=])

local function trace_of(art, name)
  return ("%s/login_trace/%s/trace.html"):format(art, name)
end

local function exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- retain-on-failure (the default): the failed scenario's trace only, named on the console.
local art = dir .. "/default"
local code, console = runs.run({ suite }, { artifacts = art })
check.equal(1, code, "one scenario fails")
check.truthy(exists(trace_of(art, "a_wrong_welcome")), "the failed scenario's trace is kept")
check.truthy(not exists(trace_of(art, "nothing_changes")), "the passing scenario's trace is not kept")
check.truthy(not exists(trace_of(art, "a_plain_failure")), "a failure that used no app and no mock leaves no trace")
check.contains(console, "trace: " .. trace_of(art, "a_wrong_welcome"), "the console says where the trace is")

local data, trace = trace_file.read(trace_of(art, "a_wrong_welcome"))
check.truthy(data, "the trace reads back: " .. tostring(trace))
local whole = json.decode(data)
check.equal("a wrong welcome", trace.scenario, "the trace names its scenario")
check.equal("failed", trace.status, "the trace says the scenario failed")
local last
for _, step in ipairs(trace.steps) do
  if step.text == 'I log in and should be welcomed as "bob"' then last = step end
end
check.truthy(last, "the failing step is in the trace")
check.equal("failed", last.status, "the failing step failed")
check.contains(last.where, "login_trace.lua:14", "the step's source line")
check.truthy(last.duration > 0 and last.start > 0, "the step's start and duration")
check.truthy(last.before and last.before.picture and last.after and last.after.picture, "pictures before and after")
check.truthy(last.before.picture ~= last.after.picture, "the pictures differ: the app moved to the home screen")
check.truthy(whole.pictures[last.before.picture]:find("^iVBORw0KGgo"), "the pictures are PNGs in base64")
check.equal(1, #last.actions, "the step's one app: action")
check.equal("touch", last.actions[1].action, "the action is the touch")
check.equal("button marked:'Log In'", last.actions[1].selector, "the touch's selector")
check.truthy(last.actions[1].frame and last.actions[1].frame.width > 0, "the touched button's frame, to outline")
-- The login, then the home screen's items, which no stub answers.
check.equal(2, #last.requests, "the requests the app sent during the step")
local login, items = last.requests[1], last.requests[2]
check.equal("POST /api/login", login.method .. " " .. login.path, "the login request")
check.equal(200, login.status, "the mock's answer")
check.contains(login.body, '"user":"alice"', "its body")
check.equal("POST /api/login", login.stub, "the stub that answered")
check.equal("GET /api/items", items.method .. " " .. items.path, "the items request")
check.equal(404, items.status, "no stub answered it")
check.contains(items.near_miss, "Closest stub: POST /api/login", "its near miss")
check.equal("logging in", last.output[1], "what the step printed")
local tree = whole.trees[last.after.tree]
check.contains(json.encode(tree), "Welcome, alice", "the view tree after the step")

-- on: every scenario's trace; unchanged steps store no new picture; an action outside a step is a step.
art = dir .. "/on"
code = runs.run({ suite }, { artifacts = art, trace = "on" })
check.equal(1, code, "the same failure")
check.truthy(exists(trace_of(art, "a_wrong_welcome")), "on keeps the failed scenario's trace")
data, trace = trace_file.read(trace_of(art, "nothing_changes"))
check.truthy(data, "on keeps the passing scenario's trace: " .. tostring(trace))
check.equal(5, #trace.steps, "three steps and two actions")
check.equal("action", trace.steps[4].kind, "the touch outside a step is recorded as one")
check.equal("app:touch(\"textField marked:'User name'\")", trace.steps[4].text, "an action's text")
check.equal("textField marked:'Password'", trace.steps[5].actions[1].selector, "a query's touch is an action too")
whole = json.decode(data)
check.equal(trace.steps[1].after.picture, trace.steps[3].after.picture, "an unchanged screen is the same picture")
check.truthy(#whole.pictures <= 3, "unchanged steps stored no new pictures (" .. #whole.pictures .. " stored)")
-- A wait for idle names what kept the app busy: the login waiting for the mock's delayed answer.
data, trace = trace_file.read(trace_of(art, "a_slow_login"))
check.truthy(data, "on keeps the slow login's trace: " .. tostring(trace))
local waited = trace.steps[#trace.steps]
local busy = json.encode(waited.busy or {})
check.contains(busy, "network POST /api/login", "the busy reasons the wait saw: the login in flight")

-- off: no trace at all.
art = dir .. "/off"
code = runs.run({ suite }, { artifacts = art, trace = "off" })
check.equal(1, code, "the same failure")
check.truthy(not exists(trace_of(art, "a_wrong_welcome")), "off keeps no trace")

-- every-step: a picture per step of the passing scenario too, written once per distinct picture.
art = dir .. "/steps"
code = runs.run({ suite }, { artifacts = art, trace = "off", screenshots = "every-step",
  reports = { "html:" .. art .. "/report" } })
check.equal(1, code, "the same failure")
local first = ("%s/login_trace/nothing_changes/steps/01.png"):format(art)
check.truthy(exists(first), "every-step keeps the passing scenario's pictures")
check.truthy(not exists(("%s/login_trace/nothing_changes/steps/02.png"):format(art)), "an unchanged one once")
check.contains(runs.read(art .. "/report/index.html"), 'class="filmstrip"', "the report shows a filmstrip")

-- A bad mode is refused before anything runs.
code = runs.run({ suite }, { artifacts = dir .. "/bad", trace = "always" })
check.equal(2, code, "a bad --trace is a usage error")

-- show-trace: a valid file passes, a missing or foreign one is refused with the reason.
local show = require("fscript.trace.show")
local said = {}
local function capture(s) said[#said + 1] = s end
check.equal(0, show.main(trace_of(dir .. "/on", "a_wrong_welcome"), { out = capture, err = capture, tty = false }),
  "a valid trace")
check.contains(table.concat(said), "a wrong welcome: failed", "show-trace summarises the trace")
said = {}
check.equal(2, show.main(dir .. "/missing.html", { out = capture, err = capture, tty = false }), "a missing file")
check.contains(table.concat(said), "cannot read the file " .. dir .. "/missing.html: No such file or directory",
  "a missing file is named, with the reason")
said = {}
check.equal(2, show.main(suite, { out = capture, err = capture, tty = false }), "a file that is no trace")
check.contains(table.concat(said), "is not an fscript trace", "a foreign file is named")

os.execute("rm -rf '" .. dir .. "'")
check.finish("trace_spec")

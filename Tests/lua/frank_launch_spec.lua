-- Spec: frank.launch relaunches the embedded simulator with a fresh state, another app file and a launch
-- environment, and updates the global `app`; frank.connect drives the same server by URL.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local error_of = support.error_of

local preset = app
local launched = frank.launch({ app = here .. "fixtures/frank_tiny_app.lua", env = { GREETING = "Hello" } })
check.truthy(launched == app, "launch returns the global app")
check.truthy(preset == app, "the preset app object stays the one global")
check.equal("Hello", app:lookup("label"):texts()[1], "the launch environment reaches the app")
app:touch("button marked:'Count'")
check.equal("1", app:lookup("label"):texts()[2], "the app changes state")

frank.launch({ env = { GREETING = "Again" } })
check.equal("Again", app:lookup("label"):texts()[1], "a new environment, the same app file")
check.equal("0", app:lookup("label"):texts()[2], "launch starts from a fresh state")

local other = frank.connect(app.url)
check.equal("Again", other:lookup("label"):texts()[1], "frank.connect drives the same server by URL")
local fresh = frank.connect(app.url, { reuse = false })
check.equal(1, fresh:lookup("button marked:'Count'"):count(), "a client without connection reuse")

frank.launch({ app = here .. "../../scripts/apps/demo.lua" })
check.equal("Welcome to the demo", app:lookup("label"):texts()[1], "back to the demo app")
check.contains(error_of(frank.launch, { app = "/nonexistent/app.lua" }), "/nonexistent/app.lua",
  "a missing app file names the path")
check.equal("Welcome to the demo", app:lookup("label"):texts()[1], "a failed launch keeps the old app running")

check.finish("frank_launch_spec")

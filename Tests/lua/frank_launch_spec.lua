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

-- The scenario's launch environment: what frank.launch{env} adds is kept by later relaunches (the mock backend's
-- BACKEND_URL survives "I launch the app"), frank.reset() forgets it, keep_env = false drops it.
local tiny = here .. "fixtures/frank_tiny_app.lua"
frank.launch({ app = tiny, env = { GREETING = "Kept" } })
frank.launch({})
check.equal("Kept", app:lookup("label"):texts()[1], "a relaunch keeps the scenario's launch environment")
frank.launch({ env = { OTHER = "x" }, keep_env = false })
check.truthy(app:lookup("label"):texts()[1] ~= "Kept", "keep_env = false drops the scenario's environment")
frank.launch({ env = { GREETING = "Kept" } })
check.truthy(frank.reset({ keep_env = true }), "a reset that keeps the scenario's environment")
check.equal("Welcome to the demo", app:lookup("label"):texts()[1], "a reset goes back to the run's app file")
frank.launch({ app = tiny })
check.equal("Kept", app:lookup("label"):texts()[1], "a reset with keep_env kept the scenario's environment")
frank.reset()
frank.launch({ app = tiny })
check.truthy(app:lookup("label"):texts()[1] ~= "Kept", "frank.reset() forgets the scenario's environment")

-- A lazy launch waits for the app's first use, so what comes first (a mock, its stubs) is in place.
app:touch("button marked:'Count'")
check.equal(false, frank.launch_pending(), "nothing waits after a launch")
frank.reset({ lazy = true })
check.equal(true, frank.launch_pending(), "a lazy reset waits")
frank.launch({ env = { GREETING = "Lazy" }, lazy = true })
check.equal(true, frank.launch_pending(), "a lazy launch joins the waiting one")
check.equal("Welcome to the demo", app:lookup("label"):texts()[1], "the first use launched the run's app")
check.equal(false, frank.launch_pending(), "nothing waits once the app was used")

check.contains(error_of(frank.launch, { lazzy = true }), "unknown option 'lazzy'", "a misspelt option is refused")
check.contains(error_of(frank.reset, { lazy = "yes" }), "lazy must be a boolean", "options are checked")

check.finish("frank_launch_spec")

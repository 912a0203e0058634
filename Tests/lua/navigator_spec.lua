-- Spec: screens and the navigator (current screen by traits, shortest path by BFS, clear errors).
-- luacheck: globals app (this spec puts a fake app where the host's `app` global is)
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local screens = require("fscript.screens")
local config = require("fscript.config")

config.set({ wait = 0.05, validation = 0.05 })
local walked = {}
local nav = screens.new(function(text) walked[#walked + 1] = text end)
nav:declare({ name = "Login", trait = "view marked:'Log In'" })
nav:declare({ name = "Home", trait = "view marked:'Welcome'", entry = { from = "Login", steps = { "log in" } } })
nav:declare({ name = "Settings", trait = "label marked:'Settings'", entry = {
  { from = "Detail", steps = { "long way" } },
  { from = "Home", steps = { "touch settings" } },
} })
nav:declare({ name = "Detail", trait = "label marked:'Detail'", entry = { from = "Home", steps = { "touch cell" } } })
nav:declare({ name = "Island", trait = "view marked:'Island'" })

local function names(chain)
  local out = {}
  for _, hop in ipairs(chain or {}) do out[#out + 1] = hop.screen.name .. "<" .. hop.entry.steps[1] end
  return table.concat(out, ",")
end
check.equal("Home<log in,Settings<touch settings", names(nav:path("Login", "Settings")),
  "the shortest chain is taken, not the first declared entry")
check.equal("Home<log in,Detail<touch cell", names(nav:path("Login", "Detail")), "two hops")
check.equal("", names(nav:path("Home", "Home")), "no hops to the same screen")
check.equal(nil, nav:path("Login", "Island"), "no chain to an unreachable screen")

-- Walking it against the fake target: the steps run, then each trait is awaited.
app = require("fixtures.login_app").new()
local session = require("fscript.session").new()
session.navigator:declare({ name = "Login", trait = "view marked:'Log In'" })
session.navigator:declare({ name = "Home", trait = "view marked:'Welcome'", entry = { from = "Login", steps = {
  [[When I type "alice" into the "Username" text field]], [[And I type "secret" into the "Password" text field]],
  [[And I touch the button marked "Log In"]] } } })
session.navigator:declare({ name = "Settings", trait = "label marked:'Settings'",
  entry = { from = "Home", steps = { [[I touch "Settings"]] } } })
session:run_step("Given", "I am on the Settings screen")
check.equal("Settings", app.screen, "walked Login → Home → Settings")
check.equal("Welcome, alice", (function() app:show("Home") return app.root.subviews[1].text end)(),
  "the typed user name reached the app")

app = require("fixtures.login_app").new()
local ok, err = pcall(session.run_step, session, "Given", "I am on the Narnia screen")
check.equal(false, ok, "unknown screen fails")
check.equal([[Given I am on the Narnia screen: Unknown screen "Narnia"; known screens: Login (view marked:'Log In'), ]]
  .. [[Home (view marked:'Welcome'), Settings (label marked:'Settings')]], tostring(err), "unknown screen message")

session.navigator:declare({ name = "Island", trait = "view marked:'Island'" })
err = select(2, pcall(session.run_step, session, "Given", "I am on the Island screen"))
check.contains(tostring(err), "No way from the Login screen to the Island screen", "no path names both screens")
check.contains(tostring(err), "known screens: Login", "no path lists the known screens")

app:show("Detail")
err = select(2, pcall(session.run_step, session, "Given", "I am on the Home screen"))
check.contains(tostring(err), "Cannot tell which screen is on display: no screen's trait matches",
  "no trait matches")

check.finish("navigator_spec")

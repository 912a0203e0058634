-- Spec: the built-in steps against the fake target (typing, touching, alerts, switches, orientation,
-- navigation) and their luassert-shaped failure messages.
-- luacheck: globals app (this spec puts a fake app where the host's `app` global is)
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
require("fscript.config").set({ wait = 0.05, validation = 0.05 })
app = require("fixtures.login_app").new()
local session = require("fscript.session").new()

local function passes(text, data)
  local ok, err = pcall(session.run_step, session, "When", text, data)
  if not ok then check.fail(text, "  raised: " .. tostring(err)) else check.passes = check.passes + 1 end
end
local function fails(text)
  local ok, err = pcall(session.run_step, session, "Then", text)
  check.equal(false, ok, text .. " fails")
  return tostring(err)
end

passes([[I type "bob" into the "Username" text field]])
passes([[I should see the text field "Username" with text "bob"]])
check.equal([[Then I should see the text field "Username" with text "alice": Expected the text of ]]
  .. [["textField placeholder:'Username' first" to be "alice"; passed in: "bob"]],
  fails([[I should see the text field "Username" with text "alice"]]), "luassert-shaped text message")
check.equal([[Then I touch the button marked "Nope": Expected to find a button marked "Nope" to touch within ]]
  .. [[0.05 s; nothing matches "button marked:'Nope'"; the screen shows: "Login", "Log In", "bob"]],
  fails([[I touch the button marked "Nope"]]), "not found names the selector and what the screen shows")
passes([[I touch the button marked "Log In"]])
passes([[I should see an alert view titled "Login Failed"]])
passes([[I touch the "OK" alert view button]])
passes([[I should not see an alert view]])

app:show("Settings")
passes([[switch "Notifications" should be off]])
passes([[I flip switch "Notifications"]])
passes([[switch "Notifications" should be on]])
passes([[I flip switch "Notifications" off]])
check.contains(fails([[switch "Notifications" should be on]]),
  [[Expected switch "Notifications" (view:'UISwitch' marked:'Notifications') to be on; passed in: off]],
  "switch message")
passes("the device is in a landscape orientation")
check.equal("landscape_left", app.orientation_name, "rotated to landscape")
passes("I navigate back")
check.equal("Home", app.screen, "back went home")
passes("I touch the 2nd table cell")
check.equal("Pears", app.touches[#app.touches], "2nd table cell is index:1")
app:show("Home")
passes("I should see the following:", { "Apples", { "Pears" } })
check.contains(fails([[I should see "Bananas"]]), [[Expected to see "Bananas"]], "should see message")
check.contains(fails("the app sent GET /api/items"), "no mock backend for this scenario", "backend must be named")

-- "1 time" and "2 times": the count step reads as English either way, and so does its message.
local backend = require("fscript.backend")
local server = mock.start{}
backend.use(server)
local pipe = assert(io.popen(("curl -s -o /dev/null %s/api/items"):format(server.url)))
pipe:close()
passes("the app sent GET /api/items 1 time")
passes("the app sent GET /api/items 1 times")
check.contains(fails("the app sent GET /api/items 2 times"), "Expected the app to send GET /api/items 2 times",
  "2 times in the message")
check.contains(fails("the app sent GET /api/cart 1 time"),
  "Expected the app to send GET /api/cart 1 time, but received 0.", "1 time in the message")
backend.reset()
server:stop()

-- What "the screen shows" lists is what a person sees: a hidden view's label and text are left out.
app = require("fixtures.fake_app").new({ Hidden = function()
  return { { class = "UILabel", label = "Shown", text = "Shown" },
    { class = "UILabel", label = "Ghost", text = "Ghost text", hidden = true } }
end }, "Hidden")
check.equal([[Then I touch the button marked "Nope": Expected to find a button marked "Nope" to touch within ]]
  .. [[0.05 s; nothing matches "button marked:'Nope'"; the screen shows: "Shown"]],
  fails([[I touch the button marked "Nope"]]), "the screen shows only visible views")
app = require("fixtures.login_app").new()

check.finish("catalog_spec")

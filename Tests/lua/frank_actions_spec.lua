-- Spec: the frank.App gestures and device calls against the embedded simulator's demo app: touch, typing,
-- double_tap, touch_and_hold, swipe, drag, scroll_to, set_slider, orientation, app_exec, version, device,
-- screenshot.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")

-- typing and touching: log in
support.fresh()
check.equal(1, app:touch("textField marked:'User name'"), "touch returns the number of views touched")
app:type("bob")
check.equal("bob", app:map("textField marked:'User name'", "text")[1], "type: into the focused field")
app:type("\b\b\bcarol")
check.equal("carol", app:map("textField marked:'User name'", "text")[1], "type: \\b deletes")
app:type_into("textField marked:'Password'", "secret")
app:touch("button marked:'Log In'")
local welcome = app:wait_for("label text:'Welcome, carol'")
check.equal("frank.Query", getmetatable(welcome).__name, "wait_for returns a query")
check.equal("carol", app:app_exec("currentUser"), "app_exec returns the app's value")

-- the table of items, loaded after a delay
app:wait_for_idle({ timeout = 5 })
check.equal(3, app:lookup("tableViewCell"):count(), "the items arrived")
check.equal("Bread", app:lookup("tableViewCell"):index(2):lookup("label"):texts()[1], "a cell's label via a chain")
app:scroll_to("tableViewCell label text:'Coffee'")
check.equal(1, app:swipe("tableView", "up"), "swipe")
app:touch("tableViewCell label text:'Bread'")
app:wait_for("label text:'1 loaf'")
app:touch("button marked:'Add to Basket'")
app:wait_for_idle({ timeout = 5 })
check.equal("In basket", app:lookup("label text:'In basket'"):texts()[1], "the animation finished")

-- settings: switches and the slider
support.fresh("dave")
app:touch("button marked:'Settings'")
app:wait_for("view:'UISwitch' marked:'Notifications'")
local function on(label) return app:map("view:'UISwitch' marked:'" .. label .. "'", "isOn")[1] end
check.equal(true, on("Notifications"), "switch starts on")
app:touch("view:'UISwitch' marked:'Notifications'")
check.equal(false, on("Notifications"), "touch toggles a switch")
app:double_tap("view:'UISwitch' marked:'Dark mode'")
check.equal(false, on("Dark mode"), "double_tap toggles twice")
app:touch_and_hold("view:'UISwitch' marked:'Dark mode'", 0.1)
check.equal(true, on("Dark mode"), "touch_and_hold without a hold behaviour touches")
app:set_slider("view:'UISlider'", 0.7)
check.equal(0.7, app:map("view:'UISlider'", "value")[1], "set_slider")
local slider = app:lookup("view:'UISlider'"):frames()[1]
app:drag("view:'UISlider'", { to = { x = slider.origin.x + slider.size.width / 4, y = slider.origin.y } })
check.equal(0.25, app:map("view:'UISlider'", "value")[1], "drag a slider to a point")
app:drag("view:'UISlider'", { to = "view:'UISwitch' marked:'Notifications'" })
check.truthy(app:map("view:'UISlider'", "value")[1] > 0.25, "drag to another view's centre")

-- device
check.equal("portrait", app:orientation(), "orientation starts portrait")
app:set_orientation("landscape_left")
check.equal("landscape_left", app:orientation(), "set_orientation")
app:set_orientation("PORTRAIT")
check.equal("portrait", app:orientation(), "set_orientation ignores case")
check.equal("string", type(app:version()), "version")
check.equal("iphone", app:device().device, "device")
check.equal("reset", app:app_exec("resetData"), "app_exec with a string result")

-- screenshot
local path = os.tmpname()
check.equal(path, app:screenshot(path), "screenshot returns the path")
local file = assert(io.open(path, "rb"))
check.equal("\137PNG", file:read(4), "screenshot writes a PNG")
file:close()
os.remove(path)
check.equal("\137PNG", app:screenshot():sub(1, 4), "screenshot without a path returns the bytes")

-- Actions are strict: a selector that matches several views fails listing them, before anything is touched.
frank.launch{}
local ok, err = pcall(app.touch, app, "textField")
check.equal(false, ok, "two text fields: touch refuses")
check.equal("touch: \"textField\" matches 2 views ('User name', 'Password'); an action needs one. Narrow the "
  .. "selector (a marked: filter, or first, or index:N), or pass {all = true} to act on every match",
  tostring(err):gsub("^[^:]+:%d+: ", ""), "the refusal lists the matches and says what to do")
-- Views with the same label are told apart by class and identifier (it listed 'Log In', 'Log In', 'Log In').
ok, err = pcall(app.touch, app, "view marked:'Log In'")
check.equal(false, ok, "three views marked Log In: touch refuses")
check.equal("touch: \"view marked:'Log In'\" matches 3 views ('Log In' UIButton #login, 'Log In' "
  .. "UINavigationItemView, 'Log In' UILabel); an action needs one. Narrow the selector (a marked: filter, or first, "
  .. "or index:N), or pass {all = true} to act on every match",
  tostring(err):gsub("^[^:]+:%d+: ", ""), "the refusal tells same-labelled views apart")
check.equal(1, app:touch("textField first"), "first narrows to one")
check.equal(1, app:touch("textField index:1"), "index: narrows to one")
check.equal(2, app:touch("textField", { all = true }), "{all = true} touches every match, as Frank does")
check.equal(2, app:lookup("textField"):touch({ all = true }), "queries take {all = true} too")
ok, err = pcall(app.touch, app, "textField", { every = true })
check.truthy(not ok and tostring(err):find("unknown option 'every'", 1, true),
  "unknown options are named: " .. tostring(err))

check.finish("frank_actions_spec")

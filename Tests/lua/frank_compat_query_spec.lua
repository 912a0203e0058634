-- Spec: fscript.frank_compat's frank_helper.rb queries and checks (frank_compat/query.lua) against the embedded
-- simulator, asserting what a Frank user checks: touch returns one result per touched view and raises Frank's
-- messages, the check_* helpers fail with Frank's messages, frankly_map and app_exec check the signature as
-- Frank's Gateway does. A recording stand-in target covers the answers the simulator never gives (a view that
-- answers false to touch).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local F = require("fscript.frank_compat")
-- Points the global app (the current target) at a stand-in, or back.
local function use(target) rawset(_G, "app", target) end
local APP = here .. "fixtures/frank_compat_app.lua"
local function note() return app:map("label", "text")[1] end
local function launch() frank.launch({ app = APP }) end

-- install: the helpers become globals, as Frank's are mixed into cucumber's world
local env = {}
check.equal(F, F.install(env), "install returns the module")
check.equal(F.touch, env.touch, "install sets touch")
check.equal(F.wait_until, env.wait_until, "install sets wait_until")
check.equal(nil, env.install, "install does not install itself")

-- frankly_map
launch()
check.equal("Hello", F.frankly_map("label", "text")[1], "frankly_map: the method's result per match")
check.equal(0, #F.frankly_map("view marked:'Nothing here'", "text"), "frankly_map: no match, no results")
check.contains(support.error_of(F.frankly_map, "textField", "setText:"),
  "The method you've specified - setText: - wants 1 arguments, but you've supplied 0 arguments.",
  "frankly_map: Frank's argument count check")
check.contains(support.error_of(F.frankly_map, "textField", "setText:x", "a"),
  "Objective C method signatures which take parameters must end with a :", "frankly_map: Frank's signature check")

-- touch
local touched = F.touch("button marked:'Touch me'")
check.equal(1, #touched, "touch: one result per touched view")
check.equal(true, touched[1], "touch: the view answered true")
check.equal("touched", note(), "touch: the button's action ran")
check.contains(support.error_of(F.touch, "button marked:'Nowhere'"),
  "could not find anything matching [button marked:'Nowhere'] to touch; the screen shows: \"touched\"",
  "touch: Frank's message, then what the screen shows")

-- fill_in
F.fill_in("Name", { with = "Pete" })
check.equal("Pete", F.frankly_map("textField", "text")[1], "fill_in: sets the text")
check.contains(support.error_of(F.fill_in, "Name", "Pete"), "Must pass a table containing the key with",
  "fill_in: Frank's message for a missing :with")
check.equal("could not find text fields with placeholder 'Age'", support.error_of(F.fill_in, "Age", { with = "9" }),
  "fill_in: Frank's message for no field")

-- existence and visibility
check.equal(true, F.element_exists("button marked:'Secret'"), "element_exists: a hidden view exists")
check.equal(false, F.element_exists("button marked:'Nowhere'"), "element_exists: false without a match")
check.equal(false, F.element_is_not_hidden("button marked:'Secret'"), "element_is_not_hidden: hidden")
check.equal(true, F.element_is_not_hidden("button marked:'Touch me'"), "element_is_not_hidden: visible")
F.check_element_exists("button marked:'Touch me'")
check.contains(support.error_of(F.check_element_exists, "button marked:'Nowhere'"),
  "Could not find element matching selector (button marked:'Nowhere'); the screen shows: \"touched\"",
  "check_element_exists: Frank's message and what the screen shows")
F.check_element_exists_and_is_visible("button marked:'Touch me'")
check.equal("Could not find visible element matching selector (button marked:'Secret')",
  support.error_of(F.check_element_exists_and_is_visible, "button marked:'Secret'"),
  "check_element_exists_and_is_visible: Frank's message for a hidden view")
F.check_element_does_not_exist("button marked:'Nowhere'")
check.equal("Found element matching selector when it should not exist (button marked:'Secret')",
  support.error_of(F.check_element_does_not_exist, "button marked:'Secret'"),
  "check_element_does_not_exist: Frank's message")
F.check_element_does_not_exist_or_is_not_visible("button marked:'Secret'")
check.equal("Found visible element matching selector when it should not be visible (button marked:'Touch me')",
  support.error_of(F.check_element_does_not_exist_or_is_not_visible, "button marked:'Touch me'"),
  "check_element_does_not_exist_or_is_not_visible: Frank's message")

-- marks and quotes
check.equal("'", F.get_selector_quote("Touch me"), "get_selector_quote: single quotes")
check.equal('"', F.get_selector_quote("Don't"), "get_selector_quote: double quotes around a '")
check.equal(true, F.view_with_mark_exists("Touch me"), "view_with_mark_exists")
check.equal(false, F.view_with_mark_exists("Don't"), "view_with_mark_exists: a mark with a quote")
F.check_view_with_mark_exists("Touch me")
check.contains(support.error_of(F.check_view_with_mark_exists, "Don't"),
  [[Could not find element matching selector (view marked:"Don't")]], "check_view_with_mark_exists: Frank's message")
F.check_view_with_mark_does_not_exist("Nowhere")
check.equal("Found element matching selector when it should not exist (view marked:'Touch me')",
  support.error_of(F.check_view_with_mark_does_not_exist, "Touch me"), "check_view_with_mark_does_not_exist")

-- the navigation title
check.equal(true, F.navigation_title_with_text_exists("Compat"), "navigation_title_with_text_exists")
check.equal(false, F.navigation_title_with_text_exists("Second"), "navigation_title_with_text_exists: another title")
F.check_navigation_title_with_text_exists("Compat")
check.equal("Could not find navigation bar with title (Second)",
  support.error_of(F.check_navigation_title_with_text_exists, "Second"), "check_navigation_title: Frank's message")

-- accessibility_frame
local frame = F.accessibility_frame("button marked:'Hold'")
check.equal(130, frame.x, "accessibility_frame: x")
check.equal(100, frame.width, "accessibility_frame: width")
check.equal(180, frame.center.x, "accessibility_frame: the centre, as Frank's Rect")
check.equal("the supplied selector [button marked:'Nowhere'] did not match any views",
  support.error_of(F.accessibility_frame, "button marked:'Nowhere'"), "accessibility_frame: no match")
check.contains(support.error_of(F.accessibility_frame, "button"), "matched more than one views (",
  "accessibility_frame: several matches")

-- app_exec
check.equal(5, F.app_exec("add:to:", 2, 3), "app_exec: the app's method with arguments")
check.equal("hi", F.app_exec("greet"), "app_exec: without arguments")
check.contains(support.error_of(F.app_exec, "add:to:", 2), "wants 2 arguments, but you've supplied 1",
  "app_exec: Frank's argument count check")

-- dump, screenshot, engine, server
check.equal("table", type(F.frankly_dump()), "frankly_dump returns the tree")
local path = os.tmpname()
F.frankly_screenshot(path)
local file = assert(io.open(path, "rb"))
check.equal("\137PNG", file:read(4), "frankly_screenshot writes a PNG")
file:close()
os.remove(path)
check.contains(support.error_of(F.frankly_screenshot, path, "{{0,0},{10,10}}"), "leave out the subframe",
  "frankly_screenshot: a subframe is refused")
check.equal("shelley_compat", F.selector_engine(), "selector_engine")
check.equal(app.url, F.base_server_url(), "base_server_url")
check.contains(support.error_of(F.frank_server), "frank_server: fscript has no Gateway object",
  "frank_server refuses")

-- A stand-in target answering false for one of two views: Frank's "could not be touched".
local real = app
use(setmetatable({ map = function() return { true, false } end }, { __index = real }))
check.equal("some views could not be touched (probably because they are not within the current viewport)",
  support.error_of(F.touch, "button"), "touch: Frank's message when a view could not be touched")
use(real)

check.finish("frank_compat_query_spec")

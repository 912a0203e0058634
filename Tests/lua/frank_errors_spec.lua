-- Spec: every failure of the frank bindings reads whole and clear: argument checks in Lua's words, malformed
-- selectors with a caret before any round trip, no-match messages with the closest labels and "did you
-- mean", ERROR envelopes with the selector and the operation, and an unreachable target.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local error_of = support.error_of

support.fresh()

-- arguments, as Lua's own functions check them
check.equal("bad argument #1 to 'touch' (selector string expected, got nil)", error_of(app.touch, app, nil),
  "touch with a nil selector")
check.equal("bad argument #1 to 'touch' (selector string expected, got no value)", error_of(app.touch, app),
  "touch without a selector")
check.equal("bad argument #1 to 'lookup' (selector string expected, got boolean)", error_of(app.lookup, app, true),
  "lookup with a boolean")
check.equal("bad argument #1 to 'lookup' (id must be a non-empty accessibility identifier, got nil)",
  error_of(app.lookup, app, {}), "lookup with a table needs an id")
check.equal("bad argument #1 to 'lookup' (class must be a class name such as UIButton, got 'UI Button')",
  error_of(app.lookup, app, { id = "x", class = "UI Button" }), "lookup by id checks the class")
check.equal("calling 'touch' on bad self (frank.App expected, got table)", error_of(app.touch, {}, "button"),
  "a method on the wrong self")
check.equal("bad argument #2 to 'swipe' (direction must be left, right, up or down, got 'sideways')",
  error_of(app.swipe, app, "button", "sideways"), "swipe direction")
check.equal("bad argument #2 to 'map' ('setText:' takes 1 argument, got 0)",
  error_of(app.map, app, "textField", "setText:"), "map checks the argument count")
check.equal("bad argument #3 to 'map' (cannot send a function as JSON)",
  error_of(app.map, app, "textField", "setText:", print), "map arguments must be JSON")
check.equal("bad argument #1 to 'index' (index counts from 1, got 0)",
  error_of(function() return app:lookup("button"):index(0) end), "index counts from 1")
check.equal("bad argument #1 to 'index' (number has no integer representation)",
  error_of(function() return app:lookup("button"):index(1.5) end), "index must be an integer")
check.equal("bad argument #1 to 'set_orientation' (orientation must be portrait, portrait_upside_down, "
  .. "landscape_left or landscape_right, got 'sideways')", error_of(app.set_orientation, app, "sideways"),
  "orientation names")
check.equal("bad argument #2 to 'wait_for' (options table expected, got number)",
  error_of(app.wait_for, app, "button", 3), "wait_for options")
check.equal("bad argument #1 to 'connect' (an http:// URL expected, got 'localhost:37265')",
  error_of(frank.connect, "localhost:37265"), "connect wants a URL")
check.equal("bad argument #1 to 'launch' (env.PORT must be a string, got table)",
  error_of(frank.launch, { env = { PORT = {} } }), "launch env values")

-- malformed selectors fail before any round trip, with the caret
check.equal("touch: selector error at column 15: expected a quoted string or a number after 'marked:', found 'foo'\n"
  .. "  button marked:foo\n"
  .. "                ^", error_of(app.touch, app, "button marked:foo"), "malformed selector")
check.equal("lookup: selector error at column 1: expected a filter name (letters, digits or _), found '-'\n"
  .. "  -x\n"
  .. "  ^", error_of(function() return app:lookup("button"):lookup("-x") end), "malformed sub-selector")

-- nothing matched: the closest labels on screen, and Shelley's did-you-mean
check.equal("touch: no view matches \"button marked:'Log in'\"; closest labels on screen: 'Log In'",
  error_of(app.touch, app, "button marked:'Log in'"), "no match lists the closest labels")
check.equal("touch: no view matches \"buton marked:'Log In'\"; did you mean 'button' instead of 'buton'?; "
  .. "closest labels on screen: 'Log In'",
  error_of(app.touch, app, "buton marked:'Log In'"), "no match suggests the filter word")
check.equal("double_tap: no view matches \"tableViewCell\"", error_of(app.double_tap, app, "tableViewCell"),
  "no match without strings to compare")

-- ERROR envelopes: the operation, the selector, the reason and details
local url = app.url
check.equal("type failed: the app answered ERROR (keyboard not present): no text input has focus; "
  .. "touch a text field before typing [POST /type_into_keyboard on " .. url .. "]",
  error_of(app.type, app, "x"), "ERROR envelope without a selector")

-- an unreachable target names its URL and what to do
local gone = frank.connect("http://127.0.0.1:1")
check.equal("frank.App(http://127.0.0.1:1)", tostring(gone), "tostring names the URL")
check.equal("cannot reach target http://127.0.0.1:1 (connection refused) during POST /map; is the app running? "
  .. "Start one with 'fscript serve', or point fscript at it with --target URL (FSCRIPT_TARGET)",
  error_of(gone.touch, gone, "button"), "unreachable target")
local hasty = frank.connect(url, { timeout = 0 })
check.equal("GET /dump on " .. url .. ": no response within 0 s", error_of(hasty.dump, hasty), "a timeout")
local elsewhere = frank.connect(url .. "/nowhere")
check.contains(error_of(elsewhere.dump, elsewhere), "GET /dump on " .. url .. "/nowhere: HTTP 404", "an HTTP error")

-- numbers that would trap when converted (to a duration, an index) are refused where they enter
check.equal("bad argument #2 to 'connect' (timeout must be a number of seconds from 0 to 86400, got 1e+300)",
  error_of(frank.connect, url, { timeout = 1e300 }), "connect timeout")
check.equal("bad argument #2 to 'wait_for' (timeout must be a number of seconds from 0 to 86400, got inf)",
  error_of(app.wait_for, app, "button", { timeout = math.huge }), "wait timeout")
check.equal("bad argument #2 to 'touch_and_hold' (number of seconds from 0 to 86400 expected, got 1e+300)",
  error_of(app.touch_and_hold, app, "button", 1e300), "hold seconds")
check.equal("bad argument #2 to 'set_slider' (number from -1000000000000 to 1000000000000 expected, got nan)",
  error_of(app.set_slider, app, "view:'UISlider'", 0 / 0), "slider value")
check.equal("bad argument #2 to 'drag' (to must have numbers x and y from -1000000 to 1000000)",
  error_of(app.drag, app, "button", { to = { x = 1e300, y = 0 } }), "drag point")
local backend = mock.start{}
check.equal("bad argument #1 to 'stub' (field 'respond.delay': seconds from 0 to 86400 expected, got 1e+300)",
  error_of(backend.stub, backend, { path = "/x", respond = { delay = 1e300 } }), "mock delay")
backend:stop()

check.finish("frank_errors_spec")

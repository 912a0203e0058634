/// The Lua half of the app API, run in the app's VM before the app file.
///
/// It defines the view constructors an app file uses (`label{…}`, `button{…}` …), the `app` object handed to
/// every behaviour (`app:push`, `app:view`, `app:alert`, `app:request` …) and the view proxies whose fields read
/// and write the Swift views. The Swift primitives it calls are the `__sim_*` globals the loader registers; the
/// prelude moves them into a local table and clears the globals, so app code sees only the documented API.
enum Prelude {
    /// The globals the prelude defines for an app file's description, for "did you mean" when a file calls a
    /// misspelt one (`buton{…}` is Lua's "attempt to call a nil value (global 'buton')").
    static let constructors = [
        "view", "label", "button", "text_field", "switch", "slider", "table_view", "cell", "spinner", "image",
        "progress", "scroll_view", "segmented", "screen",
    ]

    static let source = #"""
local sim = {}
for _, name in ipairs({"get", "set", "find", "push", "pop", "pop_to_root", "screen", "alert", "dismiss_alert",
                       "animate", "after", "request", "focus", "type", "env"}) do
  sim[name] = _G["__sim_" .. name]
  _G["__sim_" .. name] = nil
end

-- Views: a proxy per view whose fields are the Swift view's properties.
local View = {}
local view_methods = {}
View.__index = function(self, key)
  local method = view_methods[key]
  if method then return method end
  return sim.get(rawget(self, "uid"), key)
end
View.__newindex = function(self, key, value) sim.set(rawget(self, "uid"), key, value) end
View.__tostring = function(self) return ("%s (uid %s)"):format(sim.get(rawget(self, "uid"), "class"), rawget(self, "uid")) end
View.__eq = function(a, b) return rawget(a, "uid") == rawget(b, "uid") end
local function view_of(uid)
  if uid == nil then return nil end
  return setmetatable({uid = uid}, View)
end

---Makes this view focused, as a touch on a text field does.
function view_methods:focus() sim.focus(rawget(self, "uid")) end

-- The app object every behaviour receives first.
local App = {}
App.__index = App
local app = setmetatable({}, App)
app.env = sim.env()

---The view with this `id` on screen now, or nil.
function App:view(id)
  if type(id) ~= "string" then error(("bad argument #1 to 'view' (string expected, got %s)"):format(type(id)), 2) end
  return view_of(sim.find(id))
end
---Pushes the named screen; a name no screen has is an error at the line that pushes it (an error of the pushed
---screen's on_appear keeps its own place).
function App:push(name)
  local ok, err = pcall(sim.push, name)
  if ok then return end
  if type(err) == "string" and err:find("^no screen named") then error(err, 2) end
  error(err, 0)
end
---Pops the top screen.
function App:pop() sim.pop() end
---Pops back to the first screen.
function App:pop_to_root() sim.pop_to_root() end
---The name of the screen on top.
function App:screen() return sim.screen() end
---Shows an alert: {title=, message=, buttons={"OK"} or {{title="Retry", on_touch=function(app) … end}}}.
function App:alert(spec)
  if type(spec) ~= "table" then error(("bad argument #1 to 'alert' (table expected, got %s)"):format(type(spec)), 2) end
  local buttons = {}
  for i, button in ipairs(spec.buttons or {}) do
    if type(button) == "string" then button = {title = button} end
    buttons[i] = button
  end
  sim.alert(spec.title, spec.message, buttons)
end
---Shows an action sheet (a pop-over menu of choices) at the bottom: {title=, buttons={"Share", "Delete"} or
---{{title="Delete", on_touch=function(app) … end}}}.
function App:action_sheet(spec)
  if type(spec) ~= "table" then
    error(("bad argument #1 to 'action_sheet' (table expected, got %s)"):format(type(spec)), 2)
  end
  local buttons = {}
  for i, button in ipairs(spec.buttons or {}) do
    if type(button) == "string" then button = {title = button} end
    buttons[i] = button
  end
  if #buttons == 0 then error("bad argument #1 to 'action_sheet' (buttons must list at least one choice)", 2) end
  sim.alert(spec.title, nil, buttons, true)
end
---Removes the alert or action sheet on screen, if any.
function App:dismiss_alert() sim.dismiss_alert() end
---Starts an animation: {view=, what=, duration=seconds, on_done=function(app) … end}.
function App:animate(spec)
  sim.animate(spec.view and rawget(spec.view, "uid"), spec.what, spec.duration or 0.3, spec.on_done)
end
---Runs a function after a delay (seconds), on the app's thread.
function App:after(seconds, fn) sim.after(seconds, fn) end
---Calls the backend: {method=, url=base, path=, json= | body=, headers=, fake=function(request) … end,
---delay=seconds (fake only), on_response=function(app, response) … end}.
function App:request(spec)
  if type(spec) ~= "table" then error(("bad argument #1 to 'request' (table expected, got %s)"):format(type(spec)), 2) end
  sim.request(spec)
end
---Types text into the focused field, as the keyboard would.
function App:type(text) sim.type(text) end

-- Called by Swift to run a behaviour: the app, the view it belongs to, then the event's arguments.
function __sim_run(fn, uid, ...) return fn(app, view_of(uid), ...) end
-- Called by Swift for app_exec methods and the like: the app, then the arguments.
function __sim_call(fn, ...) return fn(app, ...) end

-- Constructors: each sets `class`; the positional items of the table are its subviews.
local function constructor(class)
  return function(spec)
    if type(spec) ~= "table" then
      error(("bad argument #1 to '%s' (table expected, got %s)"):format(class, type(spec)), 2)
    end
    spec.class = spec.class or class
    -- The line it was written on, for errors in its fields (`bank.lua:12: screens.main[2]: unknown key …`).
    spec.__line = spec.__line or debug.getinfo(2, "l").currentline
    return spec
  end
end
view = constructor("UIView")
label = constructor("UILabel")
button = constructor("UIButton")
text_field = constructor("UITextField")
switch = constructor("UISwitch")
slider = constructor("UISlider")
table_view = constructor("UITableView")
cell = constructor("UITableViewCell")
spinner = constructor("UIActivityIndicatorView")
image = constructor("UIImageView")
progress = constructor("UIProgressView")
scroll_view = constructor("UIScrollView")
---A segmented control (Swerkin's drop-down): {segments = {"Small", "Large"}, selected = 1,
---on_change = function(app, view, index, title) … end}; its segments are UISegment views labelled with the titles.
function segmented(spec)
  if type(spec) ~= "table" then error(("bad argument #1 to 'segmented' (table expected, got %s)"):format(type(spec)), 2) end
  if type(spec.segments) ~= "table" or #spec.segments == 0 then
    error("bad argument #1 to 'segmented' (segments must be a non-empty list of titles)", 2)
  end
  spec.class = spec.class or "UISegmentedControl"
  spec.__line = spec.__line or debug.getinfo(2, "l").currentline
  for _, title in ipairs(spec.segments) do spec[#spec + 1] = { class = "UISegment", label = tostring(title) } end
  spec.max = #spec.segments - 1
  spec.selected = spec.selected or 1
  spec.segments = nil
  return spec
end
---A screen: {title=, on_appear=function(app, root) … end, subviews…}.
function screen(spec)
  if type(spec) ~= "table" then error(("bad argument #1 to 'screen' (table expected, got %s)"):format(type(spec)), 2) end
  spec.__screen = true
  spec.__line = spec.__line or debug.getinfo(2, "l").currentline
  return spec
end
"""#
}

---@meta
-- The app-file API: what an app file for fscript's simulator (`fscript --app my_app.lua`, `fscript serve
-- my_app.lua`) sees, for lua-language-server. The full description is docs/app-files.md.

---@alias sim.Behaviour fun(app: sim.App, view?: sim.View, ...: any)

---Properties every view constructor takes; any field named `on_*` is a behaviour.
---@class sim.ViewSpec
---@field id? string your name for the view, for app:view(id)
---@field label? string accessibilityLabel
---@field text? string
---@field placeholder? string
---@field title? string
---@field hidden? boolean
---@field alpha? number
---@field enabled? boolean
---@field interaction? boolean userInteractionEnabled
---@field tag? integer
---@field frame? {x: number, y: number, w: number, h: number} in the parent's coordinates
---@field background? string "#rrggbb", "#rrggbbaa" or a name
---@field color? string
---@field font_size? number
---@field align? "left"|"center"|"right"
---@field on? boolean a switch's state
---@field value? number a slider's value
---@field selected? integer a segmented control's selected segment, from 1
---@field min? number
---@field max? number
---@field progress? number
---@field secure? boolean
---@field animating? boolean
---@field class? string your own class name (declared in the app table's `classes`)
---@field rows? (string|{text: string, detail?: string, on_touch?: sim.Behaviour})[] a table view's rows
---@field sections? {rows: (string|table)[]}[]
---@field on_touch? sim.Behaviour
---@field on_change? sim.Behaviour
---@field on_return? sim.Behaviour
---@field on_hold? sim.Behaviour
---@field on_swipe? sim.Behaviour

---A built view, as constructors return it; its positional items are its subviews.
---@class sim.ViewDecl

---A view on screen: read and write its properties (`v.text = "Hi"`).
---@class sim.View: sim.ViewSpec
local View = {}
---Gives the view keyboard focus, as a touch on a text field does.
function View:focus() end

---The app object every behaviour receives first. Fields of your own may be kept on it (`app.user = name`) for
---the app's other behaviours; they last until the app is relaunched.
---@class sim.App
---@field env table<string, string> the launch environment (--env, frank.launch{env})
---@field [string] any your own fields
local App = {}
---The view on screen with this `id`, or nil.
---@param id string
---@return sim.View?
function App:view(id) end
---Pushes the named screen.
---@param name string
function App:push(name) end
function App:pop() end
function App:pop_to_root() end
---The name of the screen on top.
---@return string
function App:screen() end
---Shows an alert over everything.
---@param spec {title?: string, message?: string, buttons?: (string|{title: string, on_touch?: sim.Behaviour})[]}
function App:alert(spec) end
---Shows an action sheet (a pop-over menu) at the bottom.
---@param spec {title?: string, buttons: (string|{title: string, on_touch?: sim.Behaviour})[]}
function App:action_sheet(spec) end
function App:dismiss_alert() end
---An animation: busy on /idle until it ends.
---@param spec {view?: sim.View, what?: string, duration?: number, on_done?: fun(app: sim.App)}
function App:animate(spec) end
---Runs `fn(app)` later, on the app's thread.
---@param seconds number
---@param fn fun(app: sim.App)
function App:after(seconds, fn) end
---A backend call, in flight on /idle until answered. `on_response` gets `status` (0 when no answer came), `json`
---(the body decoded; `json.null`, which is truthy, when the body is not JSON or empty; nil when no answer came),
---`body` and `error` (why no answer came, e.g. "connection refused"). With no `url` (no backend in the
---environment), `fake(request)` answers after `delay` seconds: it gets `{method, path, json, body}` and returns
---`{status =, json =}`.
---@param spec sim.RequestSpec
function App:request(spec) end

---@class sim.RequestSpec a request an app file's app sends (`app:request`)
---@field method? string
---@field url? string
---@field path string
---@field json? any
---@field body? string
---@field headers? table<string, string>
---@field on_response? fun(app: sim.App, response: sim.RequestAnswer)
---@field fake? fun(request: table): table
---@field delay? number
---@field timeout? number

---@class sim.RequestAnswer what `on_response` gets
---@field status integer
---@field json? any
---@field body? string
---@field error? string

---Types into the focused field.
---@param text string
function App:type(text) end

-- `screen{title =, on_appear = function(app, root) … end, view, view, …}` declares a screen in an app file;
-- in a test script the same name declares a screen for navigation (meta/frank.lua), so it is not redeclared here.
---@param spec sim.ViewSpec|sim.ViewDecl[]
---@return sim.ViewDecl
function view(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function label(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function button(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function text_field(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function switch(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function slider(spec) end
---A segmented control (a drop-down): its segments are UISegment views labelled with the titles.
---@param spec sim.ViewSpec|{segments: string[]}
---@return sim.ViewDecl
function segmented(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function table_view(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function cell(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function spinner(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function progress(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function image(spec) end
---@param spec sim.ViewSpec
---@return sim.ViewDecl
function scroll_view(spec) end

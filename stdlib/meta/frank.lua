---@meta
-- LuaLS definitions for what the Swift host provides: `frank`, `app`, `mock`, `fscript`, and the DSL
-- globals the stdlib installs. Point lua-language-server at stdlib/ (stdlib/.luarc.json adds this folder
-- as a library), or in an app repo's .luarc.json: "workspace.library": ["<fscript>/stdlib", "<fscript>/stdlib/meta"].

---@class frank.Query a lazy, chainable query (FRY style); a chain composes into one Shelley selector
---@field selector string the composed selector, e.g. "tableViewCell marked:'Row 3' button"
---@field app frank.App the target
local Query = {}
---@param sel string a sub-selector run inside each match
---@return frank.Query
function Query:lookup(sel) end
---@return integer
function Query:count() end
---@return boolean
function Query:exists() end
---@return (string|userdata)[] one per match; frank.null where a view has no text
function Query:texts() end
---@return (string|userdata)[] one per match; frank.null where a view has no label
function Query:labels() end
---@return table[] frames {origin={x,y}, size={width,height}}
function Query:frames() end
---@return frank.Query
function Query:first() end
---@param n integer 1-based
---@return frank.Query
function Query:index(n) end
---Touches every match; raises unless at least one view was touched.
---@return integer touched how many views were touched
function Query:touch() end
---@param method string a Frankly method name, e.g. "isOn"
---@return any[]
function Query:map(method, ...) end

---@class frank.App a Frankly target
---@field url string the target's base URL (reading it starts the embedded simulator)
---@field calls integer operations sent to the target so far (failure artifacts are saved only when a test used it)
local App = {}
---@return table the view tree as nested tables (class, uid, subviews, attributes)
function App:dump() end
---@param sel string Shelley selector
---@param method string e.g. "text", "setText:"
---@return any[] one result per matched view; frank.null for JSON null
function App:map(sel, method, ...) end
---A lazy query. `{id = "loginButton", class = "UIButton"}` finds a view by accessibility identifier on any
---Frankly server: one map of accessibilityIdentifier now, then a query by position (`view:'UIButton' index:2`).
---@param sel string|{id: string, class?: string}
---@return frank.Query
function App:lookup(sel) end
---Runs the app's memory-warning handling (POST /memory_warning on the simulator and fscript serve); fails saying
---what to do on a target without it.
function App:simulate_memory_warning() end
---Touches the one view `sel` matches. Raises when nothing matched (naming what the screen shows) and, unless
---`sel` narrows itself (`first`, `index:N`) or `opts.all` is true, when it matched several (listing them).
---The other actions (double_tap, touch_and_hold, swipe, set_slider, type_into) take the same `{all = true}`.
---@param sel string
---@param opts? {all?: boolean}
---@return integer touched
function App:touch(sel, opts) end
---@param sel string
---@param opts? {all?: boolean}
---@return integer touched
function App:double_tap(sel, opts) end
---@param sel string
---@param seconds? number default 1
---@return integer touched
function App:touch_and_hold(sel, seconds) end
---@param sel string
---@param direction "left"|"right"|"up"|"down"
function App:swipe(sel, direction) end
---Drags the first match to the centre of another view, or to a screen point.
---@param sel string
---@param opts {to: string|{x: number, y: number}}
function App:drag(sel, opts) end
---Scrolls the nearest scroll view around the first match until it can be touched.
---@param sel string
function App:scroll_to(sel) end
---@param sel string
---@param value number
function App:set_slider(sel, value) end
---Focuses the text field and types.
---@param sel string
---@param text string
function App:type_into(sel, text) end
---Types into the focused text input ("\n" is Return, "\b" deletes).
---@param text string
function App:type(text) end
---Waits until a matching view is visible (default 2 s).
---@param sel string
---@param opts? {timeout?: number}
---@return frank.Query
function App:wait_for(sel, opts) end
---@param sel string
---@param opts? {timeout?: number}
function App:wait_for_absence(sel, opts) end
---Polls fn until it returns a true value and returns its results; raises on timeout, or at once when fn raises.
---@param fn fun(): any
---@param opts? {timeout?: number}
---@return any ...
function App:wait_until(fn, opts) end
---Waits until nothing animates and no network is in flight; the error says what is still busy.
---@param opts? {timeout?: number, ignore?: string[]}
function App:wait_for_idle(opts) end
---The target's PNG (a wireframe drawn from the dump when it has no /screenshot).
---@param path? string where to write the PNG
---@return string path_or_png the path, or the PNG's bytes when no path was given
function App:screenshot(path) end
---Compares the screen (after idle, retried until the validation limit) with the baseline
---`__screenshots__/<test file>/<name>.<target kind>.png` beside the test; a missing one is written and fails,
---`--update-snapshots` rewrites it. On failure writes NAME-expected/actual/diff.png to the artifacts folder.
---@param name string letters, digits, spaces, '-', '_' and '.'
---@param opts? frank.ScreenshotOptions
---@return string baseline the baseline's path
function App:expect_screenshot(name, opts) end

---@class frank.ScreenshotOptions how `app:expect_screenshot` compares
---@field max_diff_pixels? integer
---@field max_diff_ratio? number
---@field threshold? number
---@field mask? string|string[]
---@field crop? string

---@return string "portrait", "portrait_upside_down", "landscape_left" or "landscape_right"
function App:orientation() end
---@param name "portrait"|"portrait_upside_down"|"landscape_left"|"landscape_right"
function App:set_orientation(name) end
---@param method string
---@return any
function App:app_exec(method, ...) end
---@return string
function App:version() end
---@return table
function App:device() end
---Moves the device's GPS position (Frank's `POST /location`).
---@param latitude number degrees, -90 to 90
---@param longitude number degrees, -180 to 180
function App:set_location(latitude, longitude) end

---@type frank.App the target the script runs against (replaced by frank.launch)
app = nil

---@class frank
frank = {}
---JSON null in map results: the same value as `json.null`.
frank.null = nil
---The Frankly operations fscript knows, by snake_case name (`is_visible` is "FEX_isVisible"), from the Swift
---operation catalog; `predicates` lists the ones a selector may test. Send selectors through it, never spelled.
---@type table<string, string>|{predicates: string[]}
frank.operations = {}
---@param url string e.g. "http://127.0.0.1:37265"; nothing is sent until the first call
---@param opts? {reuse?: boolean, timeout?: number} reuse=false: a connection per request; timeout per request (10 s)
---@return frank.App
function frank.connect(url, opts) end
---Relaunches the app and updates the global `app`: in-process on the embedded simulator, through POST /launch
---on `fscript serve`, through `--launch 'COMMAND'` on a real app. The launch environment is the run's, what the
---scenario added so far (a mock backend's BACKEND_URL) and `env` on top; `keep_env = false` drops the scenario's.
---`lazy = true` waits for the app's first use (what the test declares first is then in place at launch).
---@param opts frank.LaunchOptions
---@return frank.App
function frank.launch(opts) end

---@class frank.LaunchOptions
---@field app? string
---@field env? table<string, string>
---@field screen? string show that screen of the app file directly (simulator, fscript serve)
---@field keep_env? boolean
---@field lazy? boolean

---A freshly launched app as the run launched it (the runner calls it with `lazy = true` before every test
---unless reset = false: the app launches at the test's first use of it). `keep_env` keeps what the scenario
---added to the launch environment.
---@param opts? {keep_env?: boolean, lazy?: boolean}
---@return boolean reset false when the target cannot be reset
---@return string? why
function frank.reset(opts) end

---Whether a fresh launch waits for the app's first use (a lazy reset or launch).
---@return boolean
function frank.launch_pending() end

---The web target's page (`--web`, `--target webdriver:URL`), nil on any other target: `page` the URL it opens,
---`backend` the origin `web_backend` names, `proxy` true with `web_proxy`, when the browser's requests to any
---origin go through fscript's proxy to the newest browser-proxying mock still running (one mock at a time).
---@return {page: string, backend?: string, proxy?: boolean}?
function frank.web() end

---@class mock.Filter which requests: every key optional; all given must hold
---@field method? string
---@field path? string exact path (query ignored); or path_pattern, path_template ("/items/{id}"), url, url_pattern
---@field path_pattern? string
---@field path_template? string
---@field url? string
---@field url_pattern? string
---@field query? table<string, mock.TextMatch>
---@field headers? table<string, mock.TextMatch>
---@field cookies? table<string, mock.TextMatch>
---@field body? string
---@field body_contains? string
---@field body_matches? string
---@field json_body? any JSON equal to this
---@field json_subset? any JSON containing at least these members and array items (WireMock's ignoreExtraElements)
---@field host? string the Host header's name (case ignored), as WireMock's `host`: the domains a browser proxy sees

---@class mock.TextMatcher how a query parameter, header or cookie must read
---@field equal? string
---@field equal_ignoring_case? string
---@field contains? string
---@field matches? string
---@field absent? boolean

---@alias mock.TextMatch string|mock.TextMatcher the exact text, or a matcher

---@class mock.Response
---@field status? integer default 200
---@field headers? table<string, string>
---@field body? string one of body, json, file
---@field json? any
---@field file? string
---@field delay? number seconds
---@field dribble? {chunks: integer, duration: number} the body in `chunks` pieces over `duration` seconds
---@field template? boolean body and headers are a Handlebars template ({{request.path.id}}), as WireMock renders them
---@field fault? "reset"|"empty"|"malformed"|"malformed_chunk"|"hang"

---@class mock.Request a journal entry
---@field method string
---@field path string
---@field query table<string, string>
---@field headers table<string, string> names lower-cased
---@field body string
---@field json? any the body decoded, when it is JSON (null reads as nil)
---@field time number seconds since 1970
---@field sequence integer
---@field stub? string the stub that answered; nil for a 404

---@class mock.Server
---@field url string "http://127.0.0.1:PORT"
---@field port integer
---@field host string the address it listens on
---@field https_url? string "https://127.0.0.1:PORT" with `mock.start{https = true}`, else nil
---@field ca_file? string with `https` or `browser_proxy`: the PEM file of the CA that signed its certificates
local Server = {}
---Adds a stub; the newest most specific one answers. `responses` are given in turn, the last repeats.
---@param stub mock.Stub
---@return string id
function Server:stub(stub) end

---@class mock.Stub: mock.Filter which requests (every key of `mock.Filter`) and how to answer them
---@field respond? mock.Response
---@field responses? mock.Response[]
---@field scenario? string
---@field required_state? string
---@field new_state? string
---@field priority? integer
---@field name? string

---@param filter? mock.Filter
---@return mock.Request[]
function Server:requests(filter) end
---Raises, listing every request received and why it did not match, unless the journal holds matching
---requests: exactly `count`, at least `at_least`, or at least one.
---@param spec mock.Filter|{count?: integer, at_least?: integer}
function Server:verify(spec) end
---The first matching request (already received or arriving within `timeout`, default 2 s); raises on timeout.
---@param spec? mock.Filter|{timeout?: number}
---@return mock.Request
function Server:wait_for_request(spec) end
---@return string[] requests being answered now (delayed or hung), as "METHOD /path"
function Server:in_flight() end
---Removes every stub and forgets every request.
function Server:reset() end
---Loads WireMock mapping files (DIR/mappings/*.json, bodies from DIR/__files).
---@param dir string
---@return integer added
function Server:load(dir) end
function Server:stop() end

---What `mock.start` takes: every key optional; an unknown one fails naming the nearest.
---@class mock.StartOptions
---@field port? integer 0 (the default): a free port
---@field host? string "127.0.0.1" (the default); beyond loopback it prints a warning
---@field advertise? string with a non-loopback host: the host its `url` names (default `--advertise-host`)
---@field mappings? string a WireMock folder (DIR/mappings/*.json, bodies in DIR/__files), beside the calling file
---@field files? string where a `respond = {file = …}` body not beside the test is looked for (default: current folder)
---@field templating? "per-stub"|"global" "global" templates every response; default: a stub's `template = true`
---@field journal_limit? integer requests the journal keeps, 1 to 10000000 (default 50000; counts stay exact)
---@field proxy? string a backend URL: what no stub answers is forwarded there instead of a 404
---@field record? string with `proxy`: a folder where every forwarded exchange is saved as a WireMock mapping
---@field cors? boolean answer browsers' cross-origin requests and preflights (default: true on a web target)
---@field https? boolean also serve HTTPS (`https_url`), its certificate signed by a CA made for this mock (`ca_file`)
---@field browser_proxy? boolean also a browser's proxy at `url` (--enable-browser-proxying); default: `web_proxy`
---@field pass_through? boolean with `browser_proxy`: what no stub answers goes on to its host, not a 404

---@class mock
mock = {}
---Starts a mock backend on 127.0.0.1; stopped when fscript exits (one started inside a scenario: when it ends).
---`host` beyond loopback prints a warning; `advertise` (or `--advertise-host`) is the host its `url` names then.
---With `web_proxy` each is the browser's proxy unless `browser_proxy = false`, and only the newest still running
---gets the browser's requests: of two started in a scenario, the later one.
---@param opts? mock.StartOptions
---@return mock.Server
function mock.start(opts) end

---@class fscript.Host functions the host provides to the stdlib (each optional: the stdlib degrades)
fscript = {}
---@return number monotonic seconds
function fscript.clock() end
---Arms a debug hook raising "test timed out after N s" in the running Lua code; nil disarms it.
---@param seconds number?
function fscript.set_deadline(seconds) end
---@param fd integer
---@return boolean
function fscript.isatty(fd) end
---Optional: creates a directory and its parents (else the stdlib runs mkdir -p).
---@param path string
function fscript.mkdir(path) end
---Optional: every *.lua and *.feature file under dir (else the stdlib runs find).
---@param dir string
---@return string[]
function fscript.list_test_files(dir) end
---Optional: the one absolute path of a file however it is spelt (`./x`, a symlink, `a/../x`), or nil and why.
---@param path string
---@return string? path
---@return string? error
function fscript.real_path(path) end
---Optional: the Base64 of a byte string (else the stdlib's own, slower, loop).
---@param bytes string
---@return string
function fscript.base64(bytes) end
---Optional: the bytes of a file an input names, only when it is a regular file (never a device, a FIFO or a
---`/proc` entry) of at most `limit` bytes; nil and why otherwise (else the stdlib reads it with io.open).
---@param path string
---@param limit integer
---@return string? bytes
---@return string? error
function fscript.read_file(path, limit) end
---Optional: writes a file whole or not at all (a temporary file beside it, renamed once written and closed); nil
---and a message naming the file and the reason otherwise.
---@param path string
---@param bytes string
---@return boolean? ok
---@return string? error
function fscript.write_file(path, bytes) end
---Optional: opens (true) or closes (false) a phase, such as writing reports, in which Ctrl-C or SIGTERM ends
---fscript at once with exit 130.
---@param on boolean
function fscript.end_at_once(on) end

---Runs the one step matching the text, e.g. `When "I touch the button marked 'Log In'"`.
---@param text string
---@param data? any a list for steps ending in ':' ("I should see the following:"); a list of lists of strings
---reaches the step as an `fscript.DataTable` (`rows:hashes()`, `rows:rows_hash()`), as a Gherkin table does
function Given(text, data) end
---@param text string
---@param data? any
function When(text, data) end
---@param text string
---@param data? any
function Then(text, data) end
---@param text string
---@param data? any
function And(text, data) end
---@param text string
---@param data? any
function But(text, data) end
---Defines a step. The pattern is a Cucumber Expression (`I have {int} cuke(s) in my belly/stomach`; parameter
---types {int} {float} {word} {string} {} {double} {bigdecimal} {byte} {short} {long} {biginteger}, fscript's
---{ordinal} {text}, and the suite's own from `parameter_type`), or a regular expression when it starts with `^`
---or ends with `$`. A step the suite defines wins over a catalog step that matches the same text. A data table
---or doc string comes after the parameter values.
---@param pattern string
---@param fn function
function step(pattern, fn) end
---Declares a parameter type for Cucumber Expressions: `{name}` matches `regexp` (one or a list, ICU syntax) and
---passes `transformer`'s result (it receives the regexp's own groups, or the whole text). `use_for_snippets`
---(default true) lets snippets use it; `prefer_for_regexp_match` picks it for a regular-expression group with
---the same regexp as another type's.
---@param spec fscript.ParameterTypeSpec
function parameter_type(spec) end

---@class fscript.ParameterTypeSpec
---@field name string
---@field regexp string|string[]
---@field transformer? fun(...: string?): any
---@field use_for_snippets? boolean
---@field prefer_for_regexp_match? boolean

---@param name string
---@param opts? fscript.ScenarioOptions
---@param fn? function
function scenario(name, opts, fn) end

---@class fscript.ScenarioOptions
---@field tags? string[]
---@field timeout? number
---@field wait? number
---@field validation? number
---@field reset? boolean
---@field info? table<string, string|number|boolean> goes into the reports
---@field preconditions? table<string, any> steer render variants and steps

---Settings for every scenario of this file: `this_file{reset = false}` lets them share one app; tags, info and
---preconditions apply to each scenario (its own entries win).
---@param opts fscript.FileOptions
function this_file(opts) end

---@class fscript.FileOptions
---@field reset? boolean
---@field tags? string[]
---@field info? table<string, string|number|boolean>
---@field preconditions? table<string, any>

---Retries a suite's own check until it passes: `fn` passes when it returns without raising and does not return
---false; a failure it raises (`assert`, `server:verify{…}`, a step) is retried, Ctrl-C and the scenario's time
---limit are not. Returns what `fn` returned; after `timeout` seconds (default: the `validation` setting, 2)
---raises `still failing after N s: <the last failure>`.
---```lua
---eventually(function() server:verify{ method = "POST", path = "/api/sync", count = 1 } end, { timeout = 5 })
---local rows = eventually(function() local r = app:lookup("tableViewCell"):count(); return r >= 3 and r end)
---```
---@generic T
---@param fn fun(): T
---@param opts? {timeout?: number, what?: string} seconds (0 tries once); what `fn` checks, for the message
---@return T
function eventually(fn, opts) end

---The running scenario (nil outside one), for steps and hooks.
---@return fscript.ScenarioInfo?
function this_scenario() end

---@class fscript.ScenarioInfo
---@field name string
---@field tags string[]
---@field info table<string, string|number|boolean>
---@field preconditions table<string, any>

---@param fn function runs before each scenario of this file
function before(fn) end
---@param fn function runs after each scenario of this file, even a failed one
function after(fn) end

---@alias fscript.HookOptions string|{tags?: string, name?: string} a tag expression, or tags and a name

---cucumber's Before hook: runs before every scenario of the run (those its tag expression selects), in
---definition order; a step of the scenario in every report. `fn` gets `{name, tags}`.
---@param opts fscript.HookOptions|fun(scenario: {name: string, tags: string[]})
---@param fn? fun(scenario: {name: string, tags: string[]})
function Before(opts, fn) end
---cucumber's After hook: runs after every scenario it selects, in reverse definition order, also after a failure;
---`fn` gets `{name, tags, status}`.
---@param opts fscript.HookOptions|fun(scenario: {name: string, tags: string[], status?: string})
---@param fn? fun(scenario: {name: string, tags: string[], status?: string})
function After(opts, fn) end
---Runs before each step of the scenarios it selects; its outcome is the step's.
---@param opts fscript.HookOptions|function
---@param fn? function
function BeforeStep(opts, fn) end
---Runs after each step of the scenarios it selects, also after a failed one.
---@param opts fscript.HookOptions|function
---@param fn? function
function AfterStep(opts, fn) end
---Runs once, before the first scenario; when it fails no scenario runs (exit 1).
---@param opts {name?: string}|function
---@param fn? function
function BeforeAll(opts, fn) end
---Runs once, after the last scenario, whatever happened.
---@param opts {name?: string}|function
---@param fn? function
function AfterAll(opts, fn) end
---Ends the step or hook as pending (returning "pending" does too): not written yet. Fails a run unless --no-strict.
---@param message? string
function pending(message) end
---Ends the step or hook as skipped (returning "skipped" does too): the rest of the scenario is skipped, and the run
---does not fail for it.
---@param message? string
function skip(message) end
---Attaches data to the running step or hook: text stays text, other bytes are base64 in the reports.
---@param data string the bytes
---@param media_type string|{media_type: string, file_name?: string, encoding?: "IDENTITY"|"BASE64"}
---@param file_name? string
function attach(data, media_type, file_name) end
---Attaches a line of text for the reports (media type text/x.cucumber.log+plain).
---@param text string
function log(text) end
---Attaches a link (media type text/uri-list).
---@param url string
function link(url) end
---The running scenario's own table (fresh for each scenario and attempt), for steps to share state: cucumber's
---World. Nil outside a scenario.
---@return table?
function world() end
---@param spec fscript.ScreenDeclaration
---@return fscript.Screen
function screen(spec) end

---@class fscript.ScreenDeclaration
---@field name string
---@field trait string
---@field entry? {from: string, steps: string[]}|{from: string, steps: string[]}[]
---@field render? true|string|fscript.Render|fun(preconditions: table): fscript.Render?

-- luacheck configuration for stdlib/ and the Lua specs.
std = "lua54"
max_line_length = 120
-- The host provides these; the step words are the DSL's deliberate globals.
read_globals = { "frank", "mock", "app", "json" }
globals = { "Given", "When", "Then", "And", "But", "step", "parameter_type", "scenario", "before", "after", "screen", "this_file", "this_scenario",
  "Before", "After", "BeforeAll", "AfterAll", "BeforeStep", "AfterStep", "pending", "skip", "attach", "log", "link",
  "world", "eventually" }

-- An app file for the simulator calls the app-file words (stdlib/meta/app.lua) as globals.
local app_words = { "view", "label", "button", "text_field", "switch", "slider", "segmented", "table_view", "cell",
  "spinner", "progress", "image", "scroll_view" }

-- stdlib/meta holds lua-language-server's `---@meta` files: declarations of what the host provides, not code
-- that runs. Their stubs name parameters they never use (each is documented), fill class tables nobody reads,
-- and define the host's globals (frank, app, mock, json, fscript, the app file's words).
files["stdlib/meta"] = {
  unused_args = false,
  globals = { "frank", "app", "mock", "json", "fscript", (table.unpack or unpack)(app_words) },
  ignore = { "241" }, -- a class table (`local App = {}`) is filled for its methods' annotations only
}

-- The Lua specs run only under the fscript binary, whose `fscript` host module is always a global there.
files["Tests/lua"] = { read_globals = { "fscript" } }

-- The specs' app files.
files["Tests/lua/fixtures/*_app.lua"] = { read_globals = app_words }

-- A script that does not compile, on purpose (runner_spec: exit code 2, the other files still run).
exclude_files = { "Tests/lua/fixtures/broken_script.lua" }

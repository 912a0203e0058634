-- luacheck configuration for stdlib/ and the Lua specs.
std = "lua54"
max_line_length = 120
-- The host provides these; the step words are the DSL's deliberate globals.
read_globals = { "frank", "mock", "app", "json" }
globals = { "Given", "When", "Then", "And", "But", "step", "parameter_type", "scenario", "before", "after", "screen", "this_file", "this_scenario",
  "Before", "After", "BeforeAll", "AfterAll", "BeforeStep", "AfterStep", "pending", "skip", "attach", "log", "link",
  "world", "eventually" }

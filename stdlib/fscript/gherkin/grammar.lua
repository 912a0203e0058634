---The grammar the Gherkin parser (`fscript.gherkin.parser`) follows: the states with the line kinds each accepts, in
---the order the official parser (cucumber/gherkin) tries them, what a state expected (for an error message), and the
---keyword a mistyped line probably meant (for a warning).
local util = require("fscript.util")

local M = {}

-- The states: the line kinds each accepts, in the order the reference parser tries them. `scenario_end` lists
-- what may follow a scenario's last line (another scenario, examples, a rule, tags for one of them).
local AFTER_SCENARIO = { "TagLine", "ExamplesLine", "ScenarioLine", "RuleLine" }
local function with(list, more)
  local out = {}
  for _, k in ipairs(list) do out[#out + 1] = k end
  for _, k in ipairs(more) do out[#out + 1] = k end
  return out
end
M.STATES = {
  start = { "EOF", "Language", "TagLine", "FeatureLine", "Comment", "Empty" },
  feature_tags = { "TagLine", "FeatureLine", "Comment", "Empty" },
  feature = { "EOF", "Empty", "Comment", "BackgroundLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  rule = { "EOF", "Empty", "Comment", "BackgroundLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  tags = { "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  background = { "EOF", "Empty", "Comment", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  background_step = { "EOF", "TableRow", "DocStringSeparator", "StepLine", "TagLine", "ScenarioLine", "RuleLine",
    "Comment", "Empty" },
  -- A step may have a data table and a doc string, one after the other (either order), but one of each.
  background_table = { "EOF", "TableRow", "DocStringSeparator", "StepLine", "TagLine", "ScenarioLine", "RuleLine",
    "Comment", "Empty" },
  background_table_done = { "EOF", "TableRow", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment",
    "Empty" },
  background_doc = { "EOF", "TableRow", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  background_doc_done = { "EOF", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  scenario = with({ "EOF", "Empty", "Comment", "StepLine" }, with(AFTER_SCENARIO, { "Other" })),
  scenario_step = with({ "EOF", "TableRow", "DocStringSeparator", "StepLine" }, with(AFTER_SCENARIO,
    { "Comment", "Empty" })),
  scenario_table = with({ "EOF", "TableRow", "DocStringSeparator", "StepLine" }, with(AFTER_SCENARIO,
    { "Comment", "Empty" })),
  scenario_table_done = with({ "EOF", "TableRow", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_doc = with({ "EOF", "TableRow", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_doc_done = with({ "EOF", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_tags = { "TagLine", "ExamplesLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  examples = with({ "EOF", "Empty", "Comment", "TableRow" }, with(AFTER_SCENARIO, { "Other" })),
  examples_table = with({ "EOF", "TableRow" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
}

-- The keyword a mistyped line probably meant (`Scenaro: x` → `Scenario:`, `Givn x` → `Given `), or nil; an
-- exact keyword is not a typo. Returns the keyword and whether it is a step keyword.
function M.nearest_keyword(text, dialect)
  local word = text:match("^([^:]+):")
  if not word then
    local first = text:match("^(%S+)%s")
    if not first then return nil end
    local best, best_distance
    for _, step in ipairs(dialect.steps) do
      local keyword = util.trim(step.keyword)
      local d = util.edit_distance(first:lower(), keyword:lower())
      if keyword ~= "*" and d > 0 and d <= math.max(1, #keyword // 4) and (not best_distance or d < best_distance) then
        best, best_distance = keyword, d
      end
    end
    return best, true
  end
  local best, best_distance
  for _, kind in ipairs({ "feature", "rule", "background", "scenario", "outline", "examples" }) do
    for _, keyword in ipairs(dialect[kind]) do
      local d = util.edit_distance(word:lower(), keyword:lower())
      if d > 0 and d <= math.max(2, #keyword // 4) and (not best_distance or d < best_distance) then
        best, best_distance = keyword, d
      end
    end
  end
  return best
end

-- What the state expected, for an error message: `a step, a table row, …`.
local WORDS = { EOF = "the end of the file", Language = "# language:", TagLine = "a tag line",
  FeatureLine = "Feature:", RuleLine = "Rule:", BackgroundLine = "Background:", ScenarioLine = "Scenario:",
  ExamplesLine = "Examples:", StepLine = "a step", TableRow = "a table row", DocStringSeparator = '"""',
  Comment = "a comment", Empty = "an empty line", Other = "a description" }

function M.expected(state)
  local out = {}
  for _, kind in ipairs(M.STATES[state]) do
    if kind ~= "Comment" and kind ~= "Empty" and kind ~= "Language" then out[#out + 1] = WORDS[kind] end
  end
  return table.concat(out, ", ")
end


return M

---Scenario Outline placeholders that no Examples column defines: `<qurey>` where the column is `query` runs as
---the literal text `<qurey>` (cucumber's rule), which fails far away or, worse, passes. Each one is a warning
---at the step that uses it, naming the nearest column; `--strict` makes it an error, as other Gherkin warnings.
local util = require("fscript.util")

local M = {}

local function columns_of(scenario)
  local names, list = {}, {}
  for _, examples in ipairs(scenario.examples or {}) do
    local header = examples.rows and examples.rows[1]
    for _, cell in ipairs(header and header.cells or {}) do
      if not names[cell.value] then
        names[cell.value] = true
        list[#list + 1] = cell.value
      end
    end
  end
  return names, list
end

local function nearest(name, list)
  local best, best_score
  for _, candidate in ipairs(list) do
    local score = util.edit_distance(name, candidate, 3)
    if score <= math.max(2, math.min(3, #name // 3)) and (best_score == nil or score < best_score) then
      best, best_score = candidate, score
    end
  end
  return best
end

-- Each `<name>` in `text` that is not a column, as a warning at `line`/`column`.
local function check_text(out, text, line, column, names, list, where)
  for name in text:gmatch("<([^<>\n]+)>") do
    if not names[name] then
      local near = nearest(name, list)
      local known = #list > 0 and ("the columns are " .. table.concat(list, ", ")) or "the Examples have no header"
      out[#out + 1] = { line = line, column = column, message = ("placeholder <%s> in %s is not an Examples column, "
        .. "so it runs as the literal text '<%s>'; %s"):format(name, where, name,
        near and ("did you mean <" .. near .. ">?") or known) }
    end
  end
end

local function check_scenario(out, scenario)
  if not scenario.outline or #(scenario.examples or {}) == 0 then return end
  local names, list = columns_of(scenario)
  if #list == 0 then return end
  check_text(out, scenario.name or "", scenario.line, scenario.column, names, list, "the scenario's name")
  for _, step in ipairs(scenario.steps or {}) do
    check_text(out, step.text or "", step.line, step.column, names, list, "a step")
    for _, row in ipairs(step.data_table or {}) do
      for _, cell in ipairs(row.cells or {}) do
        check_text(out, cell.value or "", row.line, cell.column or row.column, names, list, "a data table")
      end
    end
    if step.doc_string then
      check_text(out, step.doc_string.content or "", step.line, step.column, names, list, "a doc string")
    end
  end
end

---The warnings for a parsed document's outlines (`{line, column, message}`, as the parser's own).
---@param doc {feature?: table}
---@return fscript.GherkinError[]
function M.check(doc)
  local out = {}
  local function walk(children)
    for _, child in ipairs(children or {}) do
      if child.scenario then check_scenario(out, child.scenario) end
      if child.rule then walk(child.rule.children) end
    end
  end
  walk(doc and doc.feature and doc.feature.children)
  return out
end

return M

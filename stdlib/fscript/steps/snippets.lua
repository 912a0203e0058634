---Ready-to-paste step definitions for undefined steps, as cucumber prints them: a Cucumber Expression generated
---from the step text with the parameter types that exist and are used for snippets (`I add "milk" 2 times` →
---`I add {string} {int} times`; a suite's own types with `use_for_snippets` too), one parameter per
---placeholder, and a body that is pending until it is written (it returns "pending", as cucumber's snippets do).
local generator = require("fscript.steps.expression.generator")
local parameter_types = require("fscript.steps.expression.parameter_types")
local util = require("fscript.util")

local M = {}

local NAMES = { string = "text", int = "n", float = "x", word = "word", [""] = "arg" }

---What a snippet says when making it was stopped (Ctrl-C, SIGTERM or the scenario's time limit) earlier in the run.
M.STOPPED = "-- No snippet for this step: making it was stopped (Ctrl-C or the time limit)."

-- The expressions made of each text, per parameter-type registry (and its version), or false where making them was
-- stopped: a run makes an undefined step's snippets when the step fails and again for the closing list, and
-- should neither pay twice nor start again, after Ctrl-C, what Ctrl-C stopped.
local made = setmetatable({}, { __mode = "k" })

-- The generated expressions of `text`, or false when making them was stopped before.
local function expressions(text, types)
  if not types then return generator.generate(text, parameter_types.new()) end
  local cache = made[types]
  if not cache or cache.version ~= types.version then
    cache = { version = types.version, texts = {} }
    made[types] = cache
  end
  local known = cache.texts[text]
  if known ~= nil then return known end
  local ok, result = pcall(generator.generate, text, types)
  if not ok then
    if util.is_fatal(result) then cache.texts[text] = false end
    error(result, 0)
  end
  cache.texts[text] = result
  return result
end

---One snippet.
---@param text string the undefined step's text
---@param argument? "table"|"doc" the step's data table or doc string, passed as the last parameter
---@param types? fscript.ParameterTypes the registry's parameter types (default: the built-in ones)
---@return string
function M.snippet(text, argument, types)
  local list = expressions(text, types)
  if not list then return M.STOPPED end
  return M.of_expression(list[1], argument)
end

---Every snippet cucumber would suggest: one per expression the generator makes of the text (`8` reads as
---`{int}` and as `{float}`), the best first; none when making them was stopped before.
---@param text string
---@param argument? "table"|"doc"
---@param types? fscript.ParameterTypes
---@return string[]
function M.snippets(text, argument, types)
  local out = {}
  for i, expression in ipairs(expressions(text, types) or {}) do
    out[i] = M.of_expression(expression, argument)
  end
  return out
end

---The snippet of one generated expression. When only the first bytes of a long step were searched for
---parameters, a comment above the definition says so.
---@param expression {source: string, types: table[], searched?: integer}
---@param argument? "table"|"doc"
---@return string
function M.of_expression(expression, argument)
  local generalized = expression.source
  local params, seen = {}, {}
  for _, t in ipairs(expression.types) do
    local base = NAMES[t.name] or t.name:gsub("[^%w_]", "_"):gsub("^(%d)", "_%1")
    seen[base] = (seen[base] or 0) + 1
    params[#params + 1] = seen[base] > 1 and (base .. seen[base]) or base
  end
  if argument == "table" then params[#params + 1] = "rows" elseif argument == "doc" then params[#params + 1] = "doc" end
  local note = expression.searched and ("-- Only the first %d bytes of this step were searched for parameters; "
    .. "the rest is literal.\n"):format(expression.searched) or ""
  return ('%sstep(%q, function(%s)\n  return "pending"\nend)'):format(note, generalized, table.concat(params, ", "))
end

---The block for a list of undefined steps (each `{text =, argument =, where =}`), each text once: where they
---are, then their snippets. Empty when the list is.
---@param undefined {text: string, argument?: string, where?: string}[]
---With the registry, each step is followed by the nearest defined ones ("did you mean"), before any snippet: a
---typo is more likely than a step nobody wrote.
---@param types? fscript.ParameterTypes the registry's parameter types (default: the built-in ones)
---@param registry? fscript.Registry the run's steps, for "did you mean"
---@return string
function M.block(undefined, types, registry)
  if #undefined == 0 then return "" end
  local lines, snippets, seen = {}, {}, {}
  lines[1] = ("%d undefined step%s:"):format(#undefined, #undefined == 1 and "" or "s")
  for _, u in ipairs(undefined) do
    lines[#lines + 1] = ("  %s%s"):format(u.text, u.where and ("  (" .. u.where .. ")") or "")
    local nearest = registry and registry:nearest(u.text, 3) or {}
    for i, def in ipairs(nearest) do
      lines[#lines + 1] = ("    %s %s  (%s)"):format(i == 1 and "did you mean:" or "          or:", def.pattern,
        def.location or require("fscript.steps.registry").location(def))
    end
    local snippet = M.snippet(u.text, u.argument, types)
    if not seen[snippet] then
      seen[snippet] = true
      snippets[#snippets + 1] = snippet
    end
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = "Define them in a Lua file under step_definitions/ (these compile as they are):"
  lines[#lines + 1] = ""
  lines[#lines + 1] = table.concat(snippets, "\n\n")
  return table.concat(lines, "\n") .. "\n"
end

return M

---Compiles a Cucumber Expression's tree into one anchored regular expression (ICU syntax): text is escaped,
---an optional becomes `(?:…)?`, an alternation `(?:a|b)`, a parameter one capturing group around its type's
---regexps. It checks what the grammar lets through but cucumber forbids (empty optionals and alternatives,
---parameters or optionals inside an optional, unknown parameter types) with cucumber's errors.
local errors = require("fscript.steps.expression.errors")
local parser = require("fscript.steps.expression.parser")

local M = {}

local function escape(text)
  return (text:gsub("[\\%^%[%(%{%$%.%|%?%*%+%}%)%]]", "\\%0"))
end

local function count(node, node_type)
  local n, first = 0, nil
  for _, child in ipairs(node.nodes or {}) do
    if child.type == node_type then
      n = n + 1
      first = first or child
    end
  end
  return n, first
end

local rewrite

local function rewrite_all(state, nodes, separator)
  local parts = {}
  for i, child in ipairs(nodes or {}) do parts[i] = rewrite(state, child) end
  return table.concat(parts, separator or "")
end

local function rewrite_optional(state, node)
  local params, first_param = count(node, "PARAMETER_NODE")
  if params > 0 then error(errors.parameter_in_optional(state.expression, first_param), 0) end
  local optionals, first_optional = count(node, "OPTIONAL_NODE")
  if optionals > 0 then error(errors.optional_in_optional(state.expression, first_optional), 0) end
  if count(node, "TEXT_NODE") == 0 then error(errors.optional_empty(state.expression, node), 0) end
  return "(?:" .. rewrite_all(state, node.nodes) .. ")?"
end

local function rewrite_alternation(state, node)
  for _, alternative in ipairs(node.nodes) do
    if #alternative.nodes == 0 then error(errors.alternative_empty(state.expression, alternative), 0) end
    if count(alternative, "TEXT_NODE") == 0 then
      error(errors.alternative_only_optionals(state.expression, alternative), 0)
    end
  end
  return "(?:" .. rewrite_all(state, node.nodes, "|") .. ")"
end

local function rewrite_parameter(state, node)
  local name = parser.text(node)
  local parameter_type = state.types:lookup(name)
  if not parameter_type and state.lenient then return "()" end
  if not parameter_type then error(errors.undefined_parameter_type(state.expression, node, name), 0) end
  state.parameters[#state.parameters + 1] = parameter_type
  local regexps = parameter_type.regexps
  if #regexps == 1 then return "(" .. regexps[1] .. ")" end
  return "((?:" .. table.concat(regexps, ")|(?:") .. "))"
end

rewrite = function(state, node)
  local kind = node.type
  if kind == "TEXT_NODE" then return escape(node.token) end
  if kind == "OPTIONAL_NODE" then return rewrite_optional(state, node) end
  if kind == "ALTERNATION_NODE" then return rewrite_alternation(state, node) end
  if kind == "ALTERNATIVE_NODE" then return rewrite_all(state, node.nodes) end
  if kind == "PARAMETER_NODE" then return rewrite_parameter(state, node) end
  return "^" .. rewrite_all(state, node.nodes) .. "$"
end

---The regular expression of an expression and the parameter types of its groups, in order. `lenient` lets
---unknown parameter types through (checking the rest where a step is defined, before its types may exist).
---@param expression string
---@param types fscript.ParameterTypes
---@param lenient? boolean
---@return string regex
---@return fscript.ParameterType[] parameters
function M.compile(expression, types, lenient)
  local state = { expression = expression, types = types, parameters = {}, lenient = lenient }
  local regex = rewrite(state, parser.parse(expression))
  return regex, state.parameters
end

return M

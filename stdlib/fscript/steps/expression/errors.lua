---Cucumber Expression errors with cucumber's own wording, so a message reads the same as in cucumber-js,
---cucumber-ruby or cucumber-jvm: "This Cucumber Expression has a problem at column N:", the expression, a pointer
---under the offending part, the problem and a way out. Positions are code-point indices counted from 0.
local M = {}

---@class fscript.expression.Located
---@field start integer
---@field stop integer

-- A caret under `index`.
local function point_at(index)
  return string.rep(" ", index) .. "^"
end

-- A caret under the start of `located`, dashes under its middle and a caret under its last character.
local function point_at_located(located)
  local pointer = point_at(located.start)
  if located.start + 1 < located.stop then
    pointer = pointer .. string.rep("-", located.stop - located.start - 2) .. "^"
  end
  return pointer
end

---The message cucumber builds for a problem at a position.
---@param index integer
---@param expression string
---@param pointer string
---@param problem string
---@param solution string
---@return string
local function message(index, expression, pointer, problem, solution)
  return ("This Cucumber Expression has a problem at column %d:\n\n%s\n%s\n%s.\n%s"):format(index + 1, expression,
    pointer, problem, solution)
end

local SYMBOLS = { BEGIN_OPTIONAL = "(", END_OPTIONAL = ")", BEGIN_PARAMETER = "{", END_PARAMETER = "}",
  ALTERNATION = "/" }
local PURPOSES = { BEGIN_OPTIONAL = "optional text", END_OPTIONAL = "optional text", BEGIN_PARAMETER = "a parameter",
  END_PARAMETER = "a parameter", ALTERNATION = "alternation" }

---The character of a token type: `(` for BEGIN_OPTIONAL.
---@param token_type string
---@return string
function M.symbol(token_type)
  return SYMBOLS[token_type] or ""
end

function M.cant_escape(expression, index)
  return message(index, expression, point_at(index),
    "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
    "If you did mean to use an '\\' you can use '\\\\' to escape it")
end

function M.end_of_line_escaped(expression, length)
  return message(length - 1, expression, point_at(length - 1), "The end of line can not be escaped",
    "You can use '\\\\' to escape the '\\'")
end

function M.missing_end_token(expression, begin_type, end_type, token)
  local begin_symbol, purpose = SYMBOLS[begin_type], PURPOSES[begin_type]
  return message(token.start, expression, point_at_located(token),
    ("The '%s' does not have a matching '%s'"):format(begin_symbol, SYMBOLS[end_type]),
    ("If you did not intend to use %s you can use '\\%s' to escape the %s"):format(purpose, begin_symbol, purpose))
end

function M.alternation_in_optional(expression, token)
  return message(token.start, expression, point_at_located(token),
    "An alternation can not be used inside an optional",
    "If you did not mean to use an alternation you can use '\\/' to escape the '/'. Otherwise rephrase your "
      .. "expression or consider using a regular expression instead.")
end

function M.invalid_parameter_name(expression, token)
  return message(token.start, expression, point_at_located(token),
    "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'", "Did you mean to use a regular expression?")
end

function M.alternative_only_optionals(expression, node)
  return message(node.start, expression, point_at_located(node),
    "An alternative may not exclusively contain optionals",
    "If you did not mean to use an optional you can use '\\(' to escape the '('")
end

function M.alternative_empty(expression, node)
  return message(node.start, expression, point_at_located(node), "Alternative may not be empty",
    "If you did not mean to use an alternative you can use '\\/' to escape the '/'")
end

function M.optional_empty(expression, node)
  return message(node.start, expression, point_at_located(node), "An optional must contain some text",
    "If you did not mean to use an optional you can use '\\(' to escape the '('")
end

function M.parameter_in_optional(expression, node)
  return message(node.start, expression, point_at_located(node), "An optional may not contain a parameter type",
    "If you did not mean to use an parameter type you can use '\\{' to escape the '{'")
end

function M.optional_in_optional(expression, node)
  return message(node.start, expression, point_at_located(node), "An optional may not contain an other optional",
    "If you did not mean to use an optional type you can use '\\(' to escape the '('. For more complicated "
      .. "expressions consider using a regular expression instead.")
end

function M.undefined_parameter_type(expression, node, name)
  return message(node.start, expression, point_at_located(node), ("Undefined parameter type '%s'"):format(name),
    ("Please register a ParameterType for '%s'"):format(name))
end

return M

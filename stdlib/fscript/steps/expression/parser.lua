---The Cucumber Expression parser: tokens become a tree of EXPRESSION, TEXT, OPTIONAL `(…)`, ALTERNATION (of
---ALTERNATIVE nodes, `a/b`) and PARAMETER `{name}` nodes, with cucumber's grammar and errors:
---
---    expression  := (alternation | optional | parameter | text)*
---    alternation := (after start, space or `}`) alternative* ('/' alternative*)+ (until space, `{` or end)
---    optional    := '(' (optional | parameter | text)* ')'
---    parameter   := '{' name* '}'
---
---Each parser answers how many tokens it took (0: not this kind) and the nodes it made.
local errors = require("fscript.steps.expression.errors")
local tokenizer = require("fscript.steps.expression.tokenizer")

local M = {}

---@class fscript.expression.Node
---@field type string
---@field nodes? fscript.expression.Node[]
---@field token? string the text of a TEXT node (and of a separator while parsing)
---@field start integer
---@field stop integer

---The text a node stands for: its token, or its children's text joined.
---@param node fscript.expression.Node
---@return string
function M.text(node)
  if node.nodes and #node.nodes > 0 then
    local parts = {}
    for i, child in ipairs(node.nodes) do parts[i] = M.text(child) end
    return table.concat(parts)
  end
  return node.token or ""
end

local function looking_at(tokens, at, kind)
  if at < 1 then return kind == "START_OF_LINE" end
  if at > #tokens then return kind == "END_OF_LINE" end
  return tokens[at].type == kind
end

local function looking_at_any(tokens, at, kinds)
  for _, kind in ipairs(kinds) do
    if looking_at(tokens, at, kind) then return true end
  end
  return false
end

local function text_node(token)
  return { type = "TEXT_NODE", token = token.text, start = token.start, stop = token.stop }
end

local TEXT_TYPES = { WHITE_SPACE = true, TEXT = true, END_PARAMETER = true, END_OPTIONAL = true }

local function parse_text(expression, tokens, at)
  local token = tokens[at]
  if TEXT_TYPES[token.type] then return 1, { text_node(token) } end
  if token.type == "ALTERNATION" then error(errors.alternation_in_optional(expression, token), 0) end
  return 0, {}
end

local NOT_IN_NAME = { BEGIN_OPTIONAL = true, END_OPTIONAL = true, BEGIN_PARAMETER = true, END_PARAMETER = true,
  ALTERNATION = true }

local function parse_name(expression, tokens, at)
  local token = tokens[at]
  if token.type == "WHITE_SPACE" or token.type == "TEXT" then return 1, { text_node(token) } end
  if NOT_IN_NAME[token.type] then error(errors.invalid_parameter_name(expression, token), 0) end
  return 0, {}
end

-- Runs the first parser that takes something, token after token, until one of `stops` (or the end).
local function parse_until(expression, parsers, tokens, at, stops)
  local current, nodes = at, {}
  while current <= #tokens and not looking_at_any(tokens, current, stops) do
    local taken, made = 0, nil
    for _, parse in ipairs(parsers) do
      taken, made = parse(expression, tokens, current)
      if taken > 0 then break end
    end
    if taken == 0 then error("no parser for the token at " .. tostring(tokens[current].start), 0) end
    for _, node in ipairs(made) do nodes[#nodes + 1] = node end
    current = current + taken
  end
  return current - at, nodes
end

-- A parser for `begin … end` producing a node of `node_type` whose children come from `parsers`.
local function between(node_type, begin_type, end_type, parsers)
  return function(expression, tokens, at)
    if not looking_at(tokens, at, begin_type) then return 0, {} end
    local taken, nodes = parse_until(expression, parsers, tokens, at + 1, { end_type, "END_OF_LINE" })
    local close = at + 1 + taken
    if not looking_at(tokens, close, end_type) then
      error(errors.missing_end_token(expression, begin_type, end_type, tokens[at]), 0)
    end
    return close + 1 - at, { { type = node_type, nodes = nodes, start = tokens[at].start, stop = tokens[close].stop } }
  end
end

local parse_parameter = between("PARAMETER_NODE", "BEGIN_PARAMETER", "END_PARAMETER", { parse_name })
local optional_parsers = {}
local parse_optional = between("OPTIONAL_NODE", "BEGIN_OPTIONAL", "END_OPTIONAL", optional_parsers)
optional_parsers[1], optional_parsers[2], optional_parsers[3] = parse_optional, parse_parameter, parse_text

local function parse_separator(_, tokens, at)
  local token = tokens[at]
  if token.type ~= "ALTERNATION" then return 0, {} end
  return 1, { { type = "SEPARATOR", token = token.text, start = token.start, stop = token.stop } }
end

-- Groups the nodes between separators into ALTERNATIVE nodes spanning from separator to separator.
local function split_alternatives(start, stop, nodes)
  local alternatives, current, from = {}, {}, start
  for _, node in ipairs(nodes) do
    if node.type == "SEPARATOR" then
      alternatives[#alternatives + 1] = { type = "ALTERNATIVE_NODE", nodes = current, start = from, stop = node.start }
      current, from = {}, node.stop
    else
      current[#current + 1] = node
    end
  end
  alternatives[#alternatives + 1] = { type = "ALTERNATIVE_NODE", nodes = current, start = from, stop = stop }
  return alternatives
end

local alternative_parsers = { parse_separator, parse_optional, parse_parameter, parse_text }

local function parse_alternation(expression, tokens, at)
  if not looking_at_any(tokens, at - 1, { "START_OF_LINE", "WHITE_SPACE", "END_PARAMETER" }) then return 0, {} end
  local taken, nodes = parse_until(expression, alternative_parsers, tokens, at,
    { "WHITE_SPACE", "END_OF_LINE", "BEGIN_PARAMETER" })
  local has_separator = false
  for _, node in ipairs(nodes) do
    if node.type == "SEPARATOR" then has_separator = true end
  end
  if not has_separator then return 0, {} end
  local start, stop = tokens[at].start, tokens[at + taken].start
  return taken, { { type = "ALTERNATION_NODE", nodes = split_alternatives(start, stop, nodes), start = start,
    stop = stop } }
end

local parse_expression = between("EXPRESSION_NODE", "START_OF_LINE", "END_OF_LINE",
  { parse_alternation, parse_optional, parse_parameter, parse_text })

---Parses an expression into its tree; a malformed expression raises cucumber's error.
---@param expression string
---@return fscript.expression.Node
function M.parse(expression)
  local tokens = tokenizer.tokenize(expression)
  local _, nodes = parse_expression(expression, tokens, 1)
  return nodes[1]
end

return M

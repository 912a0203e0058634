---The capture groups of a regular expression as a tree, found by reading its source: each group's number (as
---the regex engine counts them), its source text and its top-level capturing children. A match answers a flat
---list of captures; this says which of them belong to which parameter, and what a parameter type's own inner
---groups are (`{string}`'s two quote kinds), as cucumber's TreeRegexp does.
---Non-capturing constructs `(?:…)`, look-arounds `(?=…)`, atomic groups, inline flags are not groups; their
---capturing children belong to the enclosing group. Named groups `(?<n>…)` are capturing.
local M = {}

---@class fscript.expression.Group
---@field index integer the capture number (0 for the whole expression)
---@field source string the text between the parentheses
---@field children fscript.expression.Group[]

-- True when the `(` at `i` opens a capturing group.
local function capturing(source, i)
  if source:sub(i + 1, i + 1) ~= "?" then return true end
  local after = source:sub(i + 2, i + 3)
  if after:sub(1, 1) == "<" and not after:match("^<[=!]") then return true end
  return after:sub(1, 2) == "P<"
end

---Reads the groups of `source`.
---@param source string
---@return fscript.expression.Group root the whole expression, its children the top-level capturing groups
function M.tree(source)
  local root = { index = 0, source = source, children = {} }
  local stack = { { group = root } } -- entries {group=, open=} ; group nil for a non-capturing construct
  local count, i, n = 0, 1, #source
  local function owner()
    for k = #stack, 1, -1 do
      if stack[k].group then return stack[k].group end
    end
  end
  while i <= n do
    local c = source:sub(i, i)
    if c == "\\" then
      i = i + 1
    elseif c == "[" then
      i = i + 1
      if source:sub(i, i) == "^" then i = i + 1 end
      if source:sub(i, i) == "]" then i = i + 1 end
      while i <= n and source:sub(i, i) ~= "]" do
        if source:sub(i, i) == "\\" then i = i + 1 end
        i = i + 1
      end
    elseif c == "(" then
      if capturing(source, i) then
        count = count + 1
        local group = { index = count, children = {} }
        local parent = owner()
        parent.children[#parent.children + 1] = group
        stack[#stack + 1] = { group = group, open = i }
      else
        stack[#stack + 1] = { open = i }
      end
    elseif c == ")" and #stack > 1 then
      local entry = table.remove(stack)
      if entry.group then entry.group.source = source:sub(entry.open + 1, i - 1) end
    end
    i = i + 1
  end
  return root
end

return M

---The order scenarios run in, as cucumber's `--order` says: `defined` (as written: files in the order given,
---scenarios in file order), `reverse`, or `random` / `random:SEED`. fscript runs a file's scenarios together (they
---share the file's top level and hooks), so `reverse` reverses the files and the scenarios in each, which is the
---whole list reversed, and `random` shuffles the files, then the scenarios in each, from one seeded sequence: the
---same seed and the same files give the same order. A random run without a seed picks one and prints it.
local M = {}

---@class fscript.Order
---@field mode "defined"|"reverse"|"random"
---@field seed? integer
---@field next? fun(n: integer): integer a number from 1 to n, for `random`

-- xorshift64: a small generator whose sequence depends only on the seed (math.random's may change with Lua).
local function generator(seed)
  local state = seed ~ 0x2545F4914F6CDD1D
  if state == 0 then state = 1 end
  return function(n)
    state = state ~ (state << 13)
    state = state ~ (state >> 7)
    state = state ~ (state << 17)
    return (state >> 1) % n + 1
  end
end

---Reads `--order`; nil (the default) is `defined`. Answers nil and why for anything else.
---@param text? string
---@param pick_seed? fun(): integer where a seed comes from when `random` has none (default: the clock)
---@return fscript.Order? order
---@return string? err
function M.parse(text, pick_seed)
  if text == nil or text == "defined" then return { mode = "defined" } end
  if text == "reverse" then return { mode = "reverse" } end
  if type(text) == "string" then
    local seed = text:match("^random:(%d+)$")
    if text == "random" or seed then
      seed = seed and math.tointeger(tonumber(seed))
      if text ~= "random" and not seed then return nil, ("--order %s: the seed is too large"):format(text) end
      seed = seed or (pick_seed and pick_seed() or (os.time() % 1000000))
      return { mode = "random", seed = seed, given = text ~= "random", next = generator(seed) }
    end
  end
  return nil, ("--order must be defined, reverse, random or random:SEED, got %s"):format(tostring(text))
end

---The positions 1..n in the order's sequence (the same list for `defined`).
---@param order fscript.Order
---@param n integer
---@return integer[]
function M.positions(order, n)
  local list = {}
  for i = 1, n do list[i] = i end
  if order.mode == "reverse" then
    for i = 1, n // 2 do list[i], list[n + 1 - i] = list[n + 1 - i], list[i] end
  elseif order.mode == "random" then
    for i = n, 2, -1 do
      local j = order.next(i)
      list[i], list[j] = list[j], list[i]
    end
  end
  return list
end

---A list's items in the order's sequence (a new list).
---@generic T
---@param order fscript.Order
---@param items T[]
---@return T[]
function M.apply(order, items)
  local out = {}
  for i, position in ipairs(M.positions(order, #items)) do out[i] = items[position] end
  return out
end

return M

---The order scenarios run in, as cucumber's `--order` says: `defined` (as written: files in the order given,
---scenarios in file order), `reverse`, or `random` / `random:SEED`. fscript runs a file's scenarios together (they
---share the file's top level and hooks), so `reverse` reverses the files and the scenarios in each, which is the
---whole list reversed, and `random` shuffles the files, then the scenarios in each. A random run without a seed
---picks one and prints it.
---
---The order is a function of the seed and what is ordered, never of what ran before: the files' order depends on
---the seed and the file list, a file's scenarios on the seed, the file's path and their number. So a worker of a
---parallel run, a shard and a serial run, given the same seed, put every file and scenario in the same place,
---whichever part of the run each of them runs, and the parent and `merge-reports` can put reports back in it.
local M = {}

---@class fscript.Order
---@field mode "defined"|"reverse"|"random"
---@field seed? integer for `random`
---@field given? boolean the seed was given (`random:SEED`), not picked

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
      return { mode = "random", seed = seed, given = text ~= "random" }
    end
  end
  return nil, ("--order must be defined, reverse, random or random:SEED, got %s"):format(tostring(text))
end

-- FNV-1a over the text: what a file's path adds to the seed of its scenarios' shuffle.
local function hash(text)
  local h = 0xcbf29ce484222325
  for i = 1, #text do h = (h ~ text:byte(i)) * 0x100000001b3 end
  return h
end

---The positions 1..n in the order's sequence (the same list for `defined`). `salt` (a file's path) picks which
---shuffle a random order makes, so each list shuffles on its own and the same way every time.
---@param order fscript.Order
---@param n integer
---@param salt? string
---@return integer[]
function M.positions(order, n, salt)
  local list = {}
  for i = 1, n do list[i] = i end
  if order.mode == "reverse" then
    for i = 1, n // 2 do list[i], list[n + 1 - i] = list[n + 1 - i], list[i] end
  elseif order.mode == "random" then
    local next = generator(salt and (order.seed ~ hash(salt)) or order.seed)
    for i = n, 2, -1 do
      local j = next(i)
      list[i], list[j] = list[j], list[i]
    end
  end
  return list
end

---The positions of a file's `n` scenarios in the order they run.
---@param order fscript.Order
---@param path string the file, as the run names it
---@param n integer
---@return integer[]
function M.scenarios(order, path, n)
  return M.positions(order, n, "scenarios of " .. path)
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

---Whether case `a` comes before case `b` of the same file in the run: by their place in the run's order (the
---file's top level first), then by position (`fscript.events.collector` sorts gathered cases by it).
M.case_before = require("fscript.events.collector").case_before

return M

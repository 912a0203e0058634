---Tag filters, as `--tags` takes them: a comma-separated list of terms. A term `smoke` includes, a term
---`~slow` excludes; a leading `@` is ignored (`@smoke` = `smoke`) and so are spaces around terms.
---A scenario runs when it has NONE of the excluded tags and, if there is at least one include term,
---at least ONE of the included tags. So `smoke,~slow` = (smoke) and not slow; `a,b` = a or b;
---`~wip` = everything but wip; an empty or missing filter runs everything.
local M = {}

---@class fscript.TagFilter
---@field include table<string, true>
---@field exclude table<string, true>
---@field has_include boolean
---@field source string

local function normalize(tag)
  return (tag:gsub("^%s+", ""):gsub("%s+$", ""):gsub("^@", ""))
end

---Parses a filter. A malformed term (an empty `~`, spaces inside a tag) is an expected failure: nil, message.
---@param spec? string
---@return fscript.TagFilter? filter
---@return string? err
function M.parse(spec)
  local filter = { include = {}, exclude = {}, has_include = false, source = spec or "" }
  if spec == nil or spec:match("^%s*$") then return filter end
  for term in (spec .. ","):gmatch("([^,]*),") do
    local negated, name = term:match("^%s*(~?)(.-)%s*$")
    name = normalize(name)
    if name == "" or name:find("[%s~,]") then
      return nil, ("bad tag filter %q: term %q is not a tag (write smoke,~slow)"):format(spec, term)
    end
    if negated == "~" then
      filter.exclude[name] = true
    else
      filter.include[name] = true
      filter.has_include = true
    end
  end
  return filter
end

---Whether a scenario with these tags runs under the filter.
---@param filter fscript.TagFilter
---@param tags string[]
---@return boolean
function M.matches(filter, tags)
  local included = not filter.has_include
  for _, tag in ipairs(tags) do
    tag = normalize(tag)
    if filter.exclude[tag] then return false end
    if filter.include[tag] then included = true end
  end
  return included
end

return M

---A step's data table with cucumber's helpers (cucumber-js's and cucumber-ruby's `DataTable`): `raw`, `rows`,
---`hashes`, `rows_hash` and `transpose`. The object still indexes as the list of rows it was made from, so a
---step written for a plain list keeps working: `data[1][1]`, `#data`, `ipairs(data)`.
---
---```lua
---step("these users exist:", function(users)
---  for _, user in ipairs(users:hashes()) do create(user.name, user.email) end
---end)
---```
local M = {}

---@class fscript.DataTable
---@field [integer] string[] the rows, header first, each a list of cell texts
---@field doc_string? string the step's doc string, when it has both (a Gherkin step cannot; a Lua call can)
local DataTable = {}
DataTable.__index = DataTable
DataTable.__name = "fscript.DataTable"

-- Raises "bad argument #1 to 'NAME'" unless `self` is a data table: a method called with `.` instead of `:`.
local function check_self(self, name)
  if getmetatable(self) ~= DataTable then
    local got = self == nil and "no value" or type(self)
    error(("bad argument #1 to '%s' (fscript.DataTable expected, got %s); call it with a colon: rows:%s()")
      :format(name, got, name), 3)
  end
end

local function copy(row)
  local out = {}
  for i, cell in ipairs(row) do out[i] = cell end
  return out
end

---True when `value` is a non-empty list of lists of strings: what a Lua scenario writes for a data table
---(`Given("…", {{"name", "email"}, {"alice", "a@b.c"}})`).
---@param value any
---@return boolean
function M.is_rows(value)
  if type(value) ~= "table" or getmetatable(value) ~= nil or #value == 0 then return false end
  for _, row in ipairs(value) do
    if type(row) ~= "table" or getmetatable(row) ~= nil then return false end
    for _, cell in ipairs(row) do
      if type(cell) ~= "string" then return false end
    end
  end
  return true
end

---True for a data table object.
---@param value any
---@return boolean
function M.is(value)
  return getmetatable(value) == DataTable
end

---A data table of `rows` (copied), each a list of strings.
---@param rows string[][]
---@param doc_string? string
---@return fscript.DataTable
function M.new(rows, doc_string)
  if type(rows) ~= "table" then
    error(("bad argument #1 to 'new' (table expected, got %s)"):format(type(rows)), 2)
  end
  local self = setmetatable({}, DataTable)
  for i, row in ipairs(rows) do
    if type(row) ~= "table" then
      error(("bad argument #1 to 'new' (row %d must be a list of strings, got %s)"):format(i, type(row)), 2)
    end
    for j, cell in ipairs(row) do
      if type(cell) ~= "string" then
        error(("bad argument #1 to 'new' (row %d, column %d must be a string, got %s)"):format(i, j, type(cell)), 2)
      end
    end
    self[i] = copy(row)
  end
  if doc_string ~= nil and type(doc_string) ~= "string" then
    error(("bad argument #2 to 'new' (string expected, got %s)"):format(type(doc_string)), 2)
  end
  self.doc_string = doc_string
  return self
end

---A step's data argument with the helpers when it is a list of lists of strings (see `is_rows`; a string
---`doc_string` field on it stays); anything else (a doc string, a plain list, a data table) as it is.
---@param value any
---@return any
function M.from(value)
  if not M.is_rows(value) then return value end
  local doc_string = value.doc_string
  return M.new(value, type(doc_string) == "string" and doc_string or nil)
end

---Every row, header included, as new lists (changing them leaves the table alone).
---@return string[][]
function DataTable:raw()
  check_self(self, "raw")
  local out = {}
  for i, row in ipairs(self) do out[i] = copy(row) end
  return out
end

---Every row but the first (the header), as new lists.
---@return string[][]
function DataTable:rows()
  check_self(self, "rows")
  local out = {}
  for i = 2, #self do out[i - 1] = copy(self[i]) end
  return out
end

---One map per row after the header, from each header cell to the row's cell below it:
---`| name | email |` over `| alice | a@b.c |` gives `{{name = "alice", email = "a@b.c"}}`.
---@return table<string, string>[]
function DataTable:hashes()
  check_self(self, "hashes")
  local header, out = self[1] or {}, {}
  for i = 2, #self do
    local hash = {}
    for j, key in ipairs(header) do hash[key] = self[i][j] end
    out[i - 1] = hash
  end
  return out
end

---A map from each row's first cell to its second, for a two-column table of names and values (no header):
---`| name | alice |` over `| email | a@b.c |` gives `{name = "alice", email = "a@b.c"}`. A row that has not
---exactly two cells raises, as cucumber's `rowsHash` does.
---@return table<string, string>
function DataTable:rows_hash()
  check_self(self, "rows_hash")
  local out = {}
  for i, row in ipairs(self) do
    if #row ~= 2 then
      error(("rows_hash needs a table whose every row has exactly two columns (a name and its value); row %d has "
        .. "%d: | %s |"):format(i, #row, table.concat(row, " | ")), 2)
    end
    out[row[1]] = row[2]
  end
  return out
end

---A new data table with rows and columns swapped (the first column becomes the header).
---@return fscript.DataTable
function DataTable:transpose()
  check_self(self, "transpose")
  local rows = {}
  for j = 1, #(self[1] or {}) do
    local row = {}
    for i = 1, #self do row[i] = self[i][j] or "" end
    rows[j] = row
  end
  return M.new(rows)
end

return M

-- Spec: a step's data table has cucumber's helpers (raw, rows, hashes, rows_hash, transpose) and still indexes as
-- its list of rows; Gherkin data tables and the plain lists of lists a Lua scenario passes both arrive as one.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local data_table = require("fscript.steps.data_table")
local runner = require("fscript.runner")
local util = require("fscript.util")

local function joined(rows)
  local out = {}
  for i, row in ipairs(rows) do out[i] = table.concat(row, ",") end
  return table.concat(out, "|")
end

local function pairs_of(hash)
  local keys = {}
  for k in pairs(hash) do keys[#keys + 1] = k end
  table.sort(keys)
  for i, k in ipairs(keys) do keys[i] = k .. "=" .. hash[k] end
  return table.concat(keys, ",")
end

local source = { { "name", "email" }, { "alice", "a@b.c" }, { "bob", "b@c.d" } }
local users = data_table.new(source, "notes")

-- Still the list of rows: old step definitions keep working.
check.equal(3, #users, "#rows counts every row, the header too")
check.equal("alice", users[2][1], "rows[2][1]")
local seen = {}
for i, row in ipairs(users) do seen[i] = row[1] end
check.equal("name,alice,bob", table.concat(seen, ","), "ipairs walks the rows")
check.equal("notes", users.doc_string, "doc_string as before")
source[2][1] = "changed"
check.equal("alice", users[2][1], "the table copied its rows")

-- cucumber's helpers
check.equal("name,email|alice,a@b.c|bob,b@c.d", joined(users:raw()), "raw: every row")
local raw = users:raw()
raw[1][1] = "changed"
check.equal("name", users[1][1], "raw: copies")
check.equal("alice,a@b.c|bob,b@c.d", joined(users:rows()), "rows: all but the header")
local hashes = users:hashes()
check.equal(2, #hashes, "hashes: one per row after the header")
check.equal("email=a@b.c,name=alice", pairs_of(hashes[1]), "hashes: header → value")
check.equal("email=b@c.d,name=bob", pairs_of(hashes[2]), "hashes: the second row")
local transposed = users:transpose()
check.truthy(data_table.is(transposed), "transpose: a new data table")
check.equal("name,alice,bob|email,a@b.c,b@c.d", joined(transposed), "transpose: rows become columns")
check.equal("name,email|alice,a@b.c|bob,b@c.d", joined(users), "transpose leaves the table alone")
local settings = data_table.new({ { "user", "alice" }, { "theme", "dark" } })
check.equal("theme=dark,user=alice", pairs_of(settings:rows_hash()), "rows_hash: first column → second")
check.equal("", pairs_of(data_table.new({}):rows_hash()), "an empty table: an empty hash")
check.equal(0, #data_table.new({}):hashes(), "an empty table: no hashes")

-- Misuse says what was wrong and what to do.
check.contains(check.raises(function() data_table.new({ { "a", "b", "c" } }):rows_hash() end, "rows_hash 3"),
  "rows_hash needs a table whose every row has exactly two columns (a name and its value); row 1 has 3: | a | b | c |",
  "rows_hash: a row of three columns")
check.contains(check.raises(function() return users.hashes() end, "dot call"),
  "bad argument #1 to 'hashes' (fscript.DataTable expected, got no value); call it with a colon: rows:hashes()",
  "a method called with a dot")
check.contains(check.raises(function() data_table.new("a") end, "new string"),
  "bad argument #1 to 'new' (table expected, got string)", "new: not a table")
check.contains(check.raises(function() data_table.new({ { "a", 1 } }) end, "new number"),
  "bad argument #1 to 'new' (row 1, column 2 must be a string, got number)", "new: not a string")

-- from: only lists of lists of strings become data tables.
check.truthy(data_table.is(data_table.from({ { "a" }, { "b" } })), "a list of lists of strings")
check.equal("x", data_table.from({ { "a" }, doc_string = "x" }).doc_string, "its doc_string stays")
local mixed = { "Apples", { "Pears" } }
check.equal(mixed, data_table.from(mixed), "a plain list stays as it is")
check.equal("doc", data_table.from("doc"), "a doc string stays as it is")
check.equal(users, data_table.from(users), "a data table stays as it is")
check.equal(nil, data_table.from(nil), "no argument stays none")

-- A Lua scenario's plain table reaches the step as a data table.
local session = require("fscript.session").new({ catalog = false })
local got
session:step("these users exist:", function(rows) got = rows end)
session:run_step("Given", "these users exist:", { { "name" }, { "alice" }, { "bob" } })
check.truthy(data_table.is(got), "Given(text, {{…}}) passes a data table")
check.equal("alice", got and got:hashes()[1].name, "with its helpers")
session:run_step("Given", "these users exist:", { "alice", "bob" })
check.equal("alice", got[1], "a plain list arrives as it was")

-- A Gherkin data table reaches the step as one.
local dir = os.tmpname()
os.remove(dir)
util.mkdir(dir .. "/step_definitions")
assert(util.write_file(dir .. "/users.feature", table.concat({
  "Feature: users",
  "  Scenario: a table of users",
  "    Given these users exist:",
  "      | name  | email |",
  "      | alice | a@b.c |",
  "    And these settings:",
  "      | theme | dark |",
}, "\n") .. "\n"))
assert(util.write_file(dir .. "/step_definitions/users.lua", table.concat({
  "local users",
  'step("these users exist:", function(rows)',
  '  assert(rows[2][1] == "alice" and #rows == 2, "the rows as before")',
  '  users = rows:hashes()',
  '  assert(users[1].email == "a@b.c", "hashes: " .. tostring(users[1].email))',
  "end)",
  'step("these settings:", function(rows) assert(rows:rows_hash().theme == "dark", "rows_hash") end)',
}, "\n") .. "\n"))
local output = {}
local code = runner.run({ files = { dir }, env = setmetatable({}, { __index = _G }), color = false,
  artifacts = false, out = function(s) output[#output + 1] = s end })
check.equal(0, code, "a Gherkin data table has the helpers: " .. table.concat(output))
os.execute("rm -rf '" .. dir .. "'")

check.finish("data_table_spec")

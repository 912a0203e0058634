-- The CCK's data-tables-doc-strings sample, in Lua (the kit has no TypeScript for it yet; these follow
-- cucumber-js's compatibility/features/data-tables-doc-strings). A step with both gets the table, with the
-- doc string on it as `doc_string`.
local function check(value, expected, what)
  if value ~= expected then error(("%s: expected %q, got %q"):format(what, expected, tostring(value)), 0) end
end

step("a step with a data table a doc string", function(table_)
  check(#table_ == 1 and table_[1][1] or nil, "hello", "the table")
  check(table_.doc_string, "world", "the doc string")
end)

step("a step with a doc string a data table", function(table_)
  check(table_.doc_string, "hello", "the doc string")
  check(#table_ == 1 and table_[1][1] or nil, "world", "the table")
end)

-- Step definitions for the .feature corpus (Tests/features, run by Tests/cli/features_test.sh): they keep what
-- each step received, and check it, so a scenario passes only if the parser and runner delivered it exactly.
local seen = {}

step("a fresh notebook", function() seen = { log = {} } end)
step("I write {string}", function(text) seen.log[#seen.log + 1] = text end)
step("the notebook holds {int} entr{word}", function(n)
  assert(#seen.log == n, ("the notebook holds %d entries, not %d: %s"):format(#seen.log, n, table.concat(seen.log, "|")))
end)
step("the notebook's last entry is {string}", function(text)
  assert(seen.log[#seen.log] == text, ("the last entry is %q, not %q"):format(tostring(seen.log[#seen.log]), text))
end)
step("the table:", function(rows) seen.rows = rows end)
step("row {int} holds {string} and {string}", function(i, a, b)
  local row = seen.rows[i]
  assert(row and row[1] == a and row[2] == b, ("row %d holds %s"):format(i, row and table.concat(row, ",") or "nothing"))
end)
step("the text:", function(doc) seen.doc = doc end)
step("the text is {string}", function(expected)
  assert(seen.doc == expected:gsub("\\n", "\n"), ("the text is %q"):format(tostring(seen.doc)))
end)
step("the text decodes to {word} = {int}", function(key, value)
  local decoded = assert(json.decode(seen.doc))
  assert(decoded[key] == value, ("%s is %s"):format(key, tostring(decoded[key])))
end)
step("this scenario is tagged {string}", function(tag)
  for _, t in ipairs(this_scenario().tags) do if t == tag then return end end
  error(("tags: %s"):format(table.concat(this_scenario().tags, ", ")))
end)

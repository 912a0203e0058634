-- The CCK's data-tables-with-expression sample, in Lua (the kit has no TypeScript for it yet; this follows
-- cucumber-js's compatibility/features/data-tables-with-expression): the expression's arguments come first.
step("a {string} with a table", function(name, table_)
  if name ~= "Cucumber" then error(("expected 'Cucumber', got %q"):format(name), 0) end
  local rows = table_:raw()
  if #rows ~= 1 or rows[1][1] ~= "Species" or rows[1][2] ~= "Cucumis sativus" then
    error("unexpected table: " .. json.encode(rows), 0)
  end
end)

-- The CCK's doc-strings-with-expression sample, in Lua (the kit has no TypeScript for it yet; this follows
-- cucumber-js's compatibility/features/doc-strings-with-expression): the expression's arguments come first.
step("a {string} with a doc string:", function(name, doc_string)
  if name ~= "Cucumber" then error(("expected 'Cucumber', got %q"):format(name), 0) end
  if doc_string ~= "Cucumis sativus" then error(("expected 'Cucumis sativus', got %q"):format(doc_string), 0) end
end)

-- The CCK's markdown sample (devkit/samples/markdown/markdown.ts), in Lua.
step("some TypeScript code:", function(doc_string)
  assert(doc_string)
end)
step("some classic Gherkin:", function(gherkin)
  assert(gherkin)
end)
step("we use a data table and attach something and then {word}", function(word, data_table)
  assert(data_table)
  log(("We are logging some plain text (%s)"):format(word))
  if word == "fail" then error("You asked me to fail", 0) end
end)
step("this might or might not run", function()
  -- no-op
end)

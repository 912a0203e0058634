-- The CCK's doc-strings sample (devkit/samples/doc-strings/doc-strings.ts), in Lua.
step("a doc string:", function()
  -- no-op
end)

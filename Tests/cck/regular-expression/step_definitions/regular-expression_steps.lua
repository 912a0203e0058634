-- The CCK's regular-expression sample (devkit/samples/regular-expression/regular-expression.ts), in Lua.
step("^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$", function()
  -- no-op
end)

-- The CCK's unknown-parameter-type sample (devkit/samples/unknown-parameter-type/*.ts), in Lua: the pattern names
-- a parameter type nobody defined.
step("{airport} is closed because of a strike", function()
  error("Should not be called because airport parameter type has not been defined", 0)
end)

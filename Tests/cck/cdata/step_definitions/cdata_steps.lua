-- The CCK's cdata sample (devkit/samples/cdata/cdata.ts), in Lua.
step("I have {int} <![CDATA[cukes]]> in my belly", function()
  -- no-op
end)

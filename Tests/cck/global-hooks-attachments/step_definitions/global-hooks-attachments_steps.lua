-- The CCK's global-hooks-attachments sample (devkit/samples/global-hooks-attachments/*.ts), in Lua.
BeforeAll(function()
  attach("Attachment from BeforeAll hook", { media_type = "text/plain", encoding = "IDENTITY" })
end)
step("a step passes", function()
  -- no-op
end)
AfterAll(function()
  attach("Attachment from AfterAll hook", { media_type = "text/plain", encoding = "IDENTITY" })
end)

-- The CCK's hooks-attachment sample (devkit/samples/hooks-attachment/hooks-attachment.ts), in Lua. cucumber-js
-- stores an attached file stream base64 encoded (BASE64), even an SVG: the hooks ask for the same.

-- A file of the sample's folder in the installed kit (scripts/cck sets CCK_SAMPLE_DIR).
local function sample_file(name)
  local path = assert(os.getenv("CCK_SAMPLE_DIR"), "CCK_SAMPLE_DIR is not set (run through scripts/cck)") .. "/" .. name
  local f = assert(io.open(path, "rb"))
  local data = f:read("a")
  f:close()
  return data
end

Before(function()
  attach(sample_file("cucumber.svg"), { media_type = "image/svg+xml", encoding = "BASE64" })
end)
step("a step passes", function()
  -- no-op
end)
After(function()
  attach(sample_file("cucumber.svg"), { media_type = "image/svg+xml", encoding = "BASE64" })
end)

-- The CCK's examples-tables-attachment sample (devkit/samples/examples-tables-attachment/*.ts), in Lua. cucumber-js
-- stores an attached file stream base64 encoded (BASE64): the steps ask for the same.

-- A file of the sample's folder in the installed kit (scripts/cck sets CCK_SAMPLE_DIR).
local function sample_file(name)
  local path = assert(os.getenv("CCK_SAMPLE_DIR"), "CCK_SAMPLE_DIR is not set (run through scripts/cck)") .. "/" .. name
  local f = assert(io.open(path, "rb"))
  local data = f:read("a")
  f:close()
  return data
end

step("a JPEG image is attached", function()
  attach(sample_file("cucumber.jpeg"), { media_type = "image/jpeg", encoding = "BASE64" })
end)

step("a PNG image is attached", function()
  attach(sample_file("cucumber.png"), { media_type = "image/png", encoding = "BASE64" })
end)

---frank_helper.rb's device calls (orientation, device name, OS version, ping, accessibility), location_helper.rb's
---`set_location`, FrankHelper's class-level target settings and bonjour.rb. Finding a Frank server is fscript's
---job (`--target URL`, `--launch`), so discovery refuses, saying so.
local base = require("fscript.frank_compat.base")
local util = require("fscript.util")

local M = {}
local app = base.app

---frank_helper.rb `frankly_current_orientation`: `portrait` or `landscape` as Frank reports them (fscript's
---detailed names lose their `_left`/`_upside_down` part).
---@return string
function M.frankly_current_orientation()
  local o = app():orientation()
  if type(o) == "table" then o = o.orientation or o.detailed_orientation end
  return (tostring(o):match("^(%a+)")) or tostring(o)
end

---frank_helper.rb `frankly_oriented_portrait?` (Ruby's `?` cannot be in a Lua name).
---@return boolean
function M.frankly_oriented_portrait() return M.frankly_current_orientation() == "portrait" end

---frank_helper.rb `frankly_oriented_landscape?`.
---@return boolean
function M.frankly_oriented_landscape() return M.frankly_current_orientation() == "landscape" end

---frank_helper.rb `frankly_set_orientation(orientation)`: `landscape` (Frank's `landscape_left`), `landscape_left`,
---`landscape_right`, `portrait` or `portrait_upside_down`.
---@param orientation string
function M.frankly_set_orientation(orientation)
  orientation = tostring(orientation)
  if orientation == "landscape" then orientation = "landscape_left" end
  app():set_orientation(orientation)
end

---frank_helper.rb `frankly_device_name`: `iphone`, `ipad` or `mac`, as the target reports it.
---@return string
function M.frankly_device_name() return tostring(app():device().device) end

---frank_helper.rb `is_iphone`.
---@return boolean
function M.is_iphone() return M.frankly_device_name() == "iphone" end

---frank_helper.rb `is_ipad`.
---@return boolean
function M.is_ipad() return M.frankly_device_name() == "ipad" end

---frank_helper.rb `is_mac`.
---@return boolean
function M.is_mac() return M.frankly_device_name() == "mac" end

---frank_helper.rb `frankly_os_version`: the target's OS version as a string.
---@return string
function M.frankly_os_version() return tostring(app():device().os_version or "") end

---frank_helper.rb `frankly_ping`: whether the target answers (one round trip; false when it does not, rather
---than an error). Ctrl-C and the test deadline still stop the run.
---@return boolean
function M.frankly_ping()
  local ok, err = pcall(app().version, app())
  if not ok and util.stop_kind(err) then error(err, 0) end
  return ok
end

---frank_helper.rb `frankly_is_accessibility_enabled`: fscript's targets (its simulator, `fscript serve`) answer
---through their own view model, which is always inspectable; true when the target answers, false when it does not.
---@return boolean
function M.frankly_is_accessibility_enabled() return M.frankly_ping() end

---location_helper.rb `set_location(:latitude => lat, :longitude => long)`: `set_location{latitude =, longitude =}`
---moves the device's GPS position.
---@param options {latitude: number, longitude: number}
function M.set_location(options)
  if type(options) ~= "table" or type(options.latitude) ~= "number" or type(options.longitude) ~= "number" then
    error("set_location: give {latitude = number, longitude = number}", 2)
  end
  local target = app()
  if not target.set_location then
    error("set_location: this fscript has no app:set_location; update fscript", 2)
  end
  target:set_location(options.latitude, options.longitude)
end

---frank_helper.rb `FrankHelper.use_shelley_from_now_on`: fscript always speaks Shelley, so this changes nothing;
---kept so an env.rb that calls it ports unchanged.
function M.use_shelley_from_now_on() end

---frank_helper.rb `test_on_physical_device_with_ip(ip_address)`: points the global `app` at the Frank server
---on that address (port 37265 unless the address names one); raises Frank's message for a malformed address.
---@param ip_address string `10.0.1.7`, `10.0.1.7:37265` or `http://10.0.1.7:37265`
---@return frank.App
function M.test_on_physical_device_with_ip(ip_address)
  local text = tostring(ip_address)
  if not text:match("%f[%d]%d%d?%d?%.%d%d?%d?%.%d%d?%d?%.%d%d?%d?%f[%D]") then error("IP Address is incorrect", 2) end
  local url = text:match("^https?://") and text or ("http://" .. text)
  if not url:match("^https?://[^/]+:%d+") then url = url:gsub("^(https?://[^/]+)", "%1:37265") end
  print("Running on Frank server " .. url)
  local target = frank.connect(url)
  rawset(_G, "app", target)
  return target
end

local DISCOVERY = "Bonjour discovery does not apply to fscript; give the target with --target URL "
  .. "(or frank.connect(url), or test_on_physical_device_with_ip)"
---frank_helper.rb `FrankHelper.test_on_physical_device_via_bonjour`: refuses, saying what to use instead.
M.test_on_physical_device_via_bonjour = base.refuse("test_on_physical_device_via_bonjour", DISCOVERY)
---bonjour.rb `Bonjour#lookup_frank_base_uri`: refuses, saying what to use instead.
M.lookup_frank_base_uri = base.refuse("lookup_frank_base_uri", DISCOVERY)
---bonjour.rb `Bonjour#browse_for_franks_address`: refuses, saying what to use instead.
M.browse_for_franks_address = base.refuse("browse_for_franks_address", DISCOVERY)
---bonjour.rb `Bonjour#found_a_frank(reply)`: refuses, saying what to use instead.
M.found_a_frank = base.refuse("found_a_frank", DISCOVERY)

return M

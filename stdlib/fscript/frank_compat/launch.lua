---launcher.rb and host_scripting.rb: launching the app and driving the iOS Simulator from the Mac. fscript
---launches through its own lifecycle (the embedded simulator, `fscript serve`, `--launch`), so `launch_app`
---relaunches the current target fresh, and what only AppleScript on a Mac could do refuses, saying what to use.
local base = require("fscript.frank_compat.base")
local waits = require("fscript.frank_compat.waits")
local device = require("fscript.frank_compat.device")
local failure = require("fscript.failure")

local M = {}

---frank_helper.rb `wait_for_frank_to_come_up`: waits until the target answers a ping, at most 20 s as in Frank
---(`timeout`, an fscript addition, changes that), then checks accessibility with Frank's message. Frank asks for
---seven pings in a row 0.2 s apart; one answer is enough for fscript's targets, which answer once they are up.
---@param timeout? number seconds, default 20
function M.wait_for_frank_to_come_up(timeout)
  local seconds = timeout or 20
  local message = ("wait_for_frank_to_come_up: the target did not answer within %g s (execution expired)")
    :format(seconds)
  waits.wait_until({ timeout = seconds, message = message }, device.frankly_ping)
  base.expect(device.frankly_is_accessibility_enabled(), "ACCESSIBILITY DOES NOT APPEAR TO BE ENABLED ON YOUR "
    .. "SIMULATOR. Hit the home button, go to settings, select Accessibility, and turn the inspector on.")
end

---console.rb `check_for_running_app`: whether the target answers a ping within 5 s (`timeout`, an fscript
---addition, changes that), printing `connecting to app... connected` or `… failed to connect.` as Frank's console.
---@param timeout? number seconds, default 5
---@return boolean
function M.check_for_running_app(timeout)
  io.write("connecting to app...")
  local ok, err = pcall(waits.wait_until, { timeout = timeout or 5 }, device.frankly_ping)
  if not ok and not failure.is(err) then error(err, 0) end
  print(ok and " connected" or " failed to connect.")
  return ok
end

-- Relaunches through fscript's lifecycle and, when asked, waits for the target as Frank does.
local function relaunch(wait_for_launch)
  frank.launch({})
  if wait_for_launch ~= false then M.wait_for_frank_to_come_up() end
end

---launcher.rb `launch_app(app_path, sdk = nil, version = 'iphone', wait_for_launch = true)`: relaunches the
---target with a fresh state (`frank.launch{}`) and waits for it unless `wait_for_launch` is false. The app, SDK
---and device come from how fscript was started (`--target`, `--launch`, the run's app file), not from here.
---@param app_path? string ignored (APP_BUNDLE_PATH has no meaning for fscript)
---@param sdk? string ignored
---@param version? string ignored
---@param wait_for_launch? boolean
function M.launch_app(app_path, sdk, version, wait_for_launch)
  local _ = { app_path, sdk, version }
  relaunch(wait_for_launch)
end

---launcher.rb `launch_ios_app(wait_for_launch = true)`: as `launch_app`.
---@param wait_for_launch? boolean
function M.launch_ios_app(wait_for_launch) relaunch(wait_for_launch) end

---host_scripting.rb `quit_simulator` (and `simulator_reset_data`): fscript relaunches the app fresh through its
---lifecycle, and says so when the target has none.
function M.quit_simulator()
  local done, why = frank.reset({ keep_env = true })
  if done == false then failure.raise("quit_simulator: " .. tostring(why)) end
end
M.simulator_reset_data = M.quit_simulator

---host_scripting.rb `simulate_memory_warning`: the target's memory warning (`app:simulate_memory_warning`).
function M.simulate_memory_warning() base.app():simulate_memory_warning() end

-- The iOS Simulator's rotations, counterclockwise: Rotate Left moves one step along, Rotate Right one back.
local RING = { "portrait", "landscape_left", "portrait_upside_down", "landscape_right" }
local function rotate(step)
  local now = base.app():orientation()
  for i, name in ipairs(RING) do
    if name == now then
      base.app():set_orientation(RING[(i - 1 + step) % #RING + 1])
      return
    end
  end
  error(("cannot rotate from the orientation %s"):format(tostring(now)), 3)
end

---host_scripting.rb `rotate_simulator_left`: the device turns a quarter counterclockwise (portrait becomes
---landscape_left), through the target's orientation rather than the Simulator's Hardware menu.
function M.rotate_simulator_left() rotate(1) end

---host_scripting.rb `rotate_simulator_right`: a quarter clockwise (portrait becomes landscape_right).
function M.rotate_simulator_right() rotate(-1) end

local MENU = {
  Home = "press_home_on_simulator", ["Rotate Left"] = M.rotate_simulator_left,
  ["Rotate Right"] = M.rotate_simulator_right, ["Shake Gesture"] = "shake_simulator",
  ["Simulate Memory Warning"] = M.simulate_memory_warning, ["Toggle In-Call Status Bar"] = "toggle_call_status_bar",
  ["Simulate Hardware Keyboard"] = "simulate_hardware_keyboard",
}

local NO_HOME = "fscript's targets have no home screen to go back to; to start the app again use frank.launch{} "
  .. "(or launch_app), to start it fresh with its data cleared frank.reset()"
local NO_MAC = "this drives the iOS Simulator's menus with AppleScript on a Mac; fscript's targets have no such menu"

---host_scripting.rb `press_home_on_simulator`: refuses, saying what to use instead.
M.press_home_on_simulator = base.refuse("press_home_on_simulator", NO_HOME)
---host_scripting.rb `shake_simulator`: refuses, saying what to use instead.
M.shake_simulator = base.refuse("shake_simulator", NO_MAC .. "; give the app an app_exec method that does "
  .. "what the shake does and call app_exec")
---host_scripting.rb `toggle_call_status_bar`: refuses, saying what to use instead.
M.toggle_call_status_bar = base.refuse("toggle_call_status_bar", NO_MAC)
---host_scripting.rb `simulate_hardware_keyboard`: refuses, saying what to use instead.
M.simulate_hardware_keyboard = base.refuse("simulate_hardware_keyboard", NO_MAC
  .. "; type with type_into_keyboard")
---host_scripting.rb `quit_double_simulator`: refuses, saying what to use instead.
M.quit_double_simulator = base.refuse("quit_double_simulator", NO_MAC .. "; fscript runs one target per run")
---host_scripting.rb `start_recording`: refuses, saying what to use instead.
M.start_recording = base.refuse("start_recording", "QuickTime screen recording on a Mac does not apply to "
  .. "fscript; take screenshots with frankly_screenshot (a failing step saves one with --artifacts)")
---host_scripting.rb `stop_recording`: refuses, saying what to use instead.
M.stop_recording = base.refuse("stop_recording", "QuickTime screen recording on a Mac does not apply to fscript")

---host_scripting.rb `simulator_hardware_menu_press(menu_label)`: the Hardware menu items that mean something to
---fscript's targets (Rotate Left/Right, Simulate Memory Warning); the others refuse as their own helpers do.
---@param menu_label string
function M.simulator_hardware_menu_press(menu_label)
  local action = MENU[menu_label]
  if type(action) == "function" then return action() end
  if type(action) == "string" then return M[action]() end
  error(("simulator_hardware_menu_press: %s; the items fscript can do are Rotate Left, Rotate Right and Simulate "
    .. "Memory Warning, got %s"):format(NO_MAC, tostring(menu_label)), 2)
end

local SIM = "fscript starts its targets itself: use frank.launch{} (or launch_app) in a step, --launch CMD or "
  .. "--target URL on the command line"
---launcher.rb `enforce(app_path)`: refuses, saying what to use instead.
M.enforce = base.refuse("enforce", "APP_BUNDLE_PATH has no meaning for fscript; " .. SIM)
---launcher.rb `simulator_client`: refuses, saying what to use instead.
M.simulator_client = base.refuse("simulator_client", "sim_launcher does not apply to fscript; " .. SIM)
---launcher.rb `simulator_direct_client`: refuses, saying what to use instead.
M.simulator_direct_client = base.refuse("simulator_direct_client", "sim_launcher does not apply to fscript; " .. SIM)
---launcher.rb `launch_mac_app(wait_for_launch = true)`: refuses, saying what to use instead.
M.launch_mac_app = base.refuse("launch_mac_app", "fscript drives iOS targets, not Mac apps; " .. SIM)
---launcher.rb `path_is_mac_app(app_dir)`: refuses, saying what to use instead.
M.path_is_mac_app = base.refuse("path_is_mac_app", "app bundle paths have no meaning for fscript; " .. SIM)
---launcher.rb `quit_mac_app_if_running`: refuses, saying what to use instead.
M.quit_mac_app_if_running = base.refuse("quit_mac_app_if_running", "fscript drives iOS targets, not Mac apps; "
  .. SIM)
---launcher.rb `relaunch_mac_app`: refuses, saying what to use instead.
M.relaunch_mac_app = base.refuse("relaunch_mac_app", "fscript drives iOS targets, not Mac apps; " .. SIM)

return M

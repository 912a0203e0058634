-- Spec: fscript.frank_compat's device, launch and host helpers (frank_compat/device.lua, launch.lua: frank_helper.rb's
-- orientation and device calls, location_helper.rb, launcher.rb, host_scripting.rb, bonjour.rb) against the
-- embedded simulator, and against a mock server standing in for a Frank server on a device (what set_location
-- posts, a target that does not answer). Helpers that cannot mean anything to fscript refuse saying what to use.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local F = require("fscript.frank_compat")
-- Points the global app (the current target) at a stand-in, or back.
local function use(target) rawset(_G, "app", target) end
local APP = here .. "fixtures/frank_compat_app.lua"
local function note() return app:map("label", "text")[1] end
frank.launch({ app = APP })

-- orientation
check.equal("portrait", F.frankly_current_orientation(), "frankly_current_orientation")
check.equal(true, F.frankly_oriented_portrait(), "frankly_oriented_portrait")
check.equal(false, F.frankly_oriented_landscape(), "frankly_oriented_landscape")
F.frankly_set_orientation("landscape")
check.equal("landscape_left", app:orientation(), "frankly_set_orientation: landscape is Frank's landscape_left")
check.equal("landscape", F.frankly_current_orientation(), "frankly_current_orientation: Frank's short name")
check.equal(true, F.frankly_oriented_landscape(), "frankly_oriented_landscape: true")
F.frankly_set_orientation("portrait")
F.rotate_simulator_left()
check.equal("landscape_left", app:orientation(), "rotate_simulator_left: a quarter counterclockwise")
F.rotate_simulator_right()
F.rotate_simulator_right()
check.equal("landscape_right", app:orientation(), "rotate_simulator_right: a quarter clockwise, twice")
F.simulator_hardware_menu_press("Rotate Left")
check.equal("portrait", app:orientation(), "simulator_hardware_menu_press: Rotate Left")

-- device
check.equal("iphone", F.frankly_device_name(), "frankly_device_name")
check.equal(true, F.is_iphone(), "is_iphone")
check.equal(false, F.is_ipad(), "is_ipad")
check.equal(false, F.is_mac(), "is_mac")
check.equal("6.1", F.frankly_os_version(), "frankly_os_version: the simulator's iOS 6.1")
check.equal(true, F.frankly_ping(), "frankly_ping: the simulator answers")
check.equal(true, F.frankly_is_accessibility_enabled(), "frankly_is_accessibility_enabled")
F.wait_for_frank_to_come_up()
check.equal(true, F.check_for_running_app(), "check_for_running_app: the simulator answers")
F.use_shelley_from_now_on()
check.equal("shelley_compat", F.selector_engine(), "use_shelley_from_now_on: Shelley, as before")

-- memory warning, relaunching
F.simulate_memory_warning()
check.equal("memory warning", note(), "simulate_memory_warning: the app's handler ran")
F.launch_app("/path/to/Frankified.app")
check.equal("Hello", note(), "launch_app: the app relaunched fresh")
F.touch("button marked:'Touch me'")
F.launch_app(nil, nil, "iphone", false)
check.equal("Hello", note(), "launch_app(…, wait_for_launch = false): relaunched")
F.touch("button marked:'Touch me'")
F.launch_ios_app()
check.equal("Hello", note(), "launch_ios_app")
F.simulator_hardware_menu_press("Simulate Memory Warning")
check.equal("memory warning", note(), "simulator_hardware_menu_press: Simulate Memory Warning")
-- quit_simulator and simulator_reset_data start the run's app again fresh (here the demo app, as fscript.reset).
F.quit_simulator()
check.equal(true, F.view_with_mark_exists("Log In"), "quit_simulator: the run's app starts again")
app:type_into("textField marked:'User name'", "bob")
check.equal(true, F.element_exists("textField text:'bob'"), "typed into the run's app")
F.simulator_reset_data()
check.equal(false, F.element_exists("textField text:'bob'"), "simulator_reset_data: what was typed is gone")

-- A Frank server on a device, played by a mock server: the address, what set_location posts.
local real = app
local device = mock.start({})
device:stub({ method = "POST", path = "/location", respond = { status = 200, json = { outcome = "SUCCESS" } } })
check.equal("IP Address is incorrect", support.error_of(F.test_on_physical_device_with_ip, "localhost"),
  "test_on_physical_device_with_ip: Frank's message for a malformed address")
local target = F.test_on_physical_device_with_ip(device.url)
check.equal(target, app, "test_on_physical_device_with_ip: the global app is the device")
check.equal(device.url, F.base_server_url(), "test_on_physical_device_with_ip: its URL")
F.set_location({ latitude = 59.338887, longitude = 18.058425 })
check.equal(nil, support.error_of(device.verify, device, { method = "POST", path = "/location", count = 1,
  json_body = { latitude = 59.338887, longitude = 18.058425 } }), "set_location: posts Frank's body")
check.contains(support.error_of(F.set_location, { latitude = 59.3 }), "give {latitude = number, longitude = number}",
  "set_location: both are required")
check.contains(support.error_of(F.set_location, { latitude = 200, longitude = 0 }), "latitude in degrees",
  "set_location: degrees are checked")
device:stop()
check.equal(false, F.frankly_ping(), "frankly_ping: false when the target does not answer")
check.equal("wait_for_frank_to_come_up: the target did not answer within 0.3 s (execution expired)",
  support.error_of(F.wait_for_frank_to_come_up, 0.3), "wait_for_frank_to_come_up: times out")
check.equal(false, F.check_for_running_app(0.3), "check_for_running_app: false when the target does not answer")
use(real)

-- What cannot mean anything to fscript refuses, saying what to use.
local refusals = {
  test_on_physical_device_via_bonjour = "Bonjour discovery does not apply to fscript; give the target with --target",
  lookup_frank_base_uri = "Bonjour discovery does not apply",
  browse_for_franks_address = "Bonjour discovery does not apply",
  found_a_frank = "Bonjour discovery does not apply",
  press_home_on_simulator = "no home screen to go back to; to start the app again use frank.launch{}",
  shake_simulator = "give the app an app_exec method",
  toggle_call_status_bar = "the iOS Simulator's menus with AppleScript",
  simulate_hardware_keyboard = "type with type_into_keyboard",
  quit_double_simulator = "fscript runs one target per run",
  start_recording = "take screenshots with frankly_screenshot",
  stop_recording = "QuickTime screen recording",
  enforce = "APP_BUNDLE_PATH has no meaning for fscript",
  simulator_client = "sim_launcher does not apply to fscript; fscript starts its targets itself",
  simulator_direct_client = "sim_launcher does not apply",
  launch_mac_app = "not Mac apps",
  path_is_mac_app = "app bundle paths have no meaning",
  quit_mac_app_if_running = "not Mac apps",
  relaunch_mac_app = "not Mac apps",
}
for name, says in pairs(refusals) do
  check.contains(support.error_of(F[name]), name .. ": ", name .. " refuses under its own name")
  check.contains(support.error_of(F[name]), says, name .. " says what to use instead")
end
check.contains(support.error_of(F.simulator_hardware_menu_press, "Home"), "press_home_on_simulator: ",
  "simulator_hardware_menu_press: Home refuses as press_home_on_simulator does")
check.contains(support.error_of(F.simulator_hardware_menu_press, "Paste"),
  "the items fscript can do are Rotate Left, Rotate Right and Simulate Memory Warning, got Paste",
  "simulator_hardware_menu_press: an unknown item")

check.finish("frank_compat_device_spec")

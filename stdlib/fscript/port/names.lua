---Names the converter knows: Frank's helper methods (the public methods of gem/lib/frank-cucumber's helper
---modules, which `fscript.frank_compat` defines under the same names), and how a Ruby name becomes a Lua name.
local M = {}

---Frank's helpers a ported step calls as they are, with the same arguments (frank_compat's `install()` makes them
---globals). A receiver-less call of any other name that the project does not define is not ported.
M.FRANK = {}
for name in ([[
  use_shelley_from_now_on test_on_physical_device_via_bonjour get_selector_quote test_on_physical_device_with_ip
  selector_engine base_server_url touch fill_in element_exists check_element_exists
  check_element_exists_and_is_visible check_element_does_not_exist check_element_does_not_exist_or_is_not_visible
  view_with_mark_exists navigation_title_with_text_exists check_view_with_mark_exists
  check_view_with_mark_does_not_exist check_navigation_title_with_text_exists wait_for_element_to_exist
  wait_for_element_to_not_exist wait_for_element_to_exist_and_then_touch_it wait_for_nothing_to_be_animating
  element_is_not_hidden accessibility_frame drag_with_initial_delay app_exec frankly_map frankly_dump
  frankly_screenshot frankly_oriented_portrait frankly_oriented_landscape frankly_current_orientation
  frankly_set_orientation frankly_is_accessibility_enabled wait_for_frank_to_come_up frankly_device_name
  is_iphone is_ipad is_mac frankly_os_version frankly_ping frank_server wait_until type_into_keyboard
  type_shortcut scroll_view_to_top scroll_view_to_bottom scroll_view_to_position scroll_table_view
  scroll_to_top scroll_to_bottom tap_and_hold tap_and_hold_point double_tap double_tap_point
  drag_thumb_in_slider drag_thumb_in_slider_with_default_duration set_location start_recording stop_recording
  quit_simulator quit_double_simulator simulator_reset_data simulator_hardware_menu_press press_home_on_simulator
  rotate_simulator_left rotate_simulator_right shake_simulator simulate_memory_warning toggle_call_status_bar
  simulate_hardware_keyboard launch_app launch_ios_app swipe
]]):gmatch("%S+") do M.FRANK[name] = true end

local RESERVED = {}
for word in ([[and break do else elseif end false for function goto if in local nil not or repeat return then
  true until while table string math os io type select error print next pairs ipairs require tostring tonumber
  step world ruby expect]]):gmatch("%S+") do RESERVED[word] = true end

---A Ruby method or variable name as a Lua name: `?`/`!` dropped, and a name Lua reserves (or that hides a library
---a ported file uses, such as `table`) gets a suffix: `table` → `data_table`, `end` → `end_`.
---@param name string
---@return string
function M.lua_name(name)
  name = name:gsub("[?!]$", "")
  if name == "table" then return "data_table" end
  if RESERVED[name] then return name .. "_" end
  return name
end

return M

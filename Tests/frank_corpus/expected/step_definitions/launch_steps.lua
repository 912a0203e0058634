-- Ported by fscript port frank from step_definitions/launch_steps.rb; once edited, fscript port leaves it alone (generated content ae686136).
require("fscript.frank_compat").install()

-- Frank's launch steps: sim_launcher, simctl and the simulator's folders become fscript's lifecycle.
step([[^I launch the app$]], function()
  launch_app(APP_BUNDLE_PATH)
end)

step([[^I start the app afresh$]], function()
  -- quit, wipe the app's data, relaunch
  -- simulator = SimLauncher::DirectClient.for_ios_app(APP_BUNDLE_PATH, '8.1', 'iphone')
  frank.launch{}
  -- system("xcrun simctl erase booted")
  -- FileUtils.rm_rf(File.expand_path('~/Library/Developer/CoreSimulator/Devices/booted/data'))
  -- simulator.relaunch
  wait_for_nothing_to_be_animating()
end)

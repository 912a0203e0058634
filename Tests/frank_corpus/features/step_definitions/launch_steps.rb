# Frank's launch steps: sim_launcher, simctl and the simulator's folders become fscript's lifecycle.
Given /^I launch the app$/ do
  launch_app APP_BUNDLE_PATH
end

Given /^I start the app afresh$/ do
  # quit, wipe the app's data, relaunch
  simulator = SimLauncher::DirectClient.for_ios_app(APP_BUNDLE_PATH, '8.1', 'iphone')
  system("xcrun simctl erase booted")
  FileUtils.rm_rf(File.expand_path('~/Library/Developer/CoreSimulator/Devices/booted/data'))
  simulator.relaunch
  wait_for_nothing_to_be_animating
end

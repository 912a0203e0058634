-- Spec: every scenario starts from a freshly launched app: the run's app file (even after a scenario switched
-- to another with frank.launch{app = …}), no state left behind, and no mock a scenario started.
local url_of_scenario_mock

scenario("a scenario switches app files and starts a mock", function()
  -- Relative to this spec, not to the folder fscript runs in.
  frank.launch{ app = "../cli/fixtures/tiny_app.lua" }
  assert(app:lookup("label marked:'tiny'"):exists(), "the switched-to app is not running")
  local backend = mock.start{}
  url_of_scenario_mock = backend.url
end)

scenario("the next one runs the run's own app again, and that mock is gone", function()
  assert(app:lookup("button marked:'Log In'"):exists(), "the reset did not go back to the demo app")
  local ok, err = pcall(function()
    local probe = frank.connect(url_of_scenario_mock, { timeout = 1 })
    probe:version()
  end)
  assert(not ok and tostring(err):find("connection refused", 1, true),
    "the scenario's mock still answers: " .. tostring(err))
  assert(frank.reset() == true, "frank.reset() says the embedded simulator was reset")
end)

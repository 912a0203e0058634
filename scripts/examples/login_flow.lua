-- The demo app's login flow, written with steps. Run: fscript scripts/examples/login_flow.lua
-- Labels live in one table so they are easy to adjust when the demo app's wording changes.
local L = {
  username = "User name", password = "Password", log_in = "Log In",
  welcome = "Welcome, alice", failed_title = "Login Failed", ok = "OK",
}

screen{ name = "Login", trait = "button marked:'" .. L.log_in .. "'" }
screen{ name = "Home", trait = "tableView", entry = { from = "Login", steps = {
  ('I type "alice" into the "%s" text field'):format(L.username),
  ('I type "secret" into the "%s" text field'):format(L.password),
  ('I touch the button marked "%s"'):format(L.log_in),
} } }

scenario("successful login", { tags = { "smoke" } }, function()
  Given "the app uses a mock backend"
  And [[the backend answers POST /api/login with status 200 and JSON '{"name":"alice"}']]
  When(('I type "alice" into the "%s" text field'):format(L.username))
  And(('I type "secret" into the "%s" text field'):format(L.password))
  And(('I touch the button marked "%s"'):format(L.log_in))
  Then(('I wait to see "%s"'):format(L.welcome))
  And [[the app sent POST /api/login with JSON '{"user":"alice","password":"secret"}']]
end)

scenario("wrong password shows an alert", { tags = { "smoke" } }, function()
  Given "the app uses a mock backend"
  And [[the backend answers POST /api/login with status 401 and JSON '{"message":"Wrong user name or password."}']]
  When(('I type "alice" into the "%s" text field'):format(L.username))
  And(('I type "wrong" into the "%s" text field'):format(L.password))
  And(('I touch the button marked "%s"'):format(L.log_in))
  Then(('I should see an alert view titled "%s"'):format(L.failed_title))
  When(('I touch the "%s" alert view button'):format(L.ok))
  Then "I should not see an alert view"
end)

scenario("items load after a delay", { tags = { "slow" }, wait = 5 }, function()
  Given "the app uses a mock backend"
  And [[the backend answers POST /api/login with status 200 and JSON '{"name":"alice"}']]
  And [[the backend answers GET /api/items with status 200 and JSON '{"items":[{"name":"Apples","detail":"3 kg"},{"name":"Pears","detail":"2 kg"}]}' after 1 seconds]]
  Given "I am on the Home screen"
  Then "I should see an activity indicator animating"
  And "I should not see \"Apples\""
  When "I wait for nothing to be animating"
  Then("I should see the following:", { "Apples", "Pears" })
  And "the app sent GET /api/items"
  When "I touch the first table cell"
  Then "I should see a navigation bar titled \"Item\""
  And "I should see \"3 kg\""
end)

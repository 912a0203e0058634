---What each built-in step does and an example of it, for `fscript steps`: the catalog a newcomer reads to find
---the wording, so each entry says what the step waits for or checks, in one line, and shows it in use.
local M = {}

---@type table<string, {description: string, example: string}>
M.steps = {
  -- Frank's core steps
  ["I wait to see {string}"] = { description = "Waits (the wait limit) until a view marked, or a label or text field containing, the text is visible.", example = 'Then I wait to see "Welcome"' },
  ["I wait to not see {string}"] = { description = "Waits until no view marked with the text is visible.", example = 'Then I wait to not see "Loading"' },
  ["I should see {string}"] = { description = "Checks (retrying for the validation limit) that the text is on screen: a view marked with it, or a label or text field containing it.", example = 'Then I should see "Apples"' },
  ["I should not see {string}"] = { description = "Checks that nothing marked with the text is visible.", example = 'Then I should not see "Error"' },
  ["I should see a {string} button"] = { description = "Checks that a button marked with the text is visible.", example = 'Then I should see a "Log In" button' },
  ["I should see the following:"] = { description = "Checks that every text of the list (or table) is on screen.", example = 'Then("I should see the following:", { "Apples", "Pears" })' },
  ["I should not see the following:"] = { description = "Checks that none of the texts of the list is on screen.", example = 'Then("I should not see the following:", { "Error" })' },
  ["I should see a navigation bar titled {string}"] = { description = "Checks the navigation bar's title.", example = 'Then I should see a navigation bar titled "Home"' },
  ["I should see an alert view titled {string}"] = { description = "Checks that an alert with this title is showing.", example = 'Then I should see an alert view titled "Login Failed"' },
  ["I should not see an alert view"] = { description = "Checks that no alert is showing.", example = "Then I should not see an alert view" },
  ["I touch {string}"] = { description = "Touches the first view marked with the text (Frank's \"view marked:'X' first\").", example = 'When I touch "Settings"' },
  ["I touch the button marked {string}"] = { description = "Waits for a button marked with the text and touches it.", example = 'When I touch the button marked "Log In"' },
  ["I touch the {ordinal} table cell"] = { description = "Touches the n-th table cell (1st, 2nd, third…).", example = "When I touch the first table cell" },
  ["I touch the table cell marked {string}"] = { description = "Touches the table cell marked with the text.", example = 'When I touch the table cell marked "Apples"' },
  ["I touch the {string} alert view button"] = { description = "Touches the alert's button with this title.", example = 'When I touch the "OK" alert view button' },
  ["I touch the {ordinal} alert view button"] = { description = "Touches the alert's n-th button.", example = "When I touch the 1st alert view button" },
  ["I navigate back"] = { description = "Touches the navigation bar's back button.", example = "When I navigate back" },
  ["I flip switch {string}"] = { description = "Toggles the switch marked with the text.", example = 'When I flip switch "Notifications"' },
  ["I flip switch {string} on"] = { description = "Turns the switch on (does nothing when it is on).", example = 'When I flip switch "Notifications" on' },
  ["I flip switch {string} off"] = { description = "Turns the switch off (does nothing when it is off).", example = 'When I flip switch "Notifications" off' },
  ["switch {string} should be on"] = { description = "Checks that the switch is on.", example = 'Then switch "Notifications" should be on' },
  ["switch {string} should be off"] = { description = "Checks that the switch is off.", example = 'Then switch "Notifications" should be off' },
  ["I type {string} into the {string} text field"] = { description = "Types into the text field with this placeholder or label.", example = 'When I type "alice" into the "User name" text field' },
  ["I fill in {string} with {string}"] = { description = "Frank's wording of typing into a field: the field first.", example = 'When I fill in "User name" with "alice"' },
  ["the device is in {word} orientation"] = { description = "Rotates to landscape or portrait unless already there.", example = "Given the device is in landscape orientation" },
  ["the device is in a {word} orientation"] = { description = "The same, with Frank's article.", example = "Given the device is in a portrait orientation" },
  ["I rotate to the {string}"] = { description = "Rotates the device a quarter turn left or right.", example = 'When I rotate to the "left"' },
  ["I wait for nothing to be animating"] = { description = "Waits until nothing animates and no request is in flight (the app's and the mock's).", example = "When I wait for nothing to be animating" },
  ["I should see an activity indicator animating"] = { description = "Checks that a spinner is animating.", example = "Then I should see an activity indicator animating" },
  -- Swerkin's steps
  ["I am on the {text} screen"] = { description = "Gets to the screen declared with screen{name = …} from wherever the app is, walking the entry steps.", example = "Given I am on the Home screen" },
  ["I navigate to the {text} screen"] = { description = "The same, in Swerkin's words for a flow.", example = "When I navigate to the Settings screen" },
  ["I touch the button with label {string}"] = { description = "Waits for the button with this label and touches it.", example = 'When I touch the button with label "Log In"' },
  ["I enter {string} into the text field {string}"] = { description = "Types into a text field, Swerkin's order of words.", example = 'When I enter "alice" into the text field "User name"' },
  ["I should see the button {string}"] = { description = "Checks that the button is visible.", example = 'Then I should see the button "Log In"' },
  ["I should see the text field {string} with text {string}"] = { description = "Checks a text field's text.", example = 'Then I should see the text field "User name" with text "alice"' },
  -- The mock backend
  ["the app uses a mock backend"] = { description = "Starts a mock backend and relaunches the app with BACKEND_URL pointing at it.", example = "Given the app uses a mock backend" },
  ["the backend answers {word} {word} with status {int}"] = { description = "Stubs the mock: this method and path answer this status.", example = "And the backend answers GET /api/items with status 500" },
  ["the backend answers {word} {word} with status {int} after {float} seconds"] = { description = "The same, answered after a delay.", example = "And the backend answers GET /api/items with status 200 after 1.5 seconds" },
  ["the backend answers {word} {word} with status {int} and JSON {string}"] = { description = "Stubs a JSON answer.", example = [[And the backend answers POST /api/login with status 200 and JSON '{"name":"alice"}']] },
  ["the backend answers {word} {word} with status {int} and JSON {string} after {float} seconds"] = { description = "A JSON answer after a delay.", example = [[And the backend answers GET /api/items with status 200 and JSON '[]' after 1 seconds]] },
  ["the backend answers {word} {word} with status {int} and JSON:"] = { description = "A JSON answer given as the step's text argument.", example = [[And("the backend answers GET /api/items with status 200 and JSON:", '{"items": []}')]] },
  ["the app sent {word} {word}"] = { description = "Checks (retrying) that the app sent this request to the mock.", example = "Then the app sent POST /api/login" },
  ["the app sent {word} {word} {int} times"] = { description = "Checks how many such requests the app sent.", example = "Then the app sent GET /api/items 1 times" },
  ["the app sent {word} {word} with JSON {string}"] = { description = "Checks a request's whole JSON body: every field, nothing more.", example = [[Then the app sent POST /api/login with JSON '{"user":"alice","password":"secret"}']] },
  ["the app sent {word} {word} with JSON containing {string}"] = { description = "Checks part of a request's JSON body: these fields (and list items) must be there; others may be too.", example = [[Then the app sent POST /api/login with JSON containing '{"user":"alice"}']] },
}

return M

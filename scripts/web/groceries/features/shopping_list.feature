Feature: Shopping list
  The example web app: a list loaded from the backend, edited in the page.

  Background:
    Given the app uses a mock backend
    And the backend answers GET /api/items with status 200 and JSON '["Milk", "Eggs"]'

  Scenario: The list comes from the backend
    Then I should see "Milk"
    And I should see "Eggs"
    And I should see "2 items left"
    And the app sent GET /api/items 1 times

  Scenario: Add an item with the keyboard
    When I type "Bread" into the "What do you need?" text field
    And I press "Enter"
    Then I should see "Bread"
    And I should see "3 items left"

  Scenario: Buying an item crosses it off
    When I flip switch "Bought Milk" on
    Then switch "Bought Milk" should be on
    And I should see "1 item left"
    When I touch the button marked "Clear bought items"
    Then I should not see "Milk"

  Scenario: Removing asks first
    When I touch the button marked "Remove Eggs"
    Then I should see an alert view with the message "Remove Eggs?"
    When I touch the "Cancel" alert view button
    Then I should see "Eggs"
    When I touch the button marked "Remove Eggs"
    And I touch the "OK" alert view button
    Then I should not see "Eggs"

  Scenario: The help tip shows on hover
    Then I should not see "Items sync to your account"
    When I hover over "?"
    Then I should see "Items sync to your account"

  Scenario: Offline, the list starts empty
    Given the backend answers GET /api/items with status 503
    When I reload the page
    Then I wait to see "Offline: your list starts empty"
    And I should see "0 items left"

Feature: A team's own Frank steps, ported by fscript port frank

  Background:
    Given the app is ready

  Scenario: counting touches
    When I touch the "Add" button 2 times
    Then the count should be 2
    And I have touched 2 times in this scenario
    And The Note Is A Word
    And the count label is shown on the screen

  Scenario: every scenario starts with no instance variables
    Then nothing was touched yet in this scenario

  Scenario: typing
    When I type "Pete" into the name field
    Then the name field should read "Pete"

  Scenario: tables
    Then I should see these fruits:
      | Apples |
      | Pears  |
    And the fruits have these prices:
      | Apples | 1.20 |
      | Pears  | 0.80 |
    And the shop lists:
      | name   | price |
      | Apples | 1.20  |
      | Pears  | 0.80  |

  Scenario: steps calling steps
    Given the fruit basket is full
    And the basket has Pears
    When I check the first fruit
    And I check the last fruit
    Then looking for a Kiwi is handled
    And touching a missing button fails

  Scenario: waiting and the environment
    When I touch the "Greet" button 1 time
    Then the note greets me
    And the note should say  hello 

  Scenario: launching afresh
    When I touch the "Add" button 1 time
    And I start the app afresh
    Then the count should be 0

  Scenario: launching with Frank's own launch step
    When I touch the "Add" button 1 time
    And I launch the app
    Then the count should be 0

@unported
Feature: Lines fscript port could not translate fail where they are

  Scenario: a step with a line that was not ported
    Given the app is ready
    Then I look at the app in a debugger

  Scenario: a pending step
    Given a step nobody wrote yet

@ruled
Feature: Rules
  Background:
    Given a fresh notebook

  Rule: entries accumulate
    Background:
      Given I write "rule background"

    Example: one more
      When I write "one more"
      Then the notebook holds 2 entries

  @second
  Rule: another rule starts from the feature's background only
    Scenario Template: nothing but <what>
      Then the notebook holds <n> entries

      Examples:
        | what       | n |
        | background | 0 |

-- Deliberately fails, to check that reports name the failing step:
--   fscript scripts/examples/failing_example.lua --report junit:out.xml   (exit code 1;
--   out.xml has <failure message="Then I should see &quot;This text is not on any screen&quot;: Expected …">)
scenario("a step that cannot pass", { validation = 0.5 }, function()
  Given "I should see \"Log In\""
  Then "I should see \"This text is not on any screen\""
end)

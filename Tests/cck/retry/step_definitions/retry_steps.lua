-- The CCK's retry sample (devkit/samples/retry/retry.ts), in Lua: the counters live across attempts.
step("a step that always passes", function()
  -- no-op
end)

local second_time_pass = 0
step("a step that passes the second time", function()
  second_time_pass = second_time_pass + 1
  if second_time_pass < 2 then error("Exception in step", 0) end
end)

local third_time_pass = 0
step("a step that passes the third time", function()
  third_time_pass = third_time_pass + 1
  if third_time_pass < 3 then error("Exception in step", 0) end
end)

step("a step that always fails", function()
  error("Exception in step", 0)
end)

-- The app scripts/bench_waits.lua drives: "Animate" runs a 50 ms animation and then shows "done"; "Fetch" asks
-- the backend (BACKEND_URL) and shows "done" when the answer arrives; "Clear" hides it again at once.
return {
  name = "Waits",
  screens = {
    main = screen{ title = "Waits",
      label{ id = "result", text = "idle" },
      button{ title = "Animate", on_touch = function(app)
        app:animate{ view = app:view("result"), what = "bench animation", duration = 0.05,
          on_done = function(a) a:view("result").text = "done" end }
      end },
      button{ title = "Fetch", on_touch = function(app)
        app:request{ method = "GET", url = app.env.BACKEND_URL, path = "/slow",
          on_response = function(a) a:view("result").text = "done" end }
      end },
      button{ title = "Clear", on_touch = function(app) app:view("result").text = "idle" end },
    },
  },
}
